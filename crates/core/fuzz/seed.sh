#!/usr/bin/env bash
# Fills corpus/TARGET for every target with seeds from the real captures in
# ../resources/corpus (or $TOOLCHECK_CORPUS) and the fixtures. Each seed
# starts with the byte(s) the targets read first (see fuzz_targets/).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
resources="$here/../resources"
shared="${TOOLCHECK_CORPUS:-$resources/corpus}"
for t in check result fix cases diff server_text probe_judge; do mkdir -p "$here/corpus/$t"; done

# check: byte 0 = settings (0x00 MCP only, 0x07 all targets + strict + 2025-06-18,
# 0x13 all targets + 2026-07-28).
seed_check() { # file name
  for b in 00 07 13; do
    { printf "\\x$b"; cat "$1"; } > "$here/corpus/check/$2-$b"
  done
}
for f in "$resources"/fixtures/*/* "$resources"/sample/tools-list.json; do
  [ -f "$f" ] || continue
  seed_check "$f" "$(basename "$(dirname "$f")")-$(basename "$f")"
done
if [ -d "$shared" ]; then
  for f in "$shared"/*.json; do
    seed_check "$f" "corpus-$(basename "$f")"
  done
  # One seed per tool of each real capture, so seeds stay small.
  if command -v python3 >/dev/null; then
    python3 - "$shared" "$here/corpus/check" <<'PY'
import json, pathlib, sys
src, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
for f in sorted(src.glob("*.json")):
    doc = json.loads(f.read_text())
    tools = doc.get("result", doc).get("tools", []) if isinstance(doc, dict) else doc
    for i, tool in enumerate(tools):
        body = json.dumps({"tools": [tool]}).encode()
        (out / f"tool-{f.stem}-{i}").write_bytes(bytes([i % 24]) + body)
PY
  fi
fi

# result: byte 0 = settings, byte 1 < 10 = a built-in capture's tool, then the result.
for i in 0 1 2 3 4 5 6 7; do
  { printf "\\x00\\x0$i"; cat "$resources/sample/get-order-result.json"; } > "$here/corpus/result/sample-$i"
  { printf "\\x13\\x0$i"; sed -n "$((i + 4))p" "$resources/fixtures/result/transcript.jsonl"; } > "$here/corpus/result/line-$i"
done
{ printf "\\x07\\x0a"; cat "$resources/fixtures/result/tools.json"; printf "\\xff"; printf "list_orders"; printf "\\xff"; cat "$resources/fixtures/result/transcript.jsonl"; } > "$here/corpus/result/transcript"
{ printf "\\x00\\x0a"; cat "$resources/sample/tools-list.json"; printf "\\xffget_order\\xff"; cat "$resources/sample/get-order-result.json"; } > "$here/corpus/result/explicit"

# fix: the seeds of check (the same layout).
cp "$here"/corpus/check/* "$here/corpus/fix/"

# The other targets' seeds, made from the same files.
python3 - "$resources" "$shared" "$here/corpus" << 'PY'
import json, pathlib, sys
resources, shared, out = (pathlib.Path(p) for p in sys.argv[1:])

def tools_of(path):
    try:
        doc = json.loads(path.read_text())
    except (ValueError, UnicodeDecodeError):
        return []
    tools = doc.get("result", doc).get("tools", []) if isinstance(doc, dict) else doc
    return [t for t in tools if isinstance(t, dict)] if isinstance(tools, list) else []

captures = sorted(shared.glob("*.json")) + sorted(resources.glob("fixtures/*/*.json")) + [resources / "sample/tools-list.json"]
tools = [t for f in captures for t in tools_of(f)]

# cases: byte 0 = seed, then an inputSchema.
for i, tool in enumerate(tools):
    schema = tool.get("inputSchema")
    if isinstance(schema, dict):
        (out / "cases" / f"schema-{i}").write_bytes(bytes([i % 4]) + json.dumps(schema).encode())

# diff: old 0xFF new. The diff fixtures, and each capture against itself
# with its last tool removed.
for d in sorted(resources.glob("fixtures/diff/*")):
    (out / "diff" / f"fixture-{d.name}").write_bytes((d / "old.json").read_bytes() + b"\xff" + (d / "new.json").read_bytes())
for f in captures[:60]:
    t = tools_of(f)
    if t:
        old = json.dumps({"tools": t}).encode()
        new = json.dumps({"tools": t[:-1]}).encode()
        (out / "diff" / f"capture-{f.stem}").write_bytes(old + b"\xff" + new)

# server_text: byte 0 = settings, byte 1 = envelope (0 as it is, 1
# instructions, 2 prompts, 3 resources, 4 templates, 5 transcript lines,
# 6 a capture's record).
texts = sorted(resources.glob("fixtures/formats/*")) + sorted(resources.glob("fixtures/security/requests/*.json"))
for f in texts + sorted(resources.glob("fixtures/revision/*.jsonl")):
    (out / "server_text" / f"as-is-{f.name}").write_bytes(b"\x00\x00" + f.read_bytes())
for f in texts:
    try:
        doc = json.loads(f.read_text())
    except ValueError:
        continue
    result = doc.get("result", doc) if isinstance(doc, dict) else {}
    for kind, key in [(2, "prompts"), (3, "resources"), (4, "resourceTemplates")]:
        if isinstance(result, dict) and key in result:
            (out / "server_text" / f"{key}-{f.stem}").write_bytes(bytes([0x13, kind]) + json.dumps(result[key]).encode())
    if isinstance(result, dict) and isinstance(result.get("instructions"), str):
        (out / "server_text" / f"instructions-{f.stem}").write_bytes(b"\x13\x01" + result["instructions"].encode())
# probe_judge: byte 0 = protocol and endings, then a tool 0xFF its answers.
answers = [
    {"result": {"content": [{"type": "text", "text": "ok"}]}},
    {"result": {"content": [{"type": "text", "text": "1 validation error for call[t]\nid\n  Field required"}], "isError": True}},
    {"result": {"content": [{"type": "text", "text": "Invalid input."}], "isError": True}},
    {"error": {"code": -32602, "message": "Invalid params: q is required"}},
    {"result": {"content": [{"type": "text", "text": "{\"a\": 1}"}], "structuredContent": {"a": "1"}}},
]
lines = "\n".join(json.dumps({"jsonrpc": "2.0", "id": 1, **a}) for a in answers).encode()
for i, tool in enumerate(tools[:300]):
    (out / "probe_judge" / f"tool-{i}").write_bytes(bytes([i % 8]) + json.dumps(tool).encode() + b"\xff" + lines)
PY
for t in check result fix cases diff server_text probe_judge; do
  printf '%s %s\n' "$(ls "$here/corpus/$t" | wc -l)" "$t"
done
