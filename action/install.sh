#!/usr/bin/env bash
# The action's install step. Nothing is published, so Toolcheck is built from
# the action's own checkout (GITHUB_ACTION_PATH), whose version is the Cargo
# workspace's. INPUT_INSTALL says how:
#   auto   (default) use a `toolcheck` of that version on PATH if there is
#          one, else build with cargo
#   cargo  `cargo install --locked --path crates/cli`, into
#          CARGO_INSTALL_ROOT (default ~/.cargo), whose bin/ goes on GITHUB_PATH
#   pip    `pip install` the checkout (maturin builds the same binary), into
#          the Python on PATH; for a runner with Python set up and no cargo on PATH
#   none   use the `toolcheck` on PATH, of whatever version; fail if there is none
set -euo pipefail
# shellcheck source=common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

action_path="${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set}"
want="$(awk '/^\[workspace\.package\]/ { in_package = 1; next }
             /^\[/ { in_package = 0 }
             in_package && $1 == "version" { gsub(/"/, "", $3); print $3; exit }' "$action_path/Cargo.toml")"
[ -n "$want" ] || fail "cannot read the workspace version from $action_path/Cargo.toml"
have="$(toolcheck --version 2>/dev/null | awk '{ print $2 }' || true)"
mode="${INPUT_INSTALL:-auto}"

case "$mode" in
  auto)
    if [ "$have" = "$want" ]; then
      echo "toolcheck $have is already on PATH ($(command -v toolcheck)): not installing"
      exit 0
    fi
    mode=cargo
    ;;
  none)
    [ -n "$have" ] || fail "install is none, and there is no toolcheck on PATH"
    echo "toolcheck $have is on PATH ($(command -v toolcheck)); the action is $want"
    exit 0
    ;;
  cargo | pip) ;;
  *) fail "install must be auto, cargo, pip or none, not '$mode'" ;;
esac

echo "installing toolcheck $want with $mode from $action_path"
case "$mode" in
  cargo)
    command -v cargo > /dev/null || fail "cargo is not on PATH: set up Rust first, or use install: pip"
    cargo install --quiet --locked --path "$action_path/crates/cli"
    bin="${CARGO_INSTALL_ROOT:-${CARGO_HOME:-$HOME/.cargo}}/bin"
    ;;
  pip)
    command -v python3 > /dev/null || fail "python3 is not on PATH: set up Python first, or use install: cargo"
    python3 -m pip install --quiet --disable-pip-version-check "$action_path"
    bin="$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))')"
    ;;
esac

# The next steps find it on PATH.
[ -n "${GITHUB_PATH:-}" ] && printf '%s\n' "$bin" >> "$GITHUB_PATH"
"$bin/toolcheck" --version
