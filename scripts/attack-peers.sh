#!/usr/bin/env bash
# Side by side with a peer: runs the Agent Threat Rules (PyPI `pyatr`) and
# Toolcheck on the attack fixtures, the near misses and the corpus, and prints
# both tools' rows (docs/security.md shows the table). pyatr goes
# into a throwaway venv; nothing is installed on the machine. Not part of the
# test command.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$(mktemp -d)/atr"
trap 'rm -rf "$(dirname "$venv")"' EXIT
python3 -m venv "$venv"
"$venv/bin/pip" install -q "pyatr==${PYATR_VERSION:-0.3.1}"
cd "$root"
cargo run -q --release -p toolcheck --example recall -- --items \
  | "$venv/bin/python" "$root/scripts/attack-peers.py"
