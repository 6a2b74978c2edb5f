//! Several servers' report as SARIF 2.1.0.

use serde_json::{Value, json};

use crate::report::sarif::{Source, level};
use crate::servers::Servers;

/// SARIF 2.1.0: one run, one artifact per server whose capture is a file,
/// each server's findings located in its own file, and each finding about
/// the combination located in its server's file, with the other place it
/// names as a related location. `sources` are the servers' texts and URIs,
/// in the servers' order.
#[must_use]
pub fn sarif(servers: &Servers, sources: &[Source<'_>]) -> String {
    serde_json::to_string_pretty(&sarif_value(servers, sources)).unwrap_or_default()
}

/// [`sarif`] as a value.
#[must_use]
pub fn sarif_value(servers: &Servers, sources: &[Source<'_>]) -> Value {
    let rules: Vec<Value> = crate::catalog::every_rule()
        .map(crate::report::sarif::rule_descriptor)
        .collect();
    // Each server's artifact index, when its capture is a file.
    let mut artifacts = Vec::new();
    let mut index_of = Vec::new();
    for source in sources {
        index_of.push(crate::report::sarif::artifact(source).map(|a| {
            artifacts.push(a);
            artifacts.len() - 1
        }));
    }
    let empty = Source::new(None, "");
    let source_of = |s: usize| sources.get(s).unwrap_or(&empty);
    let mut results = Vec::new();
    for (s, server) in servers.servers.iter().enumerate() {
        if let Ok(report) = &server.checked {
            for f in &report.findings {
                let mut r = crate::report::sarif::result_in(
                    report,
                    source_of(s),
                    index_of.get(s).copied().flatten().unwrap_or(0),
                    f,
                    None,
                );
                name_server(&mut r, &server.name);
                results.push(r);
            }
        }
    }
    for a in &servers.across {
        let f = &a.finding;
        let mut r = match a
            .server
            .and_then(|s| servers.servers[s].checked.as_ref().ok().map(|r| (s, r)))
        {
            Some((s, report)) => crate::report::sarif::result_in(
                report,
                source_of(s),
                index_of.get(s).copied().flatten().unwrap_or(0),
                f,
                None,
            ),
            None => {
                let located = a.server.map(|s| {
                    crate::report::sarif::location(
                        source_of(s),
                        index_of.get(s).copied().flatten().unwrap_or(0),
                        &f.path,
                        None,
                    )
                });
                json!({
                    "ruleId": f.rule.id,
                    "level": level(f.severity),
                    "message": {"text": format!("{}. Fix: {}", f.message, f.help)},
                    "locations": located.into_iter().collect::<Vec<_>>(),
                    "properties": {"explanation": f.explanation, "help": f.help, "fix": f.help},
                })
            }
        };
        if let Some(e) = &a.elsewhere {
            let related = crate::report::sarif::location(
                source_of(e.server),
                index_of.get(e.server).copied().flatten().unwrap_or(0),
                &e.path,
                None,
            );
            if let Value::Object(m) = &mut r {
                let mut related = related;
                if let Value::Object(l) = &mut related {
                    l.insert("id".into(), json!(0));
                    l.insert(
                        "message".into(),
                        json!({"text": format!("server {}", servers.servers[e.server].name)}),
                    );
                }
                m.insert("relatedLocations".into(), json!([related]));
            }
        }
        if let Some(s) = a.server {
            name_server(&mut r, &servers.servers[s].name);
        }
        results.push(r);
    }
    crate::report::sarif::log(json!({
        "tool": crate::report::sarif::tool_with_taxonomy(rules),
        "taxonomies": crate::report::sarif::taxonomies(),
        "artifacts": artifacts,
        "columnKind": "unicodeCodePoints",
        "results": results,
        "properties": {
            "servers": servers.summary_line(),
            "summary": servers.counts,
        },
    }))
}

/// Adds the server's name to a SARIF result's properties.
fn name_server(result: &mut Value, server: &str) {
    if let Some(Value::Object(props)) = result.get_mut("properties") {
        props.insert("server".into(), json!(server));
    }
}
