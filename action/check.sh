#!/usr/bin/env bash
# The action's check mode: `toolcheck check` on the files, three times over
# the same inputs (each run takes milliseconds):
#   - SARIF to INPUT_SARIF_FILE, for code scanning;
#   - the Markdown report appended to the job summary;
#   - workflow-command annotations on standard output, whose exit status is
#     the step's: 1 when a finding is at or above INPUT_FAIL_ON (or a
#     toolcheck.toml threshold is exceeded), 2 for a bad input or config.
# Inputs: INPUT_FILES, INPUT_AGAINST, INPUT_STRICT, INPUT_FAIL_ON,
# INPUT_CONFIG, INPUT_BASELINE_FINDINGS (a findings baseline: only the
# findings not in it are reported and fail), INPUT_LOCK (a lock of the
# approved definitions: any drift fails), INPUT_SARIF_FILE. An empty against or fail-on, and a strict
# that is not true, pass no flag, so the config's setting applies (the config
# is INPUT_CONFIG, or ./toolcheck.toml when present), else the CLI's default.
# Outputs: exit-code, sarif-file.
set -euo pipefail
# shellcheck source=common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

expand_files
case "${INPUT_STRICT:-}" in
  true | false | "") ;;
  *) fail "strict must be true or false, not '$INPUT_STRICT'" ;;
esac
sarif="${INPUT_SARIF_FILE:-toolcheck.sarif}"
mkdir -p "$(dirname "$sarif")"

# Several files are checked together, as one client's servers.
args=(check "${files[@]}")
[ -n "${INPUT_AGAINST:-}" ] && args+=(--against "$INPUT_AGAINST")
[ "${INPUT_STRICT:-}" = true ] && args+=(--strict)
[ -n "${INPUT_FAIL_ON:-}" ] && args+=(--fail-on "$INPUT_FAIL_ON")
[ -n "${INPUT_CONFIG:-}" ] && args+=(--config "$INPUT_CONFIG")
[ -n "${INPUT_BASELINE_FINDINGS:-}" ] && args+=(--baseline "$INPUT_BASELINE_FINDINGS")
[ -n "${INPUT_LOCK:-}" ] && args+=(--locked "$INPUT_LOCK")

report "$sarif" "${args[@]}"
