#!/usr/bin/env python3
"""Starts a new rule about tool definitions: `scripts/new-rule.py GROUP ID`.

It writes
  - crates/core/src/rules/GROUP/ID.rs: the declaration, a docs skeleton with
    every section the docs tests ask for, an empty check, and the fixture test;
  - crates/core/resources/fixtures/GROUP/ID.json: one `bad_*` tool the rule must
    report and one `ok_*` tool it must leave alone;
and adds the `mod` line to the group's mod.rs and the rule to the one list
(crates/core/src/catalog.rs, above the meta-schema check, which runs last).

The rule compiles at once, and its fixture test fails until the check reports
the `bad_*` tool. What is left to do is printed at the end, and
docs/adding-a-rule.md walks through it.
"""

import re
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
# The catalog line a new rule goes above.
LAST = "        // Keep this one last, and add new rules above it"


def fail(message):
    print(f"new-rule: {message}", file=sys.stderr)
    sys.exit(2)


def rule_file(group, rule_id, const, client=None):
    provider = ""
    if group in PROVIDERS:
        provider = f'    provider = {PROVIDERS[group]},\n    as_of = "YYYY-MM-DD",\n'
    elif client:
        provider = f'    client = {client},\n    as_of = "YYYY-MM-DD",\n'
    return f"""use crate::rules::declare_rule;
use crate::rules::{{Cx, Emitter}};

declare_rule! {{
    /// ## What it does
    /// Flags … (one paragraph: what the rule looks at, and when it fires).
    ///
    /// ## Why is this bad?
    /// What goes wrong at call time, in one paragraph: who rejects the tool,
    /// what the model has to guess, or what the call does instead. A finding
    /// quotes this.
    ///
    /// ## Example
    /// ```json
    /// {{"name": "bad_example", "inputSchema": {{"type": "object"}}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {{"name": "ok_example", "inputSchema": {{"type": "object"}}}}
    /// ```
    ///
    /// ## Fix
    /// What the author changes.
    ///
    /// ## Sources
    /// - The specification or provider page that says so: <https://…>
    pub {const},
    id = "{rule_id}",
    group = {GROUPS[group]},
    severity = Warning,
{provider}    fix_note = "No automatic fix: say why, or declare `fix = Safe` and attach one.",
    summary = "One line: what the rule flags",
}}

/// Reports each problem with `out.report(Some(tool), path,
/// message).explanation(…).help(…)`. `cx.tools()` gives the tools in view (a few at a time:
/// declare `scope = List` to compare tools), `cx.each_input_node` every
/// subschema an input schema reaches; `crate::rules::util` and
/// `crate::rules::facts` hold what other rules read.
fn check(cx: &Cx<'_>, out: &mut Emitter<'_>) {{
    let _ = (cx, out);
}}

#[cfg(test)]
mod tests {{
    crate::rule_snapshot!({const}, "{group}/{rule_id}.json");
}}
"""


FIXTURE = """{"tools": [
  {"name": "bad_example", "description": "A tool the rule must report.",
   "inputSchema": {"type": "object", "properties": {}}},
  {"name": "ok_example", "description": "A near miss the rule must leave alone.",
   "inputSchema": {"type": "object", "properties": {}}}
]}
"""


def add_mod_line(group, module):
    mod_rs = CORE / "src" / "rules" / group / "mod.rs"
    lines = mod_rs.read_text().splitlines(keepends=True)
    new = f"pub(crate) mod {module};\n"
    mods = [i for i, l in enumerate(lines) if re.match(r"(pub(\(crate\))? )?mod [a-z_0-9]+;", l)]
    if not mods:
        # The group's first rule: after the module's docs.
        mod_rs.write_text("".join(lines).rstrip("\n") + "\n\n" + new)
        return
    # In order among the group's modules (after any attribute lines above one).
    at = mods[-1] + 1
    for i in mods:
        name = re.search(r"mod ([a-z_0-9]+);", lines[i]).group(1)
        if name > module:
            at = i
            while at > 0 and lines[at - 1].lstrip().startswith(("#[", "//")):
                at -= 1
            break
    lines.insert(at, new)
    mod_rs.write_text("".join(lines))


def add_catalog_line(group, module):
    catalog = CORE / "src" / "catalog.rs"
    text = catalog.read_text()
    if LAST not in text:
        fail("catalog.rs has lost the line new rules go above")
    line = f"        {group}::{module},\n"
    catalog.write_text(text.replace(LAST, line + LAST, 1))


def main():
    if len(sys.argv) not in (3, 4) or (sys.argv[1] == "clients") != (len(sys.argv) == 4):
        fail(f"usage: scripts/new-rule.py GROUP ID, or scripts/new-rule.py clients ID CLIENT\n  GROUP: {', '.join(GROUPS)}\n  ID: the kebab-case id, naming the problem (enum-without-description)\n  CLIENT: a variant of clients::Client (VsCode, ClaudeCode, …)")
    group, rule_id = sys.argv[1], sys.argv[2]
    client = sys.argv[3] if len(sys.argv) == 4 else None
    if group not in GROUPS:
        fail(f"no group {group!r}: one of {', '.join(GROUPS)} (server and result rules: see docs/adding-a-rule.md)")
    if not re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", rule_id):
        fail(f"{rule_id!r} is not a kebab-case id")
    # A provider's rule file drops the provider's prefix, which its folder
    # already says (openai/strict_unsupported_format.rs); its constant keeps it.
    const = rule_id.replace("-", "_").upper()
    prefix = f"{group}-" if group in PROVIDERS else ""
    module = rule_id.removeprefix(prefix).replace("-", "_")
    path = CORE / "src" / "rules" / group / f"{module}.rs"
    fixture = CORE / "resources" / "fixtures" / group / f"{rule_id}.json"
    if path.exists() or fixture.exists():
        fail(f"{path.relative_to(ROOT)} or {fixture.relative_to(ROOT)} exists already")
    if f'id = "{rule_id}"' in "".join(p.read_text() for p in (CORE / "src").rglob("*.rs")):
        fail(f"a rule with id {rule_id} exists already")
    path.write_text(rule_file(group, rule_id, const, client))
    fixture.parent.mkdir(parents=True, exist_ok=True)
    fixture.write_text(FIXTURE)
    add_mod_line(group, module)
    add_catalog_line(group, module)
    print(f"""Wrote {path.relative_to(ROOT)} and {fixture.relative_to(ROOT)}; added the mod line and the catalog line.

Left to do (docs/adding-a-rule.md):
  1. Write the docs: every section, the "Why is this bad?" a finding quotes, and real sources.
  2. Set the severity, the summary and the fix note{", and the provider's as-of date" if group in PROVIDERS else ""}.
  3. Make the fixture real: bad_* tools the rule must report, ok_* near misses it must not.
  4. Write the check. Until it reports every bad_* tool, its test fails:
       cargo test -p toolcheck {module}
  5. Accept the snapshot (cargo insta review), and bless the findings digest; its diff names every
     input whose findings changed, and only the new fixture should be among them (a real server's
     capture in resources/corpus/ that changes is a finding to look at, and likely noise):
       TOOLCHECK_BLESS=1 cargo test -p toolcheck --test findings_digest
  6. Write the docs the page loads: TOOLCHECK_BLESS=1 cargo test -p toolcheck --test rule_docs_asset
  7. Run scripts/test.sh.""")


if __name__ == "__main__":
    main()
