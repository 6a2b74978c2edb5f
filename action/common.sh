# shellcheck shell=bash
# Shared by the action's scripts (sourced, not run): the checks on the inputs
# and the expansion of the `files` input. The inputs arrive as INPUT_*
# variables (action.yml passes them through `env:`, never into shell text).

# A message as a workflow-command error: an annotation on the run, and the
# line in the log.
fail() {
  echo "::error title=toolcheck action::$*"
  exit 2
}

# The `files` input: paths or globs, separated by any whitespace. Globs are
# expanded by bash (`**` crosses directories); one that matches nothing is an
# error, so a typo cannot turn the check into a check of nothing.
expand_files() {
  local words word matches
  [ -n "${INPUT_FILES//[[:space:]]/}" ] || fail "the files input is empty: give the captures to check"
  set -f                      # split on whitespace only, expand below
  # shellcheck disable=SC2206 # the split is wanted here
  words=($INPUT_FILES)
  set +f
  shopt -s nullglob globstar
  files=()
  for word in "${words[@]}"; do
    # shellcheck disable=SC2206 # the glob expansion is wanted here
    matches=($word)
    if [ ${#matches[@]} -eq 0 ] || [ ! -e "${matches[0]}" ]; then
      fail "no file matches '$word'"
    fi
    files+=("${matches[@]}")
  done
  shopt -u nullglob globstar
}

# Appends a report to the job summary, when there is one (not in a local run).
summary_file() {
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    printf '%s\n' "$GITHUB_STEP_SUMMARY"
  else
    printf '%s\n' /dev/null
  fi
}

# Sets a step output, when there is somewhere to set it.
set_output() {
  if [ -n "${GITHUB_OUTPUT:-}" ]; then
    printf '%s=%s\n' "$1" "$2" >> "$GITHUB_OUTPUT"
  fi
}

# report SARIF ARGS...: runs `toolcheck ARGS...` three times: SARIF into the
# file SARIF, the Markdown report into the job summary, and the annotations on
# standard output; then exits as toolcheck did. Exit 1 only says that there
# are findings (or changes); 2 is an error, reported on standard error by
# toolcheck, and stops at once.
report() {
  local sarif="$1" rc=0
  shift
  toolcheck "$@" --format sarif > "$sarif" || rc=$?
  if [ "$rc" -ge 2 ]; then
    rm -f "$sarif"
    set_output exit-code "$rc"
    exit "$rc"
  fi
  set_output sarif-file "$sarif"

  toolcheck "$@" --format markdown >> "$(summary_file)" || true

  rc=0
  toolcheck "$@" --format github || rc=$?
  set_output exit-code "$rc"
  exit "$rc"
}
