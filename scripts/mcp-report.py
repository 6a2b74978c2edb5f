#!/usr/bin/env python3
"""How `toolcheck mcp` serves a long session: the release server answers
1,000 `check_tool_definitions` calls on the GitHub capture in a row.

Reports the time from sending a call to reading its answer (median, 95th
percentile, slowest) and the server's resident memory after the first 10
calls and after all of them. The time is a report; the memory is a bound:
it exits 1 when the memory grew by more than 10% (a leak).

Usage: scripts/mcp-report.py [TOOLCHECK_BINARY] [CALLS]
"""

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target/release/toolcheck")
CALLS = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
CAPTURE = "crates/core/resources/corpus/github-mcp-server.tools-list.json"
WARM = 10
GROWTH_BOUND = 0.10


def rss_kib(pid):
    """The process's resident memory, from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc status")


def main():
    server = subprocess.Popen(
        [BINARY, "mcp"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    next_id = 0

    def request(method, params):
        nonlocal next_id
        next_id += 1
        server.stdin.write(json.dumps({"jsonrpc": "2.0", "id": next_id, "method": method, "params": params}) + "\n")
        server.stdin.flush()
        answer = json.loads(server.stdout.readline())
        if answer.get("id") != next_id or "error" in answer:
            raise RuntimeError(f"unexpected answer: {answer}")
        return answer["result"]

    request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "report", "version": "1"}})
    times = []
    warm_rss = None
    findings = None
    for call in range(1, CALLS + 1):
        start = time.perf_counter()
        result = request("tools/call", {"name": "check_tool_definitions", "arguments": {"path": CAPTURE}})
        times.append((time.perf_counter() - start) * 1000)
        if result.get("isError"):
            raise RuntimeError(result["content"][0]["text"])
        summary = result["structuredContent"]["summary"]
        if findings is None:
            findings = summary
        elif summary != findings:
            raise RuntimeError(f"call {call} gave {summary}, the first gave {findings}")
        if call == WARM:
            warm_rss = rss_kib(server.pid)
    end_rss = rss_kib(server.pid)
    server.stdin.close()
    server.wait(timeout=10)

    times.sort()
    growth = (end_rss - warm_rss) / warm_rss
    print(f"toolcheck mcp: {CALLS} calls of check_tool_definitions on {Path(CAPTURE).name} ({findings})")
    print(
        f"  time per call: median {statistics.median(times):.1f} ms, "
        f"95th percentile {times[int(len(times) * 0.95) - 1]:.1f} ms, slowest {times[-1]:.1f} ms"
    )
    print(
        f"  resident memory: {warm_rss / 1024:.1f} MiB after {WARM} calls, "
        f"{end_rss / 1024:.1f} MiB after {CALLS} ({growth:+.1%}; the bound is +{GROWTH_BOUND:.0%})"
    )
    if growth > GROWTH_BOUND:
        print(f"mcp-report: the memory grew by {growth:.1%}, more than {GROWTH_BOUND:.0%}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
