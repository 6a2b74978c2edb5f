#!/usr/bin/env bash
# Runs every check and test: formatting, clippy (native and wasm32), unit,
# snapshot and CLI tests (toolcheck mcp's among them), the release build with
# its bundle-size budget, the release CLI's peak memory on 5,000 tools,
# toolcheck mcp over 1,000 calls, toolcheck probe's time and memory, the wheel, the pre-commit hook and the
# GitHub Action (scripts/test-workflow.sh), the npm package
# (scripts/test-npm.sh), and the browser tests in headless Chromium against
# the web build.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/scripts/setup.sh"
cd "$root"

# Each step's time, printed at the end: CONTRIBUTING.md's table of where the time goes.
timings=()
step_name=""
step_started=$SECONDS
end_step() {
  [ -n "$step_name" ] && timings+=("$(printf '%5ds  %s' $((SECONDS - step_started)) "$step_name")")
  return 0
}
step() {
  end_step
  step_name="$*"
  step_started=$SECONDS
  printf '\n\033[1m==> %s\033[0m\n' "$*"
}

step "cargo fmt --check"
cargo fmt --all -- --check

step "clippy (native)"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "clippy (wasm32: the core, the page, its worker and the npm package's engine, each with its own features)"
cargo clippy -p toolcheck -p toolcheck-worker --target wasm32-unknown-unknown --locked -- -D warnings
cargo clippy -p toolcheck-web --target wasm32-unknown-unknown --locked -- -D warnings
cargo clippy -p toolcheck-node -p toolcheck-config --target wasm32-unknown-unknown --locked -- -D warnings

step "unit, snapshot and CLI tests"
cargo test --workspace --locked

step "the findings digest with the page's regex engine (regex-lite)"
# The page's module reads the rules' patterns with regex-lite; the CLI with
# regex. Both must give the same findings on every input. (The toxic flows,
# which the page's build leaves out, are kept: the digest holds their findings.)
cargo test -p toolcheck --no-default-features --features fixes,docs,schema,heavy-rules,flows --locked --test findings_digest

step "the attack detector's recall report (fixtures, near misses and the corpus)"
# The table of crates/core/tests/attack_recall.rs, whose bounds that test
# enforces: caught at error, at warning, missed, by category.
cargo run -q --locked -p toolcheck --example recall

step "release build of the web app"
trunk build --release

step "bundle size"
"$root/scripts/bundle-report.sh"

step "generated tool lists for the browser measurements"
mkdir -p target/generated
for n in 1000 5000; do
  cargo run -q --locked -p toolcheck --example generate -- "$n" > "target/generated/tools-$n.json"
done

step "peak memory of the release CLI on 5,000 tools (a report, not a gate)"
"$root/scripts/memory-report.sh"

step "toolcheck mcp: 1,000 calls on the GitHub capture (the time a report, the memory a bound)"
python3 "$root/scripts/mcp-report.py"

step "toolcheck probe: 20 tools' time, and its memory over 3,000 calls (the time a report, the memory a bound)"
python3 "$root/scripts/probe-report.py"

step "the npm package (wasm for Node)"
"$root/scripts/test-npm.sh"

step "the wheel, the pre-commit hook and the GitHub Action"
"$root/scripts/test-workflow.sh"

step "browser tests (headless Chromium, release build)"
(cd "$root/tests" && npx playwright test)

end_step
printf '\n\033[1m==> time by step\033[0m\n'
printf '%s\n' "${timings[@]}"
printf '%5ds  in all\n' "$SECONDS"
