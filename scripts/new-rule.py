#!/usr/bin/env python3
"""Starts a new rule, of any kind:

  scripts/new-rule.py GROUP ID [--worker]   a rule about tool definitions
  scripts/new-rule.py clients ID CLIENT     a client's rule
  scripts/new-rule.py servers ID            a rule about several servers
  scripts/new-rule.py result ID             a rule about one tools/call result

It writes the rule's file (the declaration, with every fact the rule's kind
declares; a docs skeleton with every section the docs tests ask for; an
empty check; and its test), the fixture its test reads, the `mod` line and the
rule's line in the one list (crates/core/src/catalog.rs). Nothing else is kept
by hand: where a rule runs (`runs_in`), its provider or client, and what a
runner or a report reads of it are facts of its declaration.

  - A definition rule: crates/core/src/rules/GROUP/ID.rs and
    crates/core/resources/fixtures/GROUP/ID.json (a `bad_*` tool it must
    report, an `ok_*` tool it must not), listed above the meta-schema check.
    A provider's rule (openai, claude, gemini) and a client's rule run in the
    page's worker (`runs_in = Worker`); so does another with --worker.
  - A server rule: crates/core/src/servers/ID.rs, a folder of two captures
    under crates/core/resources/fixtures/servers/ID/, and its snapshot test in
    crates/core/src/checking/servers.rs.
  - A result rule: crates/core/src/result/rules/ID.rs (with a test of a
    result it must report and one it must not, against
    resources/fixtures/result/tools.json), its `mod` and `pub use` lines in
    result/rules/mod.rs.

The rule compiles at once, and its test fails until the check reports what
it must. What is left to do is printed at the end, and docs/adding-a-rule.md
walks through it.
"""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "crates" / "core"
# The folders of src/rules/ and the group each declares (registry::Group).
GROUPS = {
    "shape": "Shape",
    "schema": "Schema",
    "header": "Header",
    "clarity": "Clarity",
    "annotations": "Annotations",
    "revision": "Revision",
    "openai": "OpenAi",
    "claude": "Claude",
    "gemini": "Gemini",
    "security": "Security",
    "budget": "Budget",
    "clients": "Clients",
}
# A provider's folder: its rules declare the provider (the check runs them
# only when it is a target) and the date their facts were checked.
PROVIDERS = {"openai": "OpenAi", "claude": "Claude", "gemini": "Gemini"}
# The catalog line a new definition rule goes above.
LAST = "        // Keep this one last, and add new rules above it"

DOCS = """    /// ## What it does
    /// Flags … (one paragraph: what the rule looks at, and when it fires).
    ///
    /// ## Why is this bad?
    /// What goes wrong, in one paragraph: who rejects the tool, what the
    /// model has to guess, or what the call does instead. A finding quotes
    /// this unless it says more of its case.
    ///
    /// ## Example
    /// ```json
    /// {example}
    /// ```
    /// Use instead:
    /// ```json
    /// {instead}
    /// ```
    ///
    /// ## Fix
    /// What the author changes.
    ///
    /// ## Sources
    /// - The specification, provider or client page that says so: <https://…>"""


def fail(message):
    print(f"new-rule: {message}", file=sys.stderr)
    sys.exit(2)


def declaration(const, rule_id, group, facts):
    """The `declare_rule!` block: docs, id, group, severity, then `facts`
    (lines in the order declare_rule! reads them), the fix note and the
    summary."""
    example = '{"name": "bad_example", "inputSchema": {"type": "object"}}'
    instead = '{"name": "ok_example", "inputSchema": {"type": "object"}}'
    if group == "Result":
        example = '{"content": [{"type": "text", "text": "bad"}]}'
        instead = '{"content": [{"type": "text", "text": "ok"}]}'
    lines = "".join(f"    {fact},\n" for fact in facts)
    return f"""declare_rule! {{
{DOCS.format(example=example, instead=instead)}
    pub {const},
    id = "{rule_id}",
    group = {group},
    severity = Warning,
{lines}    fix_note = "No automatic fix: say why, or declare `fix = Safe` and attach one.",
    summary = "One line: what the rule flags",
}}
"""


