#!/usr/bin/env bash
# Prints the size of the release .wasm, raw and gzipped, and fails above the budget.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Measured: 919 KB gzipped (2,545 KB raw) with every rule, the result check and
# jsonschema's meta-schema validators; the budget is that plus under 10%.
budget_gzip_kb="${TOOLCHECK_WASM_BUDGET_KB:-1000}"
wasm="$(ls "$root"/dist/*_bg.wasm 2>/dev/null | head -n 1)"
if [ -z "$wasm" ]; then
  echo "bundle-report: no .wasm in dist/; run trunk build --release first" >&2
  exit 1
fi
raw=$(stat -c %s "$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
js=$(cat "$root"/dist/*.js | wc -c)
printf 'wasm: %d KB raw, %d KB gzipped (budget %d KB gzipped); JS glue: %d KB\n' \
  $((raw / 1024)) $((gz / 1024)) "$budget_gzip_kb" $((js / 1024))
if [ $((gz / 1024)) -gt "$budget_gzip_kb" ]; then
  echo "bundle-report: the wasm bundle is over its budget" >&2
  exit 1
fi
