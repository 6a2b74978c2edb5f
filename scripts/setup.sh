#!/usr/bin/env bash
# Installs everything the app and its tests need, on a fresh machine or an
# existing one. Idempotent: each step is skipped when already done.
#   - the wasm32-unknown-unknown target
#   - Trunk 0.21.14 and wasm-bindgen-cli at the exact version in Cargo.lock (crates.io)
#   - twiggy 0.8.0, which reads the wasm's name section for the bundle report (crates.io)
#   - Chromium and ChromeDriver, and GNU time for the memory report (Debian)
#   - Playwright, binaryen's wasm-opt and terser (npm; Playwright's own browser download is skipped)
#   - @modelcontextprotocol/server-everything (npm), which the CLI's capture tests start
# Source it (`. scripts/setup.sh`) so that PATH picks up the npm tools and
# the wasm builds get the same flags as in CI.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$root/tests/node_modules/.bin:$PATH"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# Downloads from the registries retry more than their defaults: a dropped
# connection on a CI machine costs a retry, not the run.
export CARGO_NET_RETRY=10 npm_config_fetch_retries=6 PIP_RETRIES=10
# The wasm modules carry the source paths of their panic messages; without
# the machine's own directories in them, a build is the same byte for byte on
# every machine, and the bundle report's budgets compare like with like.
cargo_home="${CARGO_HOME:-$HOME/.cargo}"
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--remap-path-prefix=$cargo_home=/cargo --remap-path-prefix=$root=/toolcheck"

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

trunk_version="0.21.14"
if [ "$(trunk --version 2>/dev/null | awk '{print $2}')" != "$trunk_version" ]; then
  say "installing trunk $trunk_version (takes about 10 minutes on 2 cores)"
  cargo install trunk --version "$trunk_version" --locked
fi

bindgen_version="$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/"/, "", $3); print $3; exit}' "$root/Cargo.lock")"
if [ -z "$bindgen_version" ]; then
  echo "setup: cannot find wasm-bindgen's version in Cargo.lock" >&2
  exit 1
fi
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$bindgen_version" ]; then
  say "installing wasm-bindgen-cli $bindgen_version (about 4 minutes)"
  # Not --locked: its lock file names a crate version the registry no longer serves.
  cargo install wasm-bindgen-cli --version "$bindgen_version"
fi

twiggy_version="0.8.0"
if [ "$(twiggy --version 2>/dev/null | awk '{print $2}')" != "$twiggy_version" ]; then
  say "installing twiggy $twiggy_version, for the bundle report's code by crate (about 3 minutes)"
  cargo install twiggy --version "$twiggy_version" --locked
fi

debian_packages=()
[ -x /usr/bin/chromium ] || debian_packages+=(chromium chromium-driver)
# GNU time, for the memory report's peak resident memory.
[ -x /usr/bin/time ] || debian_packages+=(time)
if [ ${#debian_packages[@]} -gt 0 ]; then
  say "installing ${debian_packages[*]} from Debian"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get -o Acquire::Retries=5 update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get -o Acquire::Retries=5 install -y -qq "${debian_packages[@]}" >/dev/null
fi

if [ ! -x "$root/tests/node_modules/.bin/playwright" ] || [ ! -x "$root/tests/node_modules/.bin/wasm-opt" ] \
  || [ ! -x "$root/tests/node_modules/.bin/terser" ] \
  || [ ! -f "$root/tests/node_modules/@modelcontextprotocol/server-everything/dist/index.js" ] \
  || [ "$root/tests/package-lock.json" -nt "$root/tests/node_modules/.package-lock.json" ]; then
  say "installing npm packages (Playwright, binaryen, terser, server-everything)"
  (cd "$root/tests" && npm ci --no-audit --no-fund --loglevel=error)
fi