def definition_file(group, rule_id, const, client, worker):
    facts = []
    if group in PROVIDERS:
        facts.append(f'provider = {PROVIDERS[group]}, as_of = "YYYY-MM-DD"')
    elif client:
        facts.append(f'client = {client}, as_of = "YYYY-MM-DD"')
    if worker:
        facts.append("runs_in = Worker")
    return f"""use crate::registry::declare_rule;
use crate::rules::{{Definitions, Emitter}};

{declaration(const, rule_id, GROUPS[group], facts)}
/// Reports each problem with `out.report(Some(tool), path, message)`, then
/// `.explanation(…)` (the page keeps no docs, so a rule about tool
/// definitions explains each finding itself) and `.help(…)`. `cx.tools()`
/// gives the tools in view (a few at a time: declare `scope = List` to
/// compare tools),
/// `cx.each_input_node` every subschema an input schema reaches;
/// `crate::rules::facts`, `crate::text` and `crate::value` hold what other
/// rules read.
fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {{
    let _ = (cx, out);
}}

#[cfg(test)]
mod tests {{
    crate::rule_snapshot!({const}, "{group}/{rule_id}.json");
}}
"""


def server_file(rule_id, const):
    return f"""use crate::registry::declare_rule;
use crate::servers::{{Combination, ServerEmitter}};

{declaration(const, rule_id, "Servers", [])}
/// Reports each problem with `out.report(Some(server), Some((index, tool)),
/// path, message)`, then `.help(…)` (and `.explanation(…)` before it only
/// where the docs' "Why" needs the specifics of a case). `sx.servers` gives
/// every server's check, `sx.named_tools()` every named tool of every server.
fn check(sx: &Combination<'_>, out: &mut ServerEmitter<'_>) {{
    let _ = (sx, out);
}}
"""


def result_file(rule_id, const):
    return f"""use crate::registry::declare_rule;
use crate::result::rules::{{CallResult, ResultEmitter}};

{declaration(const, rule_id, "Result", [])}
/// Reports each problem with `out.report(path, message).help(…)` (and
/// `.explanation(…)` before `help` only where the docs' "Why" needs the
/// specifics of a case); paths start at the `CallToolResult`. `rx` holds
/// what several result rules read, worked out once: the content blocks,
/// `structuredContent`, its validation, the result's strings.
fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {{
    let _ = (rx, out);
}}

#[cfg(all(test, feature = "schema"))]
mod tests {{
    /// The findings of this rule alone on `result`, a result of the sample
    /// tools' `get_order`.
    fn findings(result: &str) -> usize {{
        let tools = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/resources/fixtures/result/tools.json"
        ));
        let settings = crate::Settings::default().only(super::{const}.id);
        crate::checking::check_result(tools, "get_order", result, &settings)
            .expect("the result is checked")
            .findings
            .len()
    }}

    #[test]
    fn reports_the_bad_result_and_not_the_ok_one() {{
        assert_eq!(findings(r#"{{"content": [{{"type": "text", "text": "bad"}}]}}"#), 1);
        assert_eq!(findings(r#"{{"content": [{{"type": "text", "text": "ok"}}]}}"#), 0);
    }}
}}
"""


FIXTURE = """{"tools": [
  {"name": "bad_example", "description": "A tool the rule must report.",
   "inputSchema": {"type": "object", "properties": {}}},
  {"name": "ok_example", "description": "A near miss the rule must leave alone.",
   "inputSchema": {"type": "object", "properties": {}}}
]}
"""

SERVER_FIXTURES = {
    "alpha.json": """{"tools": [
  {"name": "bad_example", "description": "A tool the rule must report, with beta's.",
   "inputSchema": {"type": "object", "properties": {}}}
]}
""",
    "beta.json": """{"tools": [
  {"name": "ok_example", "description": "A near miss the rule must leave alone.",
   "inputSchema": {"type": "object", "properties": {}}}
]}
""",
}


