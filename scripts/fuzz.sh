#!/usr/bin/env bash
# Seeds and runs one fuzz target of crates/core/fuzz on one core, then prints
# libFuzzer's final statistics (executions, coverage, corpus size).
#   scripts/fuzz.sh TARGET SECONDS
# Targets: check result fix cases diff server_text probe_judge (see
# crates/core/fuzz/README.md). Needs the nightly toolchain and cargo-fuzz
# (installed from crates.io if missing). Not part of the test command.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target="${1:?usage: scripts/fuzz.sh TARGET SECONDS}"
seconds="${2:-600}"
fuzz="$root/crates/core/fuzz"
grep -q "^name = \"$target\"$" "$fuzz/Cargo.toml" || { echo "fuzz.sh: no target $target" >&2; exit 2; }
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz > /dev/null || cargo install cargo-fuzz --locked
cd "$fuzz"
[ -d "corpus/$target" ] && [ -n "$(ls -A "corpus/$target")" ] || ./seed.sh
case "$target" in
  cases|result) max_len=16384 ;;
  *) max_len=65536 ;;
esac
cargo +nightly fuzz run -O "$target" -- \
  -max_total_time="$seconds" -max_len="$max_len" -dict=json.dict -print_final_stats=1
