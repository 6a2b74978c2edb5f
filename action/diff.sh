#!/usr/bin/env bash
# The action's diff mode (INPUT_BASELINE set): `toolcheck diff BASELINE FILE`
# on the one file of INPUT_FILES, three times over the same inputs:
#   - SARIF to INPUT_SARIF_FILE, for code scanning;
#   - the Markdown diff appended to the job summary;
#   - workflow-command annotations on standard output, whose exit status is
#     the step's: 1 when a change at or above INPUT_DIFF_FAIL_ON exists
#     (default breaking), 2 when a capture cannot be read.
# Outputs: exit-code, sarif-file.
set -euo pipefail
# shellcheck source=common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

[ -n "${INPUT_BASELINE:-}" ] || fail "diff mode needs the baseline input"
[ -e "$INPUT_BASELINE" ] || fail "the baseline '$INPUT_BASELINE' does not exist"
expand_files
[ ${#files[@]} -eq 1 ] || fail "diff mode compares one file with the baseline; files gave ${#files[@]}: ${files[*]}"
sarif="${INPUT_SARIF_FILE:-toolcheck.sarif}"
mkdir -p "$(dirname "$sarif")"

args=(diff "$INPUT_BASELINE" "${files[0]}" --fail-on "${INPUT_DIFF_FAIL_ON:-breaking}")

report "$sarif" "${args[@]}"
