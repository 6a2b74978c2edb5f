#!/usr/bin/env bash
# Prints the size of the release .wasm, raw and gzipped, and where its bytes go
# (sections, code by crate, the data section's parts); fails above the budget.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The enforced budget: 1,000 KB gzipped, set when the bundle was 919 KB. The
# page's targets are lower (600 KB on the critical path, 850 KB in all) and
# not yet met; the breakdown below says what stands in the way.
budget_gzip_kb="${TOOLCHECK_WASM_BUDGET_KB:-1000}"
target_critical_kb=600
target_total_kb=850
wasm="$(ls "$root"/dist/*_bg.wasm 2>/dev/null | head -n 1)"
if [ -z "$wasm" ]; then
  echo "bundle-report: no .wasm in dist/; run trunk build --release first" >&2
  exit 1
fi
raw=$(stat -c %s "$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
js=$(cat "$root"/dist/toolcheck-web-*.js | wc -c)
printf 'wasm: %d KB raw, %d KB gzipped (budget %d KB gzipped); JS glue: %d KB\n' \
  $((raw / 1024)) $((gz / 1024)) "$budget_gzip_kb" $((js / 1024))
# The rules' docs, loaded only when a rule's docs are opened: off the
# critical path, but part of every chunk.
docs="$root/dist/rule-docs.js"
docs_gz=0
if [ -f "$docs" ]; then docs_gz=$(gzip -9 -c "$docs" | wc -c); fi
# The whole wasm is on the critical path.
printf 'critical path: %d KB gzipped (target %d KB); every chunk: %d KB gzipped (target %d KB), with the rule docs (%d KB gzipped, loaded on demand)\n\n' \
  $((gz / 1024)) "$target_critical_kb" $(((gz + docs_gz) / 1024)) "$target_total_kb" $((docs_gz / 1024))

# The wasm before wasm-opt still has its name section, which twiggy reads.
unoptimised="$root/target/wasm32-unknown-unknown/web/toolcheck-web.wasm"
if command -v twiggy >/dev/null && [ -f "$unoptimised" ]; then
  csv="$(mktemp)"
  twiggy top -n 1000000 --format csv "$unoptimised" > "$csv"
  node "$root/scripts/bundle-breakdown.mjs" "$wasm" "$unoptimised" "$csv"
  rm -f "$csv"
else
  echo "(no twiggy or no $unoptimised: the code by crate is left out)"
  node "$root/scripts/bundle-breakdown.mjs" "$wasm"
fi

if [ $((gz / 1024)) -gt "$budget_gzip_kb" ]; then
  echo "bundle-report: the wasm bundle is over its budget" >&2
  exit 1
fi
