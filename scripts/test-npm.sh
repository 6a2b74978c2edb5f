#!/usr/bin/env bash
# Builds the npm package (packages/npm: the core compiled to WebAssembly for
# Node by crates/node) and tests it as a user gets it: packed into a .tgz,
# installed into a clean project, nothing published.
#   1. the engine for wasm32 (release), and wasm-bindgen's glue for Node into
#      packages/npm/wasm (not committed), and lib/settings.d.ts, the typed
#      API's settings, made from the CLI's flags (not committed);
#   2. the native CLI (already built by the test command: a no-op there),
#      which the tests compare the package with;
#   3. `npm pack` into target/npm;
#   4. the tgz installed into a clean project (target/npm/clean), where
#      `node --test` runs packages/npm/test: the JSON report byte for byte
#      with the native CLI's, the bin's output and exit codes, toolcheck.toml,
#      the capture commands' exit 2, no network;
#   5. the CI guide's vitest example (docs/examples/tool-schemas.test.ts) in
#      target/npm/example, whose versions are pinned by
#      packages/npm/example/package-lock.json (`npm ci`): run with vitest,
#      and type-checked with tsc, as is the package's index.d.ts;
#   6. the vitest file `toolcheck probe --dry-run --export vitest` writes, in
#      that project, against the probe's fixture server
#      (scripts/probe-exports.py);
#   7. a timing report (not a gate): the package against the native CLI on
#      the GitHub capture.
# Idempotent: each run starts the projects afresh, and `npm ci` runs only
# when the example's lock file changed.
#
# wasm-opt is not run: `-O3` takes 80 s here and makes the module 15%
# smaller (6.7 to 5.6 MB) but no faster to load or to check. Nor does the
# build have a profile of its own: thin LTO with 16 codegen units builds it
# from scratch in 2 min 4 s against 2 min 29 s with the release profile, for
# a module 16% larger.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/scripts/setup.sh"
cd "$root"

times=()
step_started=0
step_name=""
step() {
  finish_step
  printf '\n\033[1m[npm] %s\033[0m\n' "$*"
  step_name="$*"
  step_started=$SECONDS
}
finish_step() {
  if [ -n "$step_name" ]; then
    times+=("$(printf '%4ds  %s' $((SECONDS - step_started)) "$step_name")")
  fi
}

out="$root/target/npm"
wasm="$root/target/wasm32-unknown-unknown/release/toolcheck_node.wasm"

step "build the engine for wasm32 (release)"
cargo build --release --locked --target wasm32-unknown-unknown -p toolcheck-node

step "wasm-bindgen --target nodejs into packages/npm/wasm"
rm -rf packages/npm/wasm
wasm-bindgen --target nodejs --remove-name-section --out-dir packages/npm/wasm "$wasm"
printf 'wasm: %s bytes (%s bytes gzipped)\n' \
  "$(wc -c < packages/npm/wasm/toolcheck_node_bg.wasm)" \
  "$(gzip -9c packages/npm/wasm/toolcheck_node_bg.wasm | wc -c)"

step "lib/settings.d.ts: the settings' options, from the CLI's flags"
node -e "process.stdout.write(require('./packages/npm/lib/engine.js').wasm.settingsTypes())" \
  > packages/npm/lib/settings.d.ts

step "the native CLI (release), to compare with"
scripts/release-cli.sh
# A copy: a build running meanwhile (a developer's) replaces the original.
mkdir -p "$out"
cp target/release/toolcheck "$out/toolcheck-native"
native="$out/toolcheck-native"

step "npm pack into target/npm"
rm -f "$out"/toolcheck-*.tgz
tgz="$out/$(cd "$out" && npm pack "$root/packages/npm" --pack-destination . --loglevel=error | tail -n 1)"
printf 'package: %s, %s bytes\n' "$tgz" "$(wc -c < "$tgz")"

step "install the tgz into a clean project and run node --test"
rm -rf "$out/clean"
mkdir -p "$out/clean"
cp -r packages/npm/test "$out/clean/test"
(
  cd "$out/clean"
  printf '{"name": "toolcheck-npm-test", "private": true}\n' > package.json
  npm install --offline --no-audit --no-fund --loglevel=error "$tgz"
  # The package has no dependencies: it is the only one installed.
  installed="$(cd node_modules && ls -A | grep -v '^\.' | tr '\n' ' ')"
  if [ "$installed" != "toolcheck " ]; then
    echo "test-npm: expected only toolcheck in node_modules, found: $installed" >&2
    exit 1
  fi
  TOOLCHECK_NATIVE="$native" TOOLCHECK_ROOT="$root" \
    node --test test/api.test.js test/bin.test.js test/offline.test.js
)

step "the CI guide's vitest example (docs/examples/tool-schemas.test.ts)"
mkdir -p "$out/example"
if ! cmp -s packages/npm/example/package-lock.json "$out/example/package-lock.json" \
  || [ ! -d "$out/example/node_modules/vitest" ]; then
  rm -rf "$out/example"
  mkdir -p "$out/example"
  cp packages/npm/example/package.json packages/npm/example/package-lock.json "$out/example/"
  (cd "$out/example" && npm ci --no-audit --no-fund --loglevel=error)
fi
cp docs/examples/tool-schemas.test.ts packages/npm/example/tsconfig.json \
  packages/npm/example/tsconfig.package.json "$out/example/"
(
  cd "$out/example"
  npm install --no-save --offline --no-audit --no-fund --loglevel=error "$tgz"
  npx --no-install vitest run tool-schemas.test.ts
  npx --no-install tsc -p tsconfig.package.json
  npx --no-install tsc -p tsconfig.json
  echo "tsc: index.d.ts and the example type-check"
)

step "the vitest file of toolcheck probe --export vitest, on the fixture server"
python3 scripts/probe-exports.py "$native" vitest "$out/example"

step "timing: the npm package against the native CLI (a report, not a gate)"
(cd "$out/clean" && TOOLCHECK_NATIVE="$native" TOOLCHECK_ROOT="$root" node test/timing.js)
finish_step

printf '\n\033[1m[npm] time per step\033[0m\n'
printf '%s\n' "${times[@]}"
