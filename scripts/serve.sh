#!/usr/bin/env bash
# Builds the app and serves it on http://127.0.0.1:8080 (the sample is one click away).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/scripts/setup.sh"
cd "$root"
exec trunk serve --release
