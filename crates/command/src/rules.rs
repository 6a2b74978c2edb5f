//! `toolcheck rules` and `toolcheck explain RULE`.

use std::io::Write;

use serde_json::{Value, json};

use crate::Problem;

/// `toolcheck rules`: every rule, the result rules too, one a line.
///
/// # Errors
/// None: writing is all it does.
pub fn list(format: crate::args::RulesFormat, out: &mut dyn Write) -> Result<u8, Problem> {
    let _ = match format {
        crate::args::RulesFormat::Text => out.write_all(toolcheck::catalog::listing().as_bytes()),
        crate::args::RulesFormat::Json => writeln!(out, "{:#}", json()),
    };
    Ok(0)
}

/// `toolcheck explain RULE`: one rule's docs.
///
/// # Errors
/// When no rule has that id.
pub fn explain(id: &str, out: &mut dyn Write) -> Result<u8, Problem> {
    let _ = out.write_all(docs(id)?.as_bytes());
    Ok(0)
}

/// One rule's docs under its heading, as `explain` prints them.
///
/// # Errors
/// When no rule has that id.
pub fn docs(id: &str) -> Result<String, Problem> {
    toolcheck::catalog::rule(id)
        .map(toolcheck::catalog::explained)
        .ok_or_else(|| {
            Problem::new(format!(
                "no rule named \"{id}\"; `toolcheck rules` lists them"
            ))
        })
}

/// Every rule as the npm package's `rules()` and `toolcheck rules --format
/// json` give it: `id`, `severity`, `group`, `fixability`, `summary` and
/// `owasp` (the OWASP MCP Top 10 entries it addresses) each.
#[must_use]
pub fn json() -> Value {
    Value::Array(
        toolcheck::catalog::every_rule()
            .map(|rule| {
                json!({
                    "id": rule.id,
                    "severity": rule.severity.as_str(),
                    "group": rule.group.as_str(),
                    "fixability": rule.fixability.as_str(),
                    "summary": rule.summary,
                    "owasp": rule.owasp.iter().map(|e| json!({
                        "id": e.id(),
                        "title": e.title(),
                        "url": e.url(),
                    })).collect::<Vec<_>>(),
                })
            })
            .collect(),
    )
}
