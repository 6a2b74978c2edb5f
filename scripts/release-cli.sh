#!/usr/bin/env bash
# Builds the release CLI, target/release/toolcheck, linked so that it runs on
# Linux with glibc 2.17 or newer (CentOS 7, Debian 8, Ubuntu 14.04 and every
# later one), and checks that it needs nothing newer. The wheel carries this
# binary (manylinux_2_17); the tests run it.
#
# The system's `cc` would bind each libc symbol to the newest version of the
# machine's glibc (2.34 for `__libc_start_main` on Debian 12). Here a `cc`
# first on PATH is zig's, aimed at glibc 2.17 (cargo-zigbuild's wrapper, as
# maturin --zig uses): rustc links with it and the cc crate compiles C with it.
# Cargo does not track PATH, so every other release build (maturin's, the
# pre-commit hook's, `cargo install`) finds this binary up to date and reuses
# it: no second build. A binary linked earlier by the system's `cc` is linked
# again.
#
# The tools (scripts/release-requirements.txt: zig, cargo-zigbuild and
# pyelftools, from PyPI) go into a virtualenv, target/release-tools, the
# first time and again when that file changes.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$PATH"
tools="$root/target/release-tools"
requirements="$root/scripts/release-requirements.txt"
if ! cmp -s "$requirements" "$tools/requirements.txt"; then
  echo "release-cli: installing zig, cargo-zigbuild and pyelftools from PyPI into target/release-tools"
  rm -rf "$tools"
  python3 -m venv "$tools"
  PIP_RETRIES="${PIP_RETRIES:-10}" "$tools/bin/pip" install --quiet --disable-pip-version-check \
    --only-binary :all: -r "$requirements"
  cp "$requirements" "$tools/requirements.txt"
fi
shim="$tools/glibc-2.17"
mkdir -p "$shim"
cat > "$shim/cc.new" << SH
#!/bin/sh
export CARGO_ZIGBUILD_ZIG_COMMAND="$tools/bin/python" CARGO_ZIGBUILD_ZIG_COMMAND_ARGS="-m ziglang"
exec "$tools/bin/cargo-zigbuild" zig cc -- -fno-sanitize=all -target x86_64-linux-gnu.2.17 "\$@"
SH
chmod +x "$shim/cc.new"
mv "$shim/cc.new" "$shim/cc"

build() { PATH="$shim:$PATH" cargo build --release --locked -p toolcheck-cli "$@"; }
check() { "$tools/bin/python" scripts/glibc-check.py --max 2.17 target/release/toolcheck; }

build -q
if ! check 2> /dev/null; then
  echo "release-cli: target/release/toolcheck was linked by the system's cc; linking it again for glibc 2.17"
  cargo clean --release -p toolcheck-cli
  build -q
  check
fi
