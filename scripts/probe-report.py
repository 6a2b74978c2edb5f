#!/usr/bin/env python3
"""How long `toolcheck probe` takes, and what it holds, as a server's tools
grow and its calls add up. The release CLI probes the probe's fixture
server, whose read-only tools answer at once, so the time is the probe's
own: starting the server, making the cases, the calls, the report.

- 20 read-only tools, every case called: the wall time (the issue's bound is
  5 s beyond the server's own time; a report, not a gate).
- 200 tools, with --max-calls 100, 1,000 and 3,000: the peak resident
  memory. The memory is a bound: it exits 1 when the peak after 3,000 calls
  is more than 10% over the peak after 1,000 (what a probe holds must not
  grow with its calls).

Usage: scripts/probe-report.py [TOOLCHECK_BINARY]
"""

import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target/release/toolcheck")
SERVER = ["node", str(ROOT / "crates/cli/tests/fixtures/probe-test-server.mjs")]
GROWTH_BOUND = 0.10


def probe(tools: int, max_calls: int) -> tuple[float, int, str]:
    """Wall seconds, the probe's peak resident memory in KiB, and its last line."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    run = subprocess.run(
        [BINARY, "probe", "--no-config", "--max-calls", str(max_calls), "--per-tool", "100",
         "--stdio", "--", *SERVER, "--many", str(tools)],
        capture_output=True, text=True, check=False,
    )
    wall = time.perf_counter() - start
    if run.returncode != 0:
        sys.exit(f"probe-report: toolcheck probe exited {run.returncode}: {run.stderr}{run.stdout}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    # RUSAGE_CHILDREN is the largest child so far: run the small probes first.
    return wall, max(peak, before), run.stdout.strip().splitlines()[-1]


def main() -> None:
    # Every child measured here starts after the previous one ended; the
    # largest peak so far is what RUSAGE_CHILDREN reports, so each probe is
    # measured in a process of its own.
    if len(sys.argv) > 2:
        tools, max_calls = int(sys.argv[2]), int(sys.argv[3])
        wall, peak, last = probe(tools, max_calls)
        print(f"{wall:.3f} {peak} {last}")
        return
    def measured(tools: int, max_calls: int) -> tuple[float, int, str]:
        out = subprocess.run(
            [sys.executable, __file__, BINARY, str(tools), str(max_calls)],
            capture_output=True, text=True, check=True,
        ).stdout.split(" ", 2)
        return float(out[0]), int(out[1]), out[2].strip()

    wall, peak, last = measured(20, 1000)
    print(f"  20 read-only tools, every case called: {wall:.2f} s, peak {peak / 1024:.1f} MiB ({last})")
    peaks = {}
    for max_calls in (100, 1000, 3000):
        wall, peak, _ = measured(200, max_calls)
        peaks[max_calls] = peak
        print(f"  200 tools, {max_calls:>5} calls: {wall:.2f} s, peak {peak / 1024:.1f} MiB")
    growth = (peaks[3000] - peaks[1000]) / peaks[1000]
    print(f"  memory from 1,000 to 3,000 calls: {growth:+.1%} (the bound is +{GROWTH_BOUND:.0%})")
    if growth > GROWTH_BOUND:
        sys.exit("probe-report: the probe's memory grows with its calls")


if __name__ == "__main__":
    main()
