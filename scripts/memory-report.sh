#!/usr/bin/env bash
# Prints the peak resident memory of the release CLI checking the generated
# 5,000-tool list (target/generated/tools-5000.json), measured with
# `/usr/bin/time -v`, against ten times the input's size: the default check
# (MCP only) and every provider with strict mode, in each output format.
# A report, not a gate: it fails only when it cannot measure.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

input="target/generated/tools-5000.json"
if [ ! -f "$input" ]; then
  mkdir -p target/generated
  cargo run -q --locked -p toolcheck --example generate -- 5000 > "$input"
fi
"$root/scripts/release-cli.sh" > /dev/null
cli="target/release/toolcheck"

bytes=$(wc -c < "$input")
awk -v f="$input" -v b="$bytes" 'BEGIN { printf "input: %s, %d bytes; 10x is %.1f MB\n", f, b, b * 10 / 1e6 }'

# Peak resident memory in KiB, as /usr/bin/time reports it ("kbytes"). The
# CLI exits with 1 when it finds errors, which the list has.
peak() {
  { /usr/bin/time -v "$cli" check "$@" "$input" 2>&1 >/dev/null || true; } \
    | awk -F': ' '/Maximum resident set size/ {print $2}'
}

report() {
  local label=$1
  shift
  local kib
  kib=$(peak "$@")
  if [ -z "$kib" ]; then
    echo "memory-report: no measurement for $label" >&2
    exit 1
  fi
  awk -v l="$label" -v k="$kib" -v b="$bytes" \
    'BEGIN { printf "%-32s %7d KiB = %5.1f MB = %4.1fx the input\n", l, k, k * 1024 / 1e6, k * 1024 / b }'
}

report "MCP only, text" --format text
for format in text json markdown sarif github; do
  report "all providers + strict, $format" --against all --strict --format "$format"
done
