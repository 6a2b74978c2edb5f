#!/usr/bin/env bash
# Tests the ways Toolcheck reaches a user's workflow (issue 39), offline but
# for the package registries, on a fresh machine or again on this one:
#   - the PyPI wheel (pyproject.toml, maturin): built once from the release
#     binary that cargo builds, installed into a clean venv and run, and run
#     with uvx;
#   - the pytest example (docs/examples/test_tool_schemas.py) with that wheel;
#   - the pytest file `toolcheck probe --dry-run --export pytest` writes, run
#     against the probe's fixture server (scripts/probe-exports.py);
#   - the pre-commit hook (.pre-commit-hooks.yaml), installed by pre-commit
#     from a snapshot of this tree, on a fixture repository with its own
#     toolcheck.toml;
#   - the GitHub Action (action.yml, action/*.sh): linted, its example
#     workflows (docs/examples/*.yml) linted with actionlint and shellcheck,
#     and its scripts run in a fake GitHub environment.
# The Python tools live in target/py-tools (scripts/workflow-requirements.txt),
# their wheels in target/py-wheelhouse (the only download: every pip install
# below runs with no index), the rest under target/workflow-test. Prints a line per step and its time.
set -euo pipefail
export LC_ALL=C
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$PATH"
# Every build below (maturin, pip's, pre-commit's, the action's cargo install)
# reuses the workspace's target directory, and so its dependencies.
export CARGO_TARGET_DIR="$root/target"
export PIP_DISABLE_PIP_VERSION_CHECK=1

tools="$root/target/py-tools"
wheel_env="$root/target/py-wheel-test"
wheelhouse="$root/target/py-wheelhouse"
requirements="$root/scripts/workflow-requirements.txt"
# The environment of pip in the hook's and the action's builds: the pinned
# maturin in the isolated build (pip 26 reads the second; older ones apply
# the first to builds too), from the wheelhouse with no index; and no update
# check from the virtualenv pre-commit makes (it seeds pip from the wheels it
# carries).
offline_pip=(PIP_CONSTRAINT="$requirements" PIP_BUILD_CONSTRAINT="$requirements"
  PIP_NO_INDEX=1 PIP_FIND_LINKS="$wheelhouse" VIRTUALENV_NO_PERIODIC_UPDATE=1)
