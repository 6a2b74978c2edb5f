#!/usr/bin/env bash
# Fills corpus/check and corpus/result with seeds from the real captures in
# ../resources/corpus (or $TOOLCHECK_CORPUS) and the rule fixtures. Each seed
# starts with the byte(s) the targets read first (see fuzz_targets/).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
resources="$here/../resources"
shared="${TOOLCHECK_CORPUS:-$resources/corpus}"
mkdir -p "$here/corpus/check" "$here/corpus/result"

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
echo "seeded: $(ls "$here/corpus/check" | wc -l) check, $(ls "$here/corpus/result" | wc -l) result"
