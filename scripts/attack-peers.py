#!/usr/bin/env python3
"""Side by side with a peer: the Agent Threat Rules (PyPI `pyatr`, MIT) and
Toolcheck on the same attack fixtures, near misses and corpus.

Reads the items Toolcheck judged (`cargo run -p toolcheck --example recall --
--items`, one JSON line each) from standard input, runs pyatr on every text a
model reads in each item (descriptions, titles, enum, default and examples
strings), and prints both tools' rows. `scripts/attack-peers.sh` sets up the
throwaway venv and pipes the two together; the test command does not run it.
"""
import collections
import json
import pathlib
import sys

import pyatr

ROOT = pathlib.Path(__file__).resolve().parent.parent
RESOURCES = ROOT / "crates/core/resources"
ERROR_CATEGORIES = ["exfiltration", "redirect", "safety_off", "override", "credential_ask", "config_change", "remote_code"]


def texts(obj):
    """Every string a model reads in an item."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key in ("description", "title") and isinstance(value, str):
                yield value
            elif key in ("enum", "examples") and isinstance(value, list):
                yield from (v for v in value if isinstance(v, str))
            elif key in ("default", "const") and isinstance(value, str):
                yield value
            elif key != "name":
                yield from texts(value)
    elif isinstance(obj, list):
        for value in obj:
            yield from texts(value)


def items(path):
    """Every item of a capture by name, with its texts."""
    doc = json.loads(path.read_text())
    result = doc.get("result", doc)
    out = {}
    for tool in result.get("tools", []):
        out[tool.get("name")] = list(texts(tool))
    capture = result.get("_meta", {}).get("dev.toolcheck/capture", {})
    if "instructions" in capture:
        out["instructions"] = [capture["instructions"]]
    for kind in ("prompts", "resources", "resourceTemplates"):
        for item in capture.get(kind, []):
            out[item.get("name")] = list(texts(item))
    return out


ENGINE = pyatr.ATREngine()


def atr(strings):
    """pyatr's heaviest severity over the strings, or None. Each string is
    offered as every field its rules read (user input, a tool's description,
    a tool's response, its arguments), so that every rule has its chance."""
    order = {"critical": 0, "high": 1, "medium": 2, "low": 3}
    best = None
    for s in strings:
        event = pyatr.AgentEvent(
            content=s,
            event_type="llm_input",
            fields={"user_input": s, "tool_description": s, "tool_response": s, "tool_args": s},
        )
        for m in ENGINE.evaluate(event):
            if best is None or order.get(m.severity, 9) < order.get(best, 9):
                best = m.severity
    return best


def main():
    ENGINE.load_default_rules()
    judged = [json.loads(line) for line in sys.stdin if line.strip()]
    texts_of = {}
    rows = collections.defaultdict(lambda: collections.Counter())
    near = collections.Counter()
    corpus = collections.Counter()
    for item in judged:
        folder = RESOURCES / ("corpus" if item["corpus"] else "fixtures/security/requests")
        path = folder / item["file"]
        if path not in texts_of:
            texts_of[path] = items(path)
        strings = texts_of[path].get(item["name"], [])
        theirs = atr(strings)
        ours = item["severity"]
        name = item["name"]
        if item["corpus"]:
            corpus["tools"] += 1
            corpus["atr any"] += theirs is not None
            corpus["atr high"] += theirs in ("critical", "high")
            corpus["toolcheck warning+"] += ours in ("error", "warning")
            continue
        attack = name.startswith("bad_") or (name == "instructions" and "attacks" in item["file"])
        if attack:
            category = "exfiltration" if name == "instructions" else name[4:name.rfind("_")]
            row = rows[category]
            row["attacks"] += 1
            row["toolcheck error"] += ours == "error"
            row["toolcheck warning"] += ours == "warning"
            row["atr critical/high"] += theirs in ("critical", "high")
            row["atr medium/low"] += theirs in ("medium", "low")
        elif name.startswith("ok_") or name == "instructions":
            near["items"] += 1
            near["toolcheck above info"] += ours in ("error", "warning")
            near["atr any"] += theirs is not None
    print("| category | attacks | Toolcheck error | Toolcheck warning | ATR critical/high | ATR medium/low |")
    print("|---|---|---|---|---|---|")
    total = collections.Counter()
    for category in sorted(rows):
        r = rows[category]
        total.update(r)
        print(f"| {category} | {r['attacks']} | {r['toolcheck error']} | {r['toolcheck warning']} | {r['atr critical/high']} | {r['atr medium/low']} |")
    print(f"| all | {total['attacks']} | {total['toolcheck error']} | {total['toolcheck warning']} | {total['atr critical/high']} | {total['atr medium/low']} |")
    print()
    print(f"Near misses flagged: Toolcheck {near['toolcheck above info']} of {near['items']} (above info); ATR {near['atr any']} of {near['items']} (any match).")
    print(f"Corpus tools flagged: Toolcheck {corpus['toolcheck warning+']} of {corpus['tools']} (warning or error); ATR {corpus['atr any']} of {corpus['tools']} (any match), {corpus['atr high']} at critical or high.")


if __name__ == "__main__":
    main()
