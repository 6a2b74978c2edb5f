use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::settings::Revision;
use crate::severity::Severity;
use crate::text::quote;
use crate::value::Value;
use crate::value::json_kind;
use crate::value::member;

declare_rule! {
    /// ## What it does
    /// Against 2026-07-28, checks a `server/discover` result (pasted, in a
    /// transcript, or recorded by `toolcheck capture`) for what a client
    /// needs to pick a version and talk to the server:
    /// - errors: the result is not an object; `supportedVersions` is missing,
    ///   not an array of strings, or empty; `capabilities` is missing or not
    ///   an object; `instructions` is not a string;
    /// - warnings: a version that is not a `YYYY-MM-DD` identifier, and a list
    ///   without `2026-07-28`, the revision `server/discover` belongs to.
    ///
    /// Its cache hints (`resultType`, `ttlMs`, `cacheScope`) are checked by
    /// `cache-hints-missing` and `cache-hint-invalid`.
    ///
    /// ## Why is this bad?
    /// A 2026-07-28 client has no handshake: it picks a version from
    /// `supportedVersions` ("The client should choose one of these") and
    /// reads `capabilities` to know what it may ask. Without them it gives up
    /// or falls back to an older handshake, and a validating client rejects
    /// the result. A version that is not a date cannot be compared.
    ///
    /// ## Example
    /// ```json
    /// {"supportedVersions": [], "resultType": "complete", "ttlMs": 3600000, "cacheScope": "public"}
    /// ```
    /// Use instead:
    /// ```json
    /// {"supportedVersions": ["2026-07-28", "2025-11-25"], "capabilities": {"tools": {}},
    ///  "resultType": "complete", "ttlMs": 3600000, "cacheScope": "public"}
    /// ```
    ///
    /// ## Fix
    /// Return every protocol version the server speaks in `supportedVersions`,
    /// `2026-07-28` among them, and the server's `capabilities` as an object.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Discovery ("Servers MUST implement it"; `supportedVersions`: "The client should choose one of these for subsequent requests"): <https://modelcontextprotocol.io/specification/2026-07-28/server/discover>
    /// - MCP 2026-07-28 schema, `DiscoverResult` (requires `supportedVersions`, `capabilities`, `resultType`, `ttlMs`, `cacheScope`): <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    /// - MCP, Versioning ("string-based version identifiers following the format `YYYY-MM-DD`"): <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/docs/docs/2026-07-28/learn/versioning.mdx>
    pub DISCOVER_RESULT_INVALID,
    id = "discover-result-invalid",
    group = Revision,
    severity = Error,
    runs_in = Worker,
    scope = List,
    fix_note = "No automatic fix: the result is built by the server's code, not by the tool definitions.",
    summary = "2026-07-28: a server/discover result lacks usable supportedVersions or capabilities",
}

/// What is wrong with `supportedVersions`, and whether it is only a warning.
fn versions_problem(value: Option<&Value>) -> Option<(String, bool)> {
    let Some(value) = value else {
        return Some(("has no supportedVersions".to_owned(), false));
    };
    let Some(items) = value.as_array() else {
        return Some((
            format!(
                "has supportedVersions as {}, not an array of versions",
                json_kind(value)
            ),
            false,
        ));
    };
    if items.is_empty() {
        return Some(("lists no supportedVersions".to_owned(), false));
    }
    if let Some(other) = items.iter().find(|v| !v.is_string()) {
        return Some((
            format!(
                "has {} among its supportedVersions, not a version string",
                json_kind(other)
            ),
            false,
        ));
    }
    let versions = items.iter().filter_map(Value::as_str);
    if let Some(odd) = versions.clone().find(|v| !is_date(v)) {
        return Some((
            format!(
                "lists the version {}, which is not a YYYY-MM-DD identifier",
                quote(odd)
            ),
            true,
        ));
    }
    if !versions
        .clone()
        .any(|v| v == Revision::R2026_07_28.as_str())
    {
        return Some((
            "does not list 2026-07-28 among its supportedVersions".to_owned(),
            true,
        ));
    }
    None
}