def add_mod_line(mod_rs, module, reexport=None):
    """Adds `pub(crate) mod MODULE;` to `mod_rs` in order among its modules
    (and `pub use MODULE::REEXPORT;` among its re-exports, when given)."""
    lines = mod_rs.read_text().splitlines(keepends=True)

    def insert(pattern, new, key):
        found = [i for i, l in enumerate(lines) if re.match(pattern, l)]
        if not found:
            lines.append("\n" + new)
            return
        at = found[-1] + 1
        for i in found:
            if key(lines[i]) > module:
                at = i
                while at > 0 and lines[at - 1].lstrip().startswith(("#[", "//")):
                    at -= 1
                break
        lines.insert(at, new)

    insert(
        r"(pub(\(crate\))? )?mod [a-z_0-9]+;",
        f"pub(crate) mod {module};\n",
        lambda l: re.search(r"mod ([a-z_0-9]+);", l).group(1),
    )
    if reexport:
        insert(
            r"pub use [a-z_0-9]+::[A-Z_0-9]+;",
            f"pub use {module}::{reexport};\n",
            lambda l: re.search(r"pub use ([a-z_0-9]+)::", l).group(1),
        )
    mod_rs.write_text("".join(lines))


def add_list_line(before, line):
    """Adds `line` to the catalog, above the line that starts with `before`."""
    catalog = CORE / "src" / "catalog.rs"
    text = catalog.read_text()
    if before not in text:
        fail(f"catalog.rs has lost the line {before.strip()!r} new rules go above")
    catalog.write_text(text.replace(before, line + before, 1))


def add_server_snapshot(module, const, rule_id):
    """Adds the server rule's snapshot test to checking/servers.rs, after the
    last one there."""
    tests = CORE / "src" / "checking" / "servers.rs"
    text = tests.read_text()
    last = text.rfind("    servers_snapshot!(")
    if last < 0:
        fail("checking/servers.rs has lost its servers_snapshot! tests")
    end = text.index(");\n", last) + 3
    new = f'    servers_snapshot!({module}, {module}::{const}, "{rule_id}");\n'
    tests.write_text(text[:end] + new + text[end:])


def exists_already(rule_id):
    text = "".join(p.read_text() for p in (CORE / "src").rglob("*.rs"))
    return f'id = "{rule_id}"' in text