work="$root/target/workflow-test"
logs="$work/logs"
mkdir -p "$logs"
version="$(awk '/^\[workspace\.package\]/ { p = 1; next } /^\[/ { p = 0 }
                p && $1 == "version" { gsub(/"/, "", $3); print $3; exit }' Cargo.toml)"

# --- helpers -----------------------------------------------------------------

die() {
  printf '\033[31mtest-workflow: %s\033[0m\n' "$*" >&2
  exit 1
}

# quiet NAME CMD...: runs CMD with its output in $logs/NAME.log, shown only
# when CMD fails.
quiet() {
  local log="$logs/$1.log"
  shift
  if ! "$@" > "$log" 2>&1; then
    cat "$log" >&2
    die "failed: $*"
  fi
}

# retry TRIES NAME CMD...: runs CMD with its output in $logs/NAME.log up to
# TRIES times, a little longer apart each time; when every try fails, shows
# the log and returns 1.
retry() {
  local tries="$1" name="$2" log="$logs/$2.log" try
  shift 2
  for try in $(seq "$tries"); do
    "$@" > "$log" 2>&1 && return
    echo "           $name failed (try $try of $tries): $(tail -n 1 "$log")"
    [ "$try" = "$tries" ] || sleep $((try * 5))
  done
  cat "$log" >&2
  return 1
}

# expect CODE WHAT CMD...: runs CMD, its output in $out and $err, and stops
# unless it exits with CODE.
out="$work/stdout"
err="$work/stderr"
expect() {
  local want="$1" what="$2" got=0
  shift 2
  "$@" > "$out" 2> "$err" || got=$?
  if [ "$got" != "$want" ]; then
    cat "$out" "$err" >&2
    die "$what: exit code $got, expected $want"
  fi
}

# has FILE TEXT WHAT / lacks FILE TEXT WHAT: a fixed string is (not) in FILE.
has() {
  grep -qF -- "$2" "$1" || { cat "$1" >&2; die "$3: no '$2' in $1"; }
}
lacks() {
  ! grep -qF -- "$2" "$1" || { cat "$1" >&2; die "$3: '$2' in $1"; }
}

py() { "$tools/bin/python" "$@"; }

# new_venv NAME DIR: a fresh venv with pip in DIR. venv runs ensurepip with
# its output swallowed ("returned non-zero exit status 1" is all it says), so
# ensurepip runs here on its own: its log shows why. Three tries, then the log
# and the free disk space.
venv_with_pip() {
  rm -rf "$1"
  python3 -m venv --without-pip "$1" && "$1/bin/python" -m ensurepip --upgrade --default-pip
}
new_venv() {
  retry 3 "$1" venv_with_pip "$2" && return
  df -h "$2/.." "${TMPDIR:-/tmp}" >&2 || true
  die "failed: python3 -m venv $2"
}

timings=()
part() {
  local what="$1" start="$EPOCHREALTIME" secs
  shift
  printf '\033[1m[workflow]\033[0m %s\n' "$what"
  "$@"
  secs="$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')"
  printf '           %s s\n' "$secs"
  timings+=("$(printf '%8s s  %s' "$secs" "$what")")
}

# --- the parts -----------------------------------------------------------------

# The wheels of the Python tools, downloaded once into a local wheelhouse
# (again when the requirements change). Everything below installs from it
# with no index: the tools, and maturin in pip's isolated builds of the hook
# and the action, so a dropped connection costs a retry here and nothing
# later. pip download keeps what it already has, so a retry resumes.
fetch_wheels() {
  cmp -s "$requirements" "$wheelhouse/requirements.txt" && return
  retry 4 pip-download "$tools/bin/pip" download --quiet --only-binary :all: --dest "$wheelhouse" \
    -r "$requirements" || die "could not download the Python tools' wheels"
  cp "$requirements" "$wheelhouse/requirements.txt"
}

# The Python tools, reinstalled when the requirements change.
python_tools() {
  [ -x "$tools/bin/pip" ] || new_venv venv "$tools"
  fetch_wheels
  if ! cmp -s "$requirements" "$tools/requirements.txt"; then
    quiet pip-tools "$tools/bin/pip" install --quiet --no-index --find-links "$wheelhouse" -r "$requirements"
    cp "$requirements" "$tools/requirements.txt"
  fi
  echo "           $("$tools/bin/maturin" --version), pre-commit $("$tools/bin/pre-commit" --version | awk '{ print $2 }')," \
    "actionlint $("$tools/bin/actionlint" --version | awk 'NR == 1 { print $2 }')," \
    "shellcheck $("$tools/bin/shellcheck" --version | awk '/^version/ { print $2 }')"
}

# The captures every test below uses: a clean one (warnings, no error), a
# broken one (a "float" type: an error), and the clean one less a tool.
fixtures() {
  captures="$work/captures"
  rm -rf "$captures"
  mkdir -p "$captures"
  cp crates/core/resources/corpus/server-memory.tools-list.json "$captures/memory.tools-list.json"
  cat > "$captures/pricing.tools-list.json" << 'EOF'
{
  "jsonrpc": "2.0",
  "id": 1,
  "result": {
    "tools": [
      {
        "name": "get_price",
        "description": "Returns the price of a product for a quantity. Use it before quoting a price to the customer.",
        "inputSchema": {
          "type": "object",
          "properties": {
            "sku": { "type": "string", "description": "The product's SKU, for example SKU-1234." },
            "quantity": { "type": "float", "description": "How many units." }
          },
          "required": ["sku"]
        }
      }
    ]
  }
}
EOF
  py - "$captures/memory.tools-list.json" "$captures/memory-less-read-graph.json" << 'EOF'
import json, sys
capture = json.load(open(sys.argv[1]))
tools = capture["result"]["tools"]
capture["result"]["tools"] = [tool for tool in tools if tool["name"] != "read_graph"]
assert len(capture["result"]["tools"]) == len(tools) - 1
json.dump(capture, open(sys.argv[2], "w"), indent=2)
EOF
}

# The release CLI, linked for glibc 2.17 (scripts/release-cli.sh).
release_build() {
  quiet cargo-build "$root/scripts/release-cli.sh"
}

# The wheel, from the release binary above: maturin runs cargo with the same
# profile, flags and features, so it compiles nothing. Each crate it compiles
# must be one that changed since (cargo -v says why). Tagged manylinux_2_17
# (maturin refuses the tag if the binary needs a newer glibc), and checked:
# its tag, and the newest glibc symbol its binary needs.
wheel() {
  rm -f "$root"/target/wheels/toolcheck-*.whl
  quiet maturin "$tools/bin/maturin" build --release --locked --compatibility manylinux_2_17 \
    --out "$root/target/wheels" -v
  local compiled
  compiled="$(awk '/^ *Dirty .*(has changed|was rebuilt)/ { ok[$2] = 1 }
                   /^ *Compiling / && !ok[$2] { print $2 }' "$logs/maturin.log")"
  [ -z "$compiled" ] || die "maturin rebuilt $compiled with other flags than cargo build: see $logs/maturin.log"
  wheel_file="$(ls "$root"/target/wheels/toolcheck-"$version"-*.whl)"
  # The binary it carries is the one cargo built.
  py - "$wheel_file" "$root/target/release/toolcheck" << 'EOF'
import hashlib, sys, zipfile
wheel, built = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as z:
    names = z.namelist()
    binary = [n for n in names if n.endswith(".data/scripts/toolcheck")]
    assert len(binary) == 1, names
    carried = z.read(binary[0])
    metadata = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
assert "Name: toolcheck\n" in metadata and "License-Expression: MIT" in metadata, metadata[:400]
assert hashlib.sha256(carried).digest() == hashlib.sha256(open(built, "rb").read()).digest(), "the wheel's binary is not target/release/toolcheck"
EOF
  expect 0 "glibc-check.py on the wheel" "$root/target/release-tools/bin/python" \
    "$root/scripts/glibc-check.py" --max 2.17 "$wheel_file"
  has "$out" "(manylinux_2_17_x86_64): EM_X86_64, needs glibc 2.17 (ok)" "glibc-check.py on the wheel"
  # The check fails where it must: a binary newer than the bound, and a
  # glibc binary in a wheel tagged for musl.
  expect 1 "glibc-check.py --max 2.16" "$root/target/release-tools/bin/python" \
    "$root/scripts/glibc-check.py" --max 2.16 "$wheel_file"
  has "$err" "needs glibc 2.17 (newer than 2.16)" "glibc-check.py --max 2.16"
  py - "$wheel_file" "$work/musl-tagged.whl" << 'EOF'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z, zipfile.ZipFile(sys.argv[2], "w") as out:
    for item in z.infolist():
        data = z.read(item)
        if item.filename.endswith(".dist-info/WHEEL"):
            lines = [l for l in data.decode().splitlines() if not l.startswith("Tag:")]
            data = ("\n".join(lines + ["Tag: py3-none-musllinux_1_2_x86_64"]) + "\n").encode()
        out.writestr(item, data)
EOF
  expect 1 "glibc-check.py on a glibc binary tagged musllinux" "$root/target/release-tools/bin/python" \
    "$root/scripts/glibc-check.py" "$work/musl-tagged.whl"
  has "$err" "a musllinux binary that needs glibc 2.17" "glibc-check.py on a glibc binary tagged musllinux"
  echo "           $(basename "$wheel_file"), $(du -k "$wheel_file" | cut -f1) KiB"
}

# The wheel in a clean venv, with no index: it needs nothing else.
wheel_install() {
  new_venv wheel-venv "$wheel_env"
  quiet wheel-install "$wheel_env/bin/pip" install --quiet --no-index "$wheel_file"
  local tc="$wheel_env/bin/toolcheck"
  [ "$("$tc" --version)" = "toolcheck $version" ] || die "toolcheck --version: $("$tc" --version)"
  expect 0 "the wheel's toolcheck on a clean capture" "$tc" check --no-config "$captures/memory.tools-list.json"
  expect 1 "the wheel's toolcheck on a broken capture" "$tc" check --no-config "$captures/pricing.tools-list.json"
  has "$out" "error[" "the wheel's toolcheck on a broken capture"
  # uvx runs it from the file too (no index, a throwaway cache).
  expect 0 "uvx --from the wheel" env UV_PYTHON_DOWNLOADS=never \
    "$tools/bin/uvx" --offline --no-cache --no-config --from "$wheel_file" toolcheck --version
  has "$out" "toolcheck $version" "uvx --from the wheel"
}

# The CI guide's pytest example, with the wheel's toolcheck on PATH.
pytest_example() {
  [ "$(PATH="$wheel_env/bin:$PATH" command -v toolcheck)" = "$wheel_env/bin/toolcheck" ] || die "toolcheck on PATH is not the wheel's"
  expect 0 "pytest docs/examples" env PATH="$wheel_env/bin:$PATH" PYTHONDONTWRITEBYTECODE=1 \
    "$tools/bin/python" -m pytest -q -p no:cacheprovider docs/examples/test_tool_schemas.py
  has "$out" "2 passed" "pytest docs/examples"
  echo "           $(tail -n 1 "$out")"
}

# The pytest file toolcheck probe exports, run with the Python SDK's client
# against the probe's fixture server: every case passes on the mended
# server, and the planted one fails exactly the probe's own findings.
probe_pytest() {
  expect 0 "probe-exports.py pytest" python3 "$root/scripts/probe-exports.py" \
    "$root/target/release/toolcheck" pytest "$tools/bin/python"
  echo "           $(tail -n 1 "$out")"
}

# The user's repository for the hook, and pre-commit run in it.
repo="$work/hook-fixture"
commit_all() {
  git -C "$repo" add -A
  git -C "$repo" -c user.name=fixture -c user.email=fixture@localhost -c commit.gpgsign=false commit -q -m "$1"
}
hook() { (cd "$repo" && env "${offline_pip[@]}" "$tools/bin/pre-commit" run --color never "$@"); }
# pre-commit try-repo in it, on the hook repository `snapshot` at commit `sha`
# (pre_commit_hook's).
try_repo() { (cd "$repo" && env "${offline_pip[@]}" "$tools/bin/pre-commit" try-repo --color never "$snapshot" toolcheck --ref "$sha" "$@"); }

# The pre-commit hook, installed the way a user's pre-commit installs it: from
# a git repository at a commit, with `pip install .`. The repository is a
# snapshot of this tree (tracked and untracked files, not ignored ones), so
# uncommitted work is tested too; its commit is the same for the same files,
# and pre-commit's store (target/workflow-test/pre-commit-home) keeps the
# hook's environment for it, so only a changed tree builds it again.
pre_commit_hook() {
  local snapshot="$work/snapshot" sha start
  export PRE_COMMIT_HOME="$work/pre-commit-home"
  rm -rf "$snapshot"
  mkdir -p "$snapshot"
  git ls-files -z --cached --others --exclude-standard \
    | while IFS= read -r -d '' f; do if [ -e "$f" ]; then printf '%s\0' "$f"; fi; done \
    | tar --null -T - -cf - | tar -C "$snapshot" -xf -
  git -C "$snapshot" init -q
  git -C "$snapshot" add -A
  GIT_AUTHOR_DATE=2000-01-01T00:00:00Z GIT_COMMITTER_DATE=2000-01-01T00:00:00Z \
    git -C "$snapshot" -c user.name=toolcheck -c user.email=toolcheck@localhost -c commit.gpgsign=false \
    commit -q -m snapshot
  sha="$(git -C "$snapshot" rev-parse HEAD)"
  # An environment built for another snapshot is of no more use.
  if [ "$(cat "$PRE_COMMIT_HOME/snapshot" 2> /dev/null)" != "$sha" ]; then
    rm -rf "$PRE_COMMIT_HOME"
    mkdir -p "$PRE_COMMIT_HOME"
    echo "$sha" > "$PRE_COMMIT_HOME/snapshot"
  fi

  # The user's repository: two captures that `files:` selects, and a JSON
  # file that it does not (toolcheck would fail on it).
  rm -rf "$repo"
  mkdir -p "$repo/captures"
  cp "$captures/memory.tools-list.json" "$captures/pricing.tools-list.json" "$repo/captures/"
  echo '{"name": "fixture", "version": "1.0.0", "private": true}' > "$repo/package.json"
  cat > "$repo/.pre-commit-config.yaml" << EOF
repos:
  - repo: $snapshot
    rev: $sha
    hooks:
      - id: toolcheck
        files: ^captures/
EOF
  git -C "$repo" init -q
  commit_all fixture

  # The first run installs the hook (pip install ., cargo build --release).
  start="$EPOCHREALTIME"
  expect 0 "hook on the clean capture" hook --files captures/memory.tools-list.json
  has "$out" "Passed" "hook on the clean capture"
  echo "           hook environment ready in $(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }') s"
  has "$(ls "$PRE_COMMIT_HOME"/repo*/py_env-*/lib/python*/site-packages/toolcheck-"$version".dist-info/WHEEL)" \
    "Generator: maturin ($("$tools/bin/maturin" --version | awk '{ print $2 }'))" "the hook's wheel"
  expect 1 "hook on the broken capture" hook --files captures/pricing.tools-list.json
  has "$out" "error[" "hook on the broken capture"
  expect 0 "hook on a JSON file outside files:" hook --files package.json
  has "$out" "Skipped" "hook on a JSON file outside files:"
  expect 1 "hook on every file" hook --all-files
  lacks "$out" "package.json" "hook on every file"
  # pre-commit try-repo, which tries a hook repository without a config (the
  # same repository and commit: the same environment).
  expect 0 "try-repo on the clean capture" try_repo --files captures/memory.tools-list.json
  has "$out" "Passed" "try-repo on the clean capture"
  expect 1 "try-repo on the broken capture" try_repo --files captures/pricing.tools-list.json
  has "$out" "error[" "try-repo on the broken capture"

  # The user's toolcheck.toml turns both outcomes around: warnings fail, and
  # the broken tool is suppressed.
  cat > "$repo/toolcheck.toml" << 'EOF'
fail-on = "warning"

[[suppress]]
tool = "get_price"
reason = "A fixture: its broken schema is on purpose"
EOF
  commit_all "toolcheck.toml"
  expect 1 "hook on the clean capture, warnings failing" hook --files captures/memory.tools-list.json
  has "$out" "warning[" "hook on the clean capture, warnings failing"
  expect 0 "hook on the broken capture, suppressed" hook --files captures/pricing.tools-list.json
  has "$out" "Passed" "hook on the broken capture, suppressed"

  # Cargo names a workspace's units by paths relative to its root, so the
  # hook's `pip install .` in pre-commit's clone of the snapshot (sharing this
  # target directory, for one release build) left the release units pointing
  # at the clone's sources: a later release build of this tree found them
  # fresh and kept the snapshot's code. Without those sources, it builds this
  # tree's. The hook's environment keeps its installed binary.
  rm -rf "$PRE_COMMIT_HOME"/repo*/crates "$snapshot/crates"
}

# action.yml's shape: shell reads the inputs from env only, and every input
# reaches a step.
action_static() {
  py - action.yml << 'EOF'
import re, sys, yaml
action = yaml.safe_load(open(sys.argv[1]))
steps = action["runs"]["steps"]
assert action["runs"]["using"] == "composite"
used = set()
for step in steps:
    run = step.get("run", "")
    assert "${{" not in run, f"expression in shell text: {step['name']}"
    for name, value in (step.get("env") or {}).items():
        m = re.fullmatch(r"\$\{\{ inputs\.([a-z-]+) \}\}", str(value))
        assert m and name == "INPUT_" + m[1].upper().replace("-", "_"), f"{step['name']}: {name}: {value}"
        used.add(m[1])
    used.update(re.findall(r"inputs\.([a-z-]+)", str(step.get("if", "")) + str(step.get("with", ""))))
assert used == set(action["inputs"]), set(action["inputs"]) ^ used
upload = next(step for step in steps if "upload-sarif" in step.get("uses", ""))
assert "!cancelled()" in upload["if"], upload["if"]
EOF
  quiet shellcheck "$tools/bin/shellcheck" -x --source-path=SCRIPTDIR action/*.sh scripts/test-workflow.sh scripts/release-cli.sh
}

# actionlint on the example workflows and this repository's own (the wheels;
# with shellcheck on their run: steps),
# in a repository where `uses: ./.toolcheck` is this checkout, so the inputs
# they give are checked against action.yml; and a misspelled input fails.
action_lint() {
  local lint="$work/lint"
  rm -rf "$lint"
  mkdir -p "$lint/.github/workflows"
  git -C "$lint" init -q
  ln -s "$root" "$lint/.toolcheck"
  cp docs/examples/*.yml .github/workflows/*.yml "$lint/.github/workflows/"
  expect 0 "actionlint on docs/examples and .github/workflows" \
    env -C "$lint" "$tools/bin/actionlint" -shellcheck="$tools/bin/shellcheck" -no-color
  sed 's/against:/againts:/' docs/examples/toolcheck-workflow.yml > "$lint/.github/workflows/misspelled.yml"
  expect 1 "actionlint on a misspelled input" \
    env -C "$lint" "$tools/bin/actionlint" -no-color .github/workflows/misspelled.yml
  has "$out" 'input "againts" is not defined in action "Toolcheck"' "actionlint on a misspelled input"
  # The CI guide shows each workflow exactly as it is linted here, and the
  # pytest and vitest examples exactly as the test command runs them.
  local f
  for f in docs/examples/*.yml docs/examples/test_tool_schemas.py docs/examples/tool-schemas.test.ts; do
    py - "$f" docs/ci.md << 'EOF'
import sys
example, guide = (open(p).read() for p in sys.argv[1:])
fence = {"yml": "yaml", "py": "python", "ts": "ts"}[sys.argv[1].rsplit(".", 1)[1]]
assert f"```{fence}\n" + example + "```" in guide, f"docs/ci.md does not show {sys.argv[1]} as it is"
EOF
  done
}

# The action's scripts in a fake GitHub environment: the workspace holds the
# captures; GITHUB_STEP_SUMMARY, GITHUB_OUTPUT and GITHUB_PATH are files.
gh() {
  : > "$gh_dir/summary.md"
  : > "$gh_dir/output"
  : > "$gh_dir/path"
  (cd "$ws" && env GITHUB_ACTION_PATH="$root" GITHUB_WORKSPACE="$ws" RUNNER_TEMP="$gh_dir/tmp" \
    GITHUB_STEP_SUMMARY="$gh_dir/summary.md" GITHUB_OUTPUT="$gh_dir/output" GITHUB_PATH="$gh_dir/path" "$@")
}

action_setup() {
  ws="$work/action/workspace"
  gh_dir="$work/action/github"
  rm -rf "$work/action"
  mkdir -p "$ws/mcp" "$ws/baseline" "$ws/policy" "$gh_dir/tmp"
  cp "$captures/memory.tools-list.json" "$captures/pricing.tools-list.json" "$ws/mcp/"
  cp "$captures/memory.tools-list.json" "$ws/baseline/memory.json"
  cp "$captures/memory-less-read-graph.json" "$ws/baseline/"
  export PATH="$wheel_env/bin:$PATH" # the wheel's toolcheck
}

action_install() {
  local tc_path="$wheel_env/bin:$PATH" fake="$work/action/fake-bin"
  expect 0 "install: auto, with toolcheck $version on PATH" gh env PATH="$tc_path" INPUT_INSTALL=auto "$root/action/install.sh"
  has "$out" "already on PATH" "install: auto, with toolcheck $version on PATH"
  [ ! -s "$gh_dir/path" ] || die "install: auto, already installed: wrote GITHUB_PATH"
  expect 2 "install: none, and no toolcheck" gh env PATH=/usr/bin:/bin INPUT_INSTALL=none "$root/action/install.sh"
  has "$out" "::error title=toolcheck action::install is none" "install: none, and no toolcheck"
  expect 2 "install: an unknown way" gh env INPUT_INSTALL=brew "$root/action/install.sh"

  # Another version on PATH: auto builds this one with cargo (the workspace's
  # target directory makes that a copy).
  mkdir -p "$fake"
  printf '#!/bin/sh\necho "toolcheck 0.0.1"\n' > "$fake/toolcheck"
  chmod +x "$fake/toolcheck"
  expect 0 "install: auto, over toolcheck 0.0.1" gh env PATH="$fake:$PATH" INPUT_INSTALL=auto \
    CARGO_INSTALL_ROOT="$work/action/cargo-root" "$root/action/install.sh"
  has "$out" "installing toolcheck $version with cargo" "install: auto, over toolcheck 0.0.1"
  has "$gh_dir/path" "$work/action/cargo-root/bin" "install: auto, over toolcheck 0.0.1: GITHUB_PATH"
  [ "$("$work/action/cargo-root/bin/toolcheck" --version)" = "toolcheck $version" ] || die "install: cargo: no toolcheck $version"

  # pip: into the Python on PATH (a fresh venv), built from the checkout.
  new_venv action-pip-venv "$work/action/pip-venv"
  expect 0 "install: pip" gh env PATH="$work/action/pip-venv/bin:$PATH" "${offline_pip[@]}" \
    INPUT_INSTALL=pip "$root/action/install.sh"
  has "$gh_dir/path" "$work/action/pip-venv/bin" "install: pip: GITHUB_PATH"
  [ "$("$work/action/pip-venv/bin/toolcheck" --version)" = "toolcheck $version" ] || die "install: pip: no toolcheck $version"
  # pip's build leaves its own wheel (tagged linux_x86_64) in target/wheels.
  rm -f "$root"/target/wheels/toolcheck-*-linux_*.whl
}

# check INPUT=VALUE...: runs action/check.sh with the action's defaults and
# these inputs.
check() {
  gh env INPUT_AGAINST= INPUT_STRICT= INPUT_FAIL_ON= INPUT_CONFIG= INPUT_SARIF_FILE=toolcheck.sarif \
    "$@" "$root/action/check.sh"
}

action_check() {
  local memory=mcp/memory.tools-list.json pricing=mcp/pricing.tools-list.json
  expect 0 "check: a clean capture" check INPUT_FILES="$memory"
  has "$out" "::warning file=$memory,line=" "check: a clean capture: annotations"
  has "$gh_dir/summary.md" "# Toolcheck report" "check: a clean capture: job summary"
  has "$gh_dir/output" "exit-code=0" "check: a clean capture: outputs"
  has "$gh_dir/output" "sarif-file=toolcheck.sarif" "check: a clean capture: outputs"
  py - "$ws/toolcheck.sarif" "$memory" << 'EOF'
import json, sys
sarif = json.load(open(sys.argv[1]))
assert sarif["version"] == "2.1.0"
results = [r for run in sarif["runs"] for r in run["results"]]
assert results, "no results"
uris = {l["physicalLocation"]["artifactLocation"]["uri"] for r in results for l in r["locations"]}
assert uris == {sys.argv[2]}, uris
EOF

  expect 1 "check: a glob with a broken capture" check INPUT_FILES="mcp/*.json"
  has "$out" "::error file=$pricing,line=" "check: a glob with a broken capture"
  has "$gh_dir/output" "exit-code=1" "check: a glob with a broken capture: outputs"
  py -c 'import json, sys; assert any(r["level"] == "error" for run in json.load(open(sys.argv[1]))["runs"] for r in run["results"])' "$ws/toolcheck.sarif"
  expect 1 "check: files on several lines" check INPUT_FILES="$(printf '  %s\n\t%s\n' "$memory" "$pricing")"
  has "$out" "file=$memory" "check: files on several lines"
  has "$out" "file=$pricing" "check: files on several lines"

  # A findings baseline: the broken capture's findings, known, fail nothing;
  # SARIF says each is unchanged.
  "$root/target/release/toolcheck" check "$ws/$pricing" --write-baseline "$ws/known.json" > /dev/null 2>&1
  expect 0 "check: baseline-findings" check INPUT_FILES="$pricing" INPUT_BASELINE_FINDINGS=known.json
  has "$err" "known findings left out" "check: baseline-findings: the known findings are counted"
  py -c 'import json, sys; states = {r.get("baselineState") for run in json.load(open(sys.argv[1]))["runs"] for r in run["results"]}; assert states == {"unchanged"}, states' "$ws/toolcheck.sarif"
  expect 1 "check: baseline-findings, another capture" check INPUT_FILES="$memory" INPUT_BASELINE_FINDINGS=known.json INPUT_FAIL_ON=warning
  py -c 'import json, sys; states = {r.get("baselineState") for run in json.load(open(sys.argv[1]))["runs"] for r in run["results"]}; assert {"new", "absent"} <= states, states' "$ws/toolcheck.sarif"

  # A lock: the capture it was written from passes; another server drifts.
  (cd "$ws" && "$root/target/release/toolcheck" lock "$memory" -o approved.lock 2> /dev/null)
  expect 0 "check: lock, no drift" check INPUT_FILES="$memory" INPUT_LOCK=approved.lock
  has "$err" "no drift from approved.lock" "check: lock, no drift"
  expect 1 "check: lock, a server not in it" check INPUT_FILES="$pricing" INPUT_LOCK=approved.lock INPUT_FAIL_ON=never
  has "$err" "server-added" "check: lock, a server not in it"

  expect 1 "check: fail-on warning, a clean capture" check INPUT_FILES="$memory" INPUT_FAIL_ON=warning
  expect 0 "check: fail-on never, a broken capture" check INPUT_FILES="$pricing" INPUT_FAIL_ON=never
  expect 1 "check: against all, strict" check INPUT_FILES="$memory" INPUT_AGAINST=all INPUT_STRICT=true
  has "$out" "openai-strict" "check: against all, strict"
  expect 2 "check: strict neither true nor false" check INPUT_FILES="$memory" INPUT_STRICT=yes
  has "$out" "::error title=toolcheck action::strict must be true or false" "check: strict yes"
  expect 2 "check: an unknown target" check INPUT_FILES="$memory" INPUT_AGAINST=openia
  has "$gh_dir/output" "exit-code=2" "check: an unknown target: outputs"
  lacks "$gh_dir/output" "sarif-file=" "check: an unknown target: outputs"

  # The workspace's toolcheck.toml applies, under the inputs; the config
  # input replaces it.
  printf 'fail-on = "warning"\n' > "$ws/toolcheck.toml"
  printf 'fail-on = "never"\n' > "$ws/policy/lenient.toml"
  expect 1 "check: ./toolcheck.toml, warnings failing" check INPUT_FILES="$memory"
  expect 0 "check: ./toolcheck.toml under fail-on error" check INPUT_FILES="$memory" INPUT_FAIL_ON=error
  expect 0 "check: config policy/lenient.toml" check INPUT_FILES="$pricing" INPUT_CONFIG=policy/lenient.toml
  rm "$ws/toolcheck.toml"

  expect 0 "check: the SARIF file in a new directory" check INPUT_FILES="$memory" INPUT_SARIF_FILE="$gh_dir/tmp/out/toolcheck.sarif"
  py -c 'import json, sys; json.load(open(sys.argv[1]))' "$gh_dir/tmp/out/toolcheck.sarif"
  expect 2 "check: a glob that matches nothing" check INPUT_FILES="mcp/none-*.json"
  has "$out" "no file matches 'mcp/none-*.json'" "check: a glob that matches nothing"
  # shellcheck disable=SC2016 # the text is meant literally
  expect 2 "check: shell in the files input" check INPUT_FILES="$memory \$(touch pwned) \`touch pwned\`"
  [ ! -e "$ws/pwned" ] || die "check: the files input ran a command"
}

diff_() {
  gh env INPUT_DIFF_FAIL_ON=breaking INPUT_SARIF_FILE=toolcheck.sarif "$@" "$root/action/diff.sh"
}

action_diff() {
  expect 0 "diff: an unchanged capture" diff_ INPUT_BASELINE=baseline/memory.json INPUT_FILES=mcp/memory.tools-list.json
  has "$gh_dir/summary.md" "# Toolcheck diff" "diff: an unchanged capture: job summary"
  has "$gh_dir/output" "exit-code=0" "diff: an unchanged capture: outputs"
  py -c 'import json, sys; assert json.load(open(sys.argv[1]))["runs"][0]["results"] == []' "$ws/toolcheck.sarif"

  expect 1 "diff: a tool removed" diff_ INPUT_BASELINE=baseline/memory.json INPUT_FILES=baseline/memory-less-read-graph.json
  has "$out" "::error file=" "diff: a tool removed: annotations"
  has "$out" "tool-removed" "diff: a tool removed: annotations"
  has "$gh_dir/summary.md" "## Breaking (1)" "diff: a tool removed: job summary"
  py -c 'import json, sys; assert [r["ruleId"] for r in json.load(open(sys.argv[1]))["runs"][0]["results"]] == ["tool-removed"]' "$ws/toolcheck.sarif"
  expect 0 "diff: a tool removed, diff-fail-on never" diff_ INPUT_BASELINE=baseline/memory.json \
    INPUT_FILES=baseline/memory-less-read-graph.json INPUT_DIFF_FAIL_ON=never

  expect 2 "diff: two files" diff_ INPUT_BASELINE=baseline/memory.json INPUT_FILES="mcp/*.json"
  has "$out" "diff mode compares one file" "diff: two files"
  expect 2 "diff: no baseline file" diff_ INPUT_BASELINE=baseline/none.json INPUT_FILES=mcp/memory.tools-list.json
}

# --- run ---------------------------------------------------------------------

total_start="$EPOCHREALTIME"
part "Python tools (target/py-tools)" python_tools
part "fixture captures" fixtures
part "release build (scripts/release-cli.sh: glibc 2.17)" release_build
part "the wheel (maturin build --release)" wheel
part "the wheel in a clean venv, and with uvx" wheel_install
part "the pytest example (docs/examples/test_tool_schemas.py)" pytest_example
part "the pytest file of toolcheck probe --export pytest, on the fixture server" probe_pytest
part "the pre-commit hook on a fixture repository" pre_commit_hook
part "action.yml's shape; shellcheck on the action's scripts" action_static
part "actionlint on the example workflows" action_lint
action_setup
part "the action's install step (auto, none, cargo, pip)" action_install
part "the action's check mode" action_check
part "the action's diff mode" action_diff

echo
echo "test-workflow: every step passed. Times:"
printf '%s\n' "${timings[@]}"
printf '%8s s  %s\n' "$(awk -v a="$total_start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')" "in all"
