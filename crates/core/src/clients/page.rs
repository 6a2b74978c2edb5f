//! The docs page `docs/clients.md`, generated from the client profiles
//! ([`crate::clients::profiles`]) and the rules that name a client.

use crate::clients::profiles::{AS_OF, PROFILES};

/// The docs page `docs/clients.md`: one table, client by client, with the
/// sources, then what the strict-mode converters do to each strict finding.
/// Empty without the `docs` feature.
#[must_use]
pub fn reference_page() -> String {
    use std::fmt::Write as _;
    if !cfg!(feature = "docs") {
        return String::new();
    }
    let cell = |s: &str| s.replace('|', "\\|").replace('\n', " ");
    let mut out = format!(
        "# What each client does to a tool\n\n\
         Generated from `crates/core/src/clients/profiles.rs` and the client rules by `crates/core/tests/clients_page.rs`; do not edit.\n\
         Checked {AS_OF}.\n\n\
         Each MCP client does something of its own to a tool before a model sees it. Toolcheck's compatibility table \
         has a column for each (`--matrix`, the page's \"By client app\" view, the Markdown and JSON reports), and \
         `--against <client>` runs the client's own rules and those of the APIs it forwards to. A client's verdict \
         counts the MCP errors, the rules of its APIs (after its strict-mode converter, where it uses one) and its own \
         rules. A behaviour seen only in users' reports is marked so, and its rule never reports above a warning.\n\n\
         | Client | `--against` | Models and API | Names | Rewrites | Validates | Limits | Rules | Sources |\n\
         |---|---|---|---|---|---|---|---|---|\n"
    );
    for p in PROFILES {
        let rules: Vec<String> = crate::catalog::every_rule()
            .filter(|r| r.client == Some(p.client))
            .map(|r| format!("`{}` ({})", r.id, r.severity.as_str()))
            .collect();
        let sources: Vec<String> = p
            .sources
            .iter()
            .map(|s| format!("{}: <{}> ({})", cell(s.shows), s.url, s.confidence.as_str()))
            .collect();
        let _ = writeln!(
            out,
            "| {} | `{}` | {} | {} | {} | {} | {} | {} | {} |",
            p.client.label(),
            p.client.key(),
            cell(p.models),
            cell(p.names),
            cell(p.rewrites),
            cell(p.validates),
            cell(p.limits),
            if rules.is_empty() {
                "none of its own".to_owned()
            } else {
                rules.join(", ")
            },
            sources.join("<br>"),
        );
    }
    out.push_str(
        "\n## Strict-mode converters\n\n\
         Few clients send a raw MCP schema with `strict: true`: those that use strict mode convert the schema first, and \
         fall back to sending it without `strict` when the conversion raises. For each strict rule, what each converter \
         does to its findings (`fixes`: the converted schema no longer has the problem; `keeps`: it is sent as it is, and \
         the API rejects it). A finding's JSON gives the same as `converter`.\n\n",
    );
    out.push_str("| Rule |");
    for c in crate::clients::converters::Converter::ALL {
        let _ = write!(out, " [`{}`]({}) ({}) |", c.key(), c.source(), c.owner());
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(crate::clients::converters::Converter::ALL.len()));
    out.push('\n');
    for rule in crate::catalog::every_rule() {
        let effects: Vec<&str> = crate::clients::converters::Converter::ALL
            .iter()
            .map(|c| match rule.converter {
                Some((converter, effect)) if converter == *c => effect.as_str(),
                _ => "",
            })
            .collect();
        if effects.iter().all(|e| e.is_empty()) {
            continue;
        }
        let _ = writeln!(out, "| `{}` | {} |", rule.id, effects.join(" | "));
    }
    out.push_str(
        "\n`ensure_strict_json_schema` raises (and the SDK sends the tool without `strict`) on what \
         `agents-strict-conversion-fails` reports. `transform_schema` raises on a type list, a boolean subschema and a \
         schema without a type; the Anthropic SDK's MCP helpers do not call it.\n",
    );
    out
}
