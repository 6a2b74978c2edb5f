#!/usr/bin/env python3
"""How long `toolcheck probe` takes, and what it holds, as a server's tools
grow and its calls add up. The release CLI probes the probe's fixture
server, whose read-only tools answer at once, so the time is the probe's
own: starting the server, making the cases, the calls, the report.

- 20 read-only tools, every case called: the wall time (the issue's bound is
  5 s beyond the server's own time; a report, not a gate).
- 200 tools, with --max-calls 100, 1,000 and 3,000: the probe's own peak
  resident memory (not its server's). The memory is a bound: it exits 1 when the peak after 3,000 calls
  is more than 10% over the peak after 1,000 (what a probe holds must not
  grow with its calls).

Usage: scripts/probe-report.py [TOOLCHECK_BINARY]
"""

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target/release/toolcheck")
SERVER = ["node", str(ROOT / "crates/cli/tests/fixtures/probe-test-server.mjs")]
GROWTH_BOUND = 0.10


def probe(tools: int, max_calls: int) -> tuple[float, int, str]:
    """Wall seconds, the probe's own peak resident memory in KiB (VmHWM,
    read from /proc while it runs: the server it starts is a process of its
    own, and is not counted), and its last line."""
    start = time.perf_counter()
    run = subprocess.Popen(
        [BINARY, "probe", "--no-config", "--max-calls", str(max_calls), "--per-tool", "100",
         "--stdio", "--", *SERVER, "--many", str(tools)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    peak = 0
    status = Path(f"/proc/{run.pid}/status")
    while run.poll() is None:
        try:
            for line in status.read_text().splitlines():
                if line.startswith("VmHWM:"):
                    peak = max(peak, int(line.split()[1]))
        except OSError:
            pass
        time.sleep(0.002)
    out, err = run.communicate()
    wall = time.perf_counter() - start
    if run.returncode != 0:
        sys.exit(f"probe-report: toolcheck probe exited {run.returncode}: {err}{out}")
    return wall, peak, out.strip().splitlines()[-1]


def main() -> None:
    wall, peak, last = probe(20, 1000)
    print(f"  20 read-only tools, every case called: {wall:.2f} s, peak {peak / 1024:.1f} MiB ({last})")
    peaks = {}
    for max_calls in (100, 1000, 3000):
        wall, peak, _ = probe(200, max_calls)
        peaks[max_calls] = peak
        print(f"  200 tools, {max_calls:>5} calls: {wall:.2f} s, peak {peak / 1024:.1f} MiB")
    growth = (peaks[3000] - peaks[1000]) / peaks[1000]
    print(f"  memory from 1,000 to 3,000 calls: {growth:+.1%} (the bound is +{GROWTH_BOUND:.0%})")
    if growth > GROWTH_BOUND:
        sys.exit("probe-report: the probe's memory grows with its calls")


if __name__ == "__main__":
    main()
