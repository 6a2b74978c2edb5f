#!/usr/bin/env python3
"""The test files `toolcheck probe --dry-run --export pytest|vitest` writes,
run against the probe's fixture server: on the mended server every case
passes; on the planted one, the cases that fail are exactly the cases on
which `toolcheck probe` itself reports a warning or an error.

    probe-exports.py TOOLCHECK pytest PYTHON     (a Python with mcp and pytest)
    probe-exports.py TOOLCHECK vitest DIR        (a project with vitest and
                                                  @modelcontextprotocol/sdk)
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVER = ["node", str(ROOT / "crates/cli/tests/fixtures/probe-test-server.mjs")]
CASE = re.compile(r"`((?:valid|[a-z-]+):[^`]+)`")


def die(message: str) -> None:
    print(f"probe-exports: {message}", file=sys.stderr)
    sys.exit(1)


def probe_verdicts(toolcheck: str) -> set[tuple[str, str]]:
    """(tool, case) of every finding of the probe at warning or error."""
    run = subprocess.run(
        [toolcheck, "probe", "--format", "json", "--no-config", "--stdio", "--", *SERVER],
        capture_output=True, text=True, check=False,
    )
    if run.returncode not in (0, 1):
        die(f"toolcheck probe exited {run.returncode}: {run.stderr}")
    found = set()
    for f in json.loads(run.stdout)["findings"]:
        if f["severity"] == "info":
            continue
        case = CASE.search(f["message"])
        if not case:
            die(f"a finding names no case: {f['message']}")
        found.add((f["tool"], case.group(1)))
    return found


def export(toolcheck: str, kind: str, to: Path) -> None:
    run = subprocess.run(
        [toolcheck, "probe", "--dry-run", "--export", kind, "--no-config", "--stdio", "--", *SERVER],
        capture_output=True, text=True, check=False,
    )
    if run.returncode != 0:
        die(f"toolcheck probe --export {kind} exited {run.returncode}: {run.stderr}")
    to.write_text(run.stdout)


def split(test_id: str) -> tuple[str, str]:
    tool, _, case = test_id.partition(":")
    return tool, case


def run_pytest(python: str, file: Path, server: list[str]) -> tuple[Counter, set]:
    report = file.with_suffix(".xml")
    env = {**os.environ, "TOOLCHECK_SERVER": " ".join(server)}
    subprocess.run(
        [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={report}", str(file)],
        cwd=file.parent, env=env, capture_output=True, text=True, check=False,
    )
    outcomes, failed = Counter(), set()
    for case in ET.parse(report).getroot().iter("testcase"):
        test_id = re.search(r"\[(.*)\]$", case.get("name", "")).group(1)
        if case.find("failure") is not None or case.find("error") is not None:
            outcomes["failed"] += 1
            failed.add(split(test_id))
        elif case.find("skipped") is not None:
            outcomes["skipped"] += 1
        else:
            outcomes["passed"] += 1
    return outcomes, failed


def run_vitest(project: Path, file: Path, server: list[str]) -> tuple[Counter, set]:
    env = {**os.environ, "TOOLCHECK_SERVER": " ".join(server)}
    run = subprocess.run(
        ["npx", "--no-install", "vitest", "run", file.name, "--reporter=json"],
        cwd=project, env=env, capture_output=True, text=True, check=False,
    )
    start = run.stdout.find("{")
    if start < 0:
        die(f"vitest wrote no report: {run.stdout}{run.stderr}")
    outcomes, failed = Counter(), set()
    for result in json.loads(run.stdout[start:])["testResults"]:
        for case in result["assertionResults"]:
            status = {"pending": "skipped"}.get(case["status"], case["status"])
            outcomes[status] += 1
            if status == "failed":
                failed.add(split(case["title"]))
    return outcomes, failed


MESSAGES = ROOT / "crates/core/resources/validator-messages"


def judge_messages(kind: str, file: Path) -> int:
    """Runs the exported file's `names` on every fixture message; dies on a
    verdict other than the fixture's. The number of messages judged."""
    cases = [c for f in sorted(MESSAGES.glob("*.json")) for c in json.loads(f.read_text())["cases"]]
    text = file.read_text()
    if kind == "pytest":
        start = text.index("NAMING = ")
        end = text.index("\n\n\n", text.index("def names"))
        scope = {"re": re}
        exec(text[start:end], scope)  # noqa: S102 (the file toolcheck wrote)
        verdicts = [scope["names"](c["message"], c["argument"]) for c in cases]
    else:
        start = text.index("const NAMING")
        end = text.index("};", text.index("const names")) + 2
        code = text[start:end].replace("(message: string, path: string)", "(message, path)")
        script = code + "\nconst cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n" \
            "process.stdout.write(JSON.stringify(cases.map((c) => names(c.message, c.argument))));"
        run = subprocess.run(["node", "-e", script], input=json.dumps(cases), capture_output=True, text=True, check=False)
        if run.returncode != 0:
            die(f"the {kind} file's names(): {run.stderr}")
        verdicts = json.loads(run.stdout)
    wrong = [(c["layout"], c["message"][:80]) for c, v in zip(cases, verdicts) if v != c["names"]]
    if wrong:
        die(f"the {kind} file judges these messages otherwise than the probe: {wrong}")
    return len(cases)


def main() -> None:
    toolcheck, kind, where = sys.argv[1:4]
    expected = probe_verdicts(toolcheck)
    if not expected:
        die("the probe found nothing on the planted server")
    with tempfile.TemporaryDirectory() as tmp:
        if kind == "pytest":
            file = Path(tmp) / "test_tool_calls.py"
            export(toolcheck, kind, file)
            judged = judge_messages(kind, file)
            run = lambda server: run_pytest(where, file, server)  # noqa: E731
        else:
            project = Path(where)
            file = project / "tool-calls.test.ts"
            export(toolcheck, kind, file)
            judged = judge_messages(kind, file)
            run = lambda server: run_vitest(project, file, server)  # noqa: E731
        mended, mended_failed = run([*SERVER, "--fixed"])
        if mended_failed or mended["passed"] == 0:
            die(f"{kind} on the mended server: {dict(mended)}, failed {sorted(mended_failed)}")
        planted, failed = run(SERVER)
        if kind == "vitest":
            file.unlink()
    if failed != expected:
        die(
            f"{kind} on the planted server failed other cases than the probe reports:\n"
            f"  only in {kind}: {sorted(failed - expected)}\n"
            f"  only in the probe: {sorted(expected - failed)}"
        )
    print(
        f"{kind}: mended server {dict(mended)}; planted server {dict(planted)}, "
        f"the {len(failed)} failures are the probe's {len(expected)} findings at warning or error; "
        f"{judged} validator messages judged as the probe judges them"
    )


if __name__ == "__main__":
    main()