def main():
    args = [a for a in sys.argv[1:] if a != "--worker"]
    worker = "--worker" in sys.argv[1:]
    usage = (
        "usage: scripts/new-rule.py GROUP ID [--worker] | clients ID CLIENT | servers ID | result ID\n"
        f"  GROUP: {', '.join(g for g in GROUPS if g != 'clients')}\n"
        "  ID: the kebab-case id, naming the problem (enum-without-description)\n"
        "  CLIENT: a variant of clients::Client (VsCode, ClaudeCode, …)\n"
        "  --worker: the page's module leaves the rule to its worker (a provider's or a client's rule always)"
    )
    if len(args) not in (2, 3) or (args[0] == "clients") != (len(args) == 3):
        fail(usage)
    kind, rule_id = args[0], args[1]
    client = args[2] if len(args) == 3 else None
    if kind not in GROUPS and kind not in ("servers", "result"):
        fail(f"no group {kind!r}\n{usage}")
    if not re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", rule_id):
        fail(f"{rule_id!r} is not a kebab-case id")
    if exists_already(rule_id):
        fail(f"a rule with id {rule_id} exists already")
    const = rule_id.replace("-", "_").upper()
    written = []
    # The Rust files written or edited, for rustfmt.
    rust = []

    def write(path, text):
        if path.exists():
            fail(f"{path.relative_to(ROOT)} exists already")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        written.append(str(path.relative_to(ROOT)))
        if path.suffix == ".rs":
            rust.append(path)

    if kind == "servers":
        module = rule_id.replace("-", "_")
        write(CORE / "src" / "servers" / f"{module}.rs", server_file(rule_id, const))
        for name, text in SERVER_FIXTURES.items():
            write(CORE / "resources" / "fixtures" / "servers" / rule_id / name, text)
        add_mod_line(CORE / "src" / "servers" / "mod.rs", module)
        add_list_line("    ],\n    results: [", f"        {module},\n")
        add_server_snapshot(module, const, rule_id)
        rust.append(CORE / "src" / "checking" / "servers.rs")
        test = f"cargo test -p toolcheck checking::servers::tests::{module}"
        fixture = f"crates/core/resources/fixtures/servers/{rule_id}/: servers whose bad_* tools it must report together"
        kind_notes = (
            "  - Its fixture is a folder of captures, one per server (the file's stem is the server's name).\n"
        )
    elif kind == "result":
        module = rule_id.replace("-", "_")
        write(CORE / "src" / "result" / "rules" / f"{module}.rs", result_file(rule_id, const))
        add_mod_line(CORE / "src" / "result" / "rules" / "mod.rs", module, const)
        add_list_line("    ],\n}", f"        {module},\n")
        test = f"cargo test -p toolcheck result::rules::{module}"
        fixture = "the results in its test (and in crates/core/tests/result.rs, for the cases that need the whole report)"
        kind_notes = (
            "  - Its place in `results:` in catalog.rs is the order the result checker reports in: move it if it\n"
            "    belongs before the last.\n"
        )
    else:
        group = kind
        if group in PROVIDERS or group == "clients":
            worker = True
        # A provider's rule file drops the provider's prefix, which its
        # folder already says (openai/strict_unsupported_format.rs); its
        # constant keeps it.
        prefix = f"{group}-" if group in PROVIDERS else ""
        module = rule_id.removeprefix(prefix).replace("-", "_")
        write(
            CORE / "src" / "rules" / group / f"{module}.rs",
            definition_file(group, rule_id, const, client, worker),
        )
        write(CORE / "resources" / "fixtures" / group / f"{rule_id}.json", FIXTURE)
        add_mod_line(CORE / "src" / "rules" / group / "mod.rs", module)
        add_list_line(LAST, f"        {group}::{module},\n")
        test = f"cargo test -p toolcheck {module}"
        fixture = f"crates/core/resources/fixtures/{group}/{rule_id}.json: bad_* tools it must report, ok_* near misses it must not"
        kind_notes = ""
        if group in PROVIDERS:
            kind_notes += "  - Set the provider's as-of date: the day you checked its facts against its docs.\n"
            if "-strict-" in rule_id:
                kind_notes += (
                    "  - A strict rule declares what its provider's converter does to its problem:\n"
                    "    `converter = (EnsureStrictJsonSchema, Fixes)` (or TransformSchema for Claude; Keeps when the\n"
                    "    converted schema still has it). A test fails until it does.\n"
                )
        if group == "clients":
            kind_notes += (
                "  - Set the client's as-of date, and cite the client's code, docs or users' reports (a behaviour known\n"
                "    only from reports is at most a warning). Regenerate docs/clients.md:\n"
                "      TOOLCHECK_BLESS=1 cargo test -p toolcheck --test clients_page\n"
            )
        if not worker:
            kind_notes += (
                "  - The page's module runs it. If it is heavy or needs the JSON Schema validator, declare\n"
                "    `runs_in = Worker` (or `runs_in = Validator`) in its declaration: nothing else changes.\n"
            )
    # Formatted as `cargo fmt` would (the house keeps it clean).
    try:
        subprocess.run(["rustfmt", "--edition", "2024", *map(str, rust)], check=True)
    except (OSError, subprocess.CalledProcessError):
        print("new-rule: rustfmt failed; run cargo fmt --all", file=sys.stderr)
    # The notes of this kind of rule go under step 2, indented.
    kind_notes = "".join(
        "     - " + line[4:] + "\n" if line.startswith("  - ") else "       " + line.lstrip() + "\n"
        for line in kind_notes.splitlines()
    )
    print(f"""Wrote {", ".join(written)}; added the mod line, the catalog line{", and the snapshot test" if kind == "servers" else ""}.

Left to do (docs/adding-a-rule.md):
  1. Write the docs: every section, the "Why is this bad?" a finding quotes, and real sources.
  2. Set the severity, the summary and the fix note, and declare what else applies (declare_rule!'s docs list
     every fact: `scope = List`, `superseded_by`, `fix = Safe`, what clients do with its errors, …).
{kind_notes}  3. Make the fixture real: {fixture}.
  4. Write the check. Until it reports what it must, its test fails:
       {test}
  5. Accept the snapshot (cargo insta review), and bless the findings digest; its diff names every
     input whose findings changed, and only the new fixture should be among them (a real server's
     capture in resources/corpus/ that changes is a finding to look at, and likely noise):
       TOOLCHECK_BLESS=1 cargo test -p toolcheck --test findings_digest
  6. Write the docs the page loads: TOOLCHECK_BLESS=1 cargo test -p toolcheck --test rule_docs_asset
  7. Run scripts/test.sh.""")


if __name__ == "__main__":
    main()
