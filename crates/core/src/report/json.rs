//! The stable JSON output.
//!
//! ```json
//! {"summary": {"errors": 3, "warnings": 5, "info": 3},
//!  "format": "json-rpc-response",
//!  "detected": "JSON-RPC tools/list response · 3 tools",
//!  "tools": 3,
//!  "settings": {"targets": ["mcp"], "strict": false, "revision": "2026-07-28"},
//!  "findings": [{"rule": "…", "severity": "error", "tool": "…", "path": "…",
//!                "pointer": "/…", "message": "…", "explanation": "…", "fix": "…"}]}
//! ```

use serde_json::{Value, json as j};

use crate::Report;

/// The report as a JSON value.
#[must_use]
pub fn to_value(report: &Report) -> Value {
    let s = &report.settings;
    let mut targets = vec!["mcp"];
    if s.targets.openai {
        targets.push("openai");
    }
    if s.targets.claude {
        targets.push("claude");
    }
    let findings: Vec<Value> = report
        .findings
        .iter()
        .map(|f| {
            j!({
                "rule": f.rule.id,
                "severity": f.severity,
                "tool": f.tool,
                "path": f.path.to_string(),
                "pointer": f.path.pointer(),
                "message": f.message,
                "explanation": f.explanation,
                "fix": f.fix,
            })
        })
        .collect();
    j!({
        "summary": report.counts,
        "format": report.format,
        "detected": report.detected(),
        "tools": report.tools.len(),
        "settings": {
            "targets": targets,
            "strict": s.strict,
            "revision": s.revision.as_str(),
        },
        "findings": findings,
    })
}

/// The report as pretty-printed JSON.
#[must_use]
pub fn json(report: &Report) -> String {
    serde_json::to_string_pretty(&to_value(report)).unwrap_or_default()
}
