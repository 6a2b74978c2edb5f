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
# Cargo does not track PATH, so the release builds after it in this tree
# (maturin's wheel, the Action's `cargo install`) find this binary up to date
# and reuse it: no second build. (The pre-commit hook builds a snapshot of the
# tree elsewhere, with the system's `cc`, as a user's machine would.) A binary
# linked earlier by the system's `cc` is linked again.
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
# The venv without pip, then ensurepip on its own, as scripts/test-workflow.sh
# makes its venvs (venv swallows ensurepip's output); three tries, since a
# dropped connection should cost a retry, not the run.
install_tools() {
  rm -rf "$tools"
  python3 -m venv --without-pip "$tools" \
    && "$tools/bin/python" -m ensurepip --upgrade --default-pip \
    && PIP_RETRIES="${PIP_RETRIES:-10}" "$tools/bin/pip" install --quiet --disable-pip-version-check \
      --only-binary :all: -r "$requirements"
}
if ! cmp -s "$requirements" "$tools/requirements.txt"; then
  echo "release-cli: installing zig, cargo-zigbuild and pyelftools from PyPI into target/release-tools"
  log="$(mktemp)"
  for try in 1 2 3; do
    if install_tools > "$log" 2>&1; then
      break
    fi
    if [ "$try" = 3 ]; then
      cat "$log" >&2
      echo "release-cli: could not install the tools of $requirements" >&2
      exit 1
    fi
    echo "release-cli: the install failed (try $try of 3): $(tail -n 1 "$log")"
    sleep $((try * 5))
  done
  rm -f "$log"
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