/// Whether `v` has the shape `YYYY-MM-DD`.
fn is_date(v: &str) -> bool {
    v.len() == 10
        && v.bytes().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                b == b'-'
            } else {
                b.is_ascii_digit()
            }
        })
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    if cx.settings.revision < Revision::R2026_07_28 {
        return;
    }
    let Some(discover) = &cx.input.discover else {
        return;
    };
    let explanation = "A 2026-07-28 client picks its protocol version from supportedVersions and reads capabilities to \
                       know what it may ask: without them it gives up or falls back to an older handshake.";
    let Some(result) = discover.value.as_object() else {
        out.report(
            None,
            discover.path.clone(),
            format!(
                "The server/discover result is {}, not an object",
                json_kind(discover.value)
            ),
        )
        .explanation(explanation)
        .help("Return an object with supportedVersions, capabilities and the cache hints");
        return;
    };
    if let Some((problem, warning)) = versions_problem(member(result, "supportedVersions")) {
        let path = if member(result, "supportedVersions").is_some() {
            discover.path.key("supportedVersions")
        } else {
            discover.path.clone()
        };
        let finding = out
            .report(None, path, format!("The server/discover result {problem}"))
            .explanation(if warning {
                "A client compares supportedVersions with the YYYY-MM-DD revisions it knows; a server that answers \
                 server/discover speaks 2026-07-28."
            } else {
                explanation
            })
            .help("List every protocol version the server speaks, 2026-07-28 among them: \"supportedVersions\": [\"2026-07-28\", …]");
        if warning {
            finding.severity = Severity::Warning;
        }
    }
    match member(result, "capabilities") {
        Some(Value::Object(_)) => {}
        other => {
            let (path, problem) = match other {
                None => (discover.path.clone(), "has no capabilities".to_owned()),
                Some(v) => (
                    discover.path.key("capabilities"),
                    format!("has capabilities as {}, not an object", json_kind(v)),
                ),
            };
            out.report(None, path, format!("The server/discover result {problem}"))
                .explanation(explanation)
                .help("Return the server's capabilities as an object, for example \"capabilities\": {\"tools\": {}}");
        }
    }
    if let Some(v) = member(result, "instructions").filter(|v| !v.is_string()) {
        out.report(
            None,
            discover.path.key("instructions"),
            format!("The server/discover result has instructions as {}, not a string", json_kind(v)),
        )
        .explanation("A client puts the server's instructions in the model's context as text; one that validates the result rejects it.")
        .help("Send instructions as a string, or leave it out");
    }
}

#[cfg(test)]
mod tests {
    use super::versions_problem;
    use crate::{Revision, Settings};

    fn problem(json: &str) -> Option<(String, bool)> {
        let value = crate::input::json::parse(json).unwrap();
        versions_problem(Some(&value))
    }

    #[test]
    fn judges_supported_versions() {
        assert_eq!(problem(r#"["2026-07-28", "2025-11-25"]"#), None);
        assert!(matches!(problem("[]"), Some((_, false))));
        assert!(matches!(problem(r#""2026-07-28""#), Some((_, false))));
        assert!(matches!(problem(r#"["2026-07-28", 5]"#), Some((_, false))));
        assert!(matches!(
            problem(r#"["2026-07-28", "v2"]"#),
            Some((_, true))
        ));
        assert!(matches!(problem(r#"["2025-11-25"]"#), Some((_, true))));
        assert!(matches!(versions_problem(None), Some((_, false))));
    }

    /// Each line of the fixture is one pasted document: `bad_*` lines get a
    /// finding, `ok_*` lines none (the name is in the `_meta` of the result).
    #[test]
    fn snapshot() {
        let fixture = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/resources/fixtures/revision/discover-result-invalid.jsonl"
        ));
        let settings = Settings::default().only(super::DISCOVER_RESULT_INVALID.id);
        let mut rendered = String::new();
        for line in fixture.lines().filter(|l| !l.trim().is_empty()) {
            let report = crate::check(line, &settings).expect("a fixture line parses");
            let case = line
                .split("\"case\": \"")
                .nth(1)
                .and_then(|r| r.split('"').next())
                .expect("a case name");
            if case.starts_with("ok_") {
                assert!(report.findings.is_empty(), "{case}: {:#?}", report.findings);
            } else {
                assert!(!report.findings.is_empty(), "{case} got no finding");
            }
            rendered.push_str(&format!(
                "# {case}\n{}",
                crate::report::testing::render_for_snapshot(&report)
            ));
        }
        insta::assert_snapshot!(super::DISCOVER_RESULT_INVALID.id, rendered);
    }

    #[test]
    fn silent_under_2025() {
        let settings = Settings {
            revision: Revision::R2025_11_25,
            ..Settings::default()
        }
        .only(super::DISCOVER_RESULT_INVALID.id);
        let report = crate::check(
            r#"{"jsonrpc": "2.0", "id": 1, "result": {"supportedVersions": []}}"#,
            &settings,
        )
        .unwrap();
        assert!(report.findings.is_empty());
    }

    #[test]
    fn reads_what_a_capture_recorded() {
        let capture = r#"{"jsonrpc": "2.0", "id": 2, "result": {"resultType": "complete", "ttlMs": 0, "cacheScope": "private",
            "_meta": {"dev.toolcheck/capture": {"protocolVersion": "2026-07-28", "discover": {"supportedVersions": ["2026-07-28"]}}},
            "tools": [{"name": "a", "description": "A tool.", "inputSchema": {"type": "object"}}]}}"#;
        let report = crate::check(
            capture,
            &Settings::default().only(super::DISCOVER_RESULT_INVALID.id),
        )
        .unwrap();
        let paths: Vec<String> = report.findings.iter().map(|f| f.path.to_string()).collect();
        assert_eq!(paths, ["result._meta[\"dev.toolcheck/capture\"].discover"]);
    }
}
