#!/usr/bin/env python3
"""What a fix costs, in checks of the same text.

Times `toolcheck check` and `toolcheck fix --unsafe-fixes --against all --strict`
(medians of N runs, N=10 unless set) with the release binary, on the generated
5,000-tool lists (plain and nested), the large real capture
(crates/core/resources/large) and every corpus capture, each pretty-printed and on
one line, and prints the fix's cost as a number of checks of wall time (the
bound is 3), and its CPU time (user and system: the fix uses a thread per
core) as a number of checks' CPU time.

    cargo build --release -p toolcheck-cli -p toolcheck --example generate
    scripts/fix-report.py            # N=3 for a quick look
"""
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "target/release/toolcheck"
GENERATE = ROOT / "target/release/examples/generate"
N = int(os.environ.get("N", "10"))
SETTINGS = ["--against", "all", "--strict"]


def median(args):
    """The medians of the wall time and of the CPU time (user and system)."""
    times, cpu = [], []
    for _ in range(N):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([BIN, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times), statistics.median(cpu)


def inputs(tmp):
    for name, extra in (("generated-5000", []), ("generated-5000-nested", ["nested"])):
        path = tmp / f"{name}.json"
        path.write_bytes(subprocess.run([GENERATE, "5000", *extra], check=True, capture_output=True).stdout)
        yield name, path
    yield "ms-365-mcp-server", ROOT / "crates/core/resources/large/ms-365-mcp-server.tools-list.json"
    for path in sorted((ROOT / "crates/core/resources/corpus").glob("*.json")):
        yield path.name.removesuffix(".tools-list.json"), path


def main():
    if not BIN.exists() or not GENERATE.exists():
        sys.exit("build first: cargo build --release -p toolcheck-cli -p toolcheck --example generate")
    worst = 0.0
    print(f"{'input':44} {'layout':8} {'check s':>8} {'fix s':>8} {'checks':>7} {'fix cpu s':>10} {'in cpu':>7}")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for name, path in inputs(tmp):
            one_line = tmp / f"{name}.one-line.json"
            one_line.write_text(json.dumps(json.loads(path.read_text()), separators=(",", ":"), ensure_ascii=False))
            for layout, file in (("pretty", path), ("one line", one_line)):
                check, check_cpu = median(["check", *SETTINGS, "--format", "concise", str(file)])
                fix, fix_cpu = median(["fix", "--unsafe-fixes", *SETTINGS, str(file)])
                worst = max(worst, fix / check)
                print(
                    f"{name:44} {layout:8} {check:8.3f} {fix:8.3f} {fix / check:7.2f}"
                    f" {fix_cpu:10.3f} {fix_cpu / check_cpu:7.2f}",
                    flush=True,
                )
    print(f"most: {worst:.2f} checks (bound: 3)")


if __name__ == "__main__":
    main()
