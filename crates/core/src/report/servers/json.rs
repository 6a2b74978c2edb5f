//! Several servers' report as JSON: each server's report, the findings
//! about the combination, and the totals.

use serde_json::{Value, json};

use crate::finding::Finding;
use crate::servers::Servers;

/// One finding in the JSON shape, with its server.
fn finding_value(f: &Finding, server: Option<&str>) -> Value {
    let mut v =
        serde_json::to_value(crate::report::json::FindingShape::of(f, true)).unwrap_or_default();
    if let Value::Object(m) = &mut v {
        m.insert("server".into(), json!(server));
    }
    v
}

/// The JSON value: `summary`, `servers` (each with its name, its tokens and
/// its report in the one-capture shape, or its error), `across` (the
/// findings about the combination, each with its server and the other place
/// it names) and `tokens` (the total, the budget and each server's share).
#[must_use]
pub fn to_value(servers: &Servers) -> Value {
    let each: Vec<Value> = servers
        .servers
        .iter()
        .map(|s| match &s.checked {
            Ok(report) => json!({
                "name": s.name,
                "tokens": s.tokens(),
                "report": crate::report::json::to_value(report),
            }),
            Err(e) => json!({"name": s.name, "tokens": 0, "error": e}),
        })
        .collect();
    let across: Vec<Value> = servers
        .across
        .iter()
        .map(|a| {
            let mut v = finding_value(
                &a.finding,
                a.server.map(|s| servers.servers[s].name.as_str()),
            );
            if let (Value::Object(m), Some(e)) = (&mut v, &a.elsewhere) {
                m.insert(
                    "elsewhere".into(),
                    json!({
                        "server": servers.servers[e.server].name,
                        "path": e.path.to_string(),
                        "pointer": e.path.pointer(),
                    }),
                );
            }
            v
        })
        .collect();
    let shares: Vec<Value> = servers
        .shares()
        .iter()
        .map(|(name, tokens, share)| json!({"server": name, "tokens": tokens, "share": share}))
        .collect();
    json!({
        "summary": servers.counts,
        "servers": each,
        "across": across,
        "tokens": {
            "total": servers.tokens(),
            "budget": servers.settings.budget,
            "tool_budget": servers.settings.tool_budget,
            "by_server": shares,
        },
    })
}

/// The JSON text, pretty-printed.
#[must_use]
pub fn json(servers: &Servers) -> String {
    serde_json::to_string_pretty(&to_value(servers)).unwrap_or_default()
}
