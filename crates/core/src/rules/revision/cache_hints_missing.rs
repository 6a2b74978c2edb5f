use crate::input::CACHE_HINTS;
use crate::registry::declare_rule;
use crate::rules::revision::cacheable_2026;
use crate::rules::{Definitions, Emitter};

declare_rule! {
    /// ## What it does
    /// Against 2026-07-28, flags a `tools/list` result that shows 2026-07-28
    /// (one of `resultType`, `ttlMs`, `cacheScope`, a capture that spoke it,
    /// or a `server/discover` result beside it) but lacks the others, and a
    /// `server/discover` result (pasted, in a transcript, or recorded by
    /// `toolcheck capture`) that lacks any of them.
    ///
    /// ## Why is this bad?
    /// Servers MUST send all three. A host that follows the spec's fallbacks
    /// still lists the tools (so a warning), but without `ttlMs` it assumes 0
    /// and asks for `tools/list` on every turn, and without `cacheScope` a
    /// shared gateway cannot tell whether it may serve the list to other
    /// users. The same holds for the `server/discover` result, which the spec
    /// names among the results that MUST carry the hints. A host that
    /// validates results against the schema rejects it.
    ///
    /// ## Example
    /// ```json
    /// {"jsonrpc": "2.0", "id": 1, "result": {"resultType": "complete", "tools": []}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"jsonrpc": "2.0", "id": 1, "result": {"resultType": "complete", "ttlMs": 300000, "cacheScope": "private", "tools": []}}
    /// ```
    ///
    /// ## Fix
    /// Send all three on every page: `"resultType": "complete"`, a `ttlMs` for
    /// how long the list stays valid (0 if it changes all the time), and
    /// `"cacheScope": "private"` unless the list is the same for every user.
    ///
    /// ## Sources
    /// - MCP 2026-07-28 schema, `ListToolsResult` and `CacheableResult`: <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    /// - MCP 2026-07-28, Caching ("Servers MUST include caching hints on results with `resultType: \"complete\"`"; absent `ttlMs`: "clients SHOULD assume a default of 0"): <https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching>
    /// - MCP 2026-07-28, Overview, `resultType` ("clients MUST treat an absent `resultType` as `\"complete\"`"): <https://modelcontextprotocol.io/specification/2026-07-28/basic>
    pub CACHE_HINTS_MISSING,
    id = "cache-hints-missing",
    group = Revision,
    severity = Warning,
    scope = List,
    fix_note = "No automatic fix: the cache hints are set by the server's code on every response, and how long the list stays valid is the server's decision.",
    summary = "2026-07-28: a tools/list or server/discover result lacks resultType, ttlMs or cacheScope",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for hinted in cacheable_2026(cx) {
        let (result, method, noun) = (hinted.result, hinted.method, hinted.noun);
        let missing: Vec<&str> = CACHE_HINTS
            .into_iter()
            .filter(|k| crate::value::member(result, k).is_none())
            .collect();
        let listed = match missing.as_slice() {
            [one] => format!("`{one}`"),
            [rest @ .., last] => format!(
                "{} or `{last}`",
                rest.iter()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            [] => continue,
        };
        let mut costs = Vec::new();
        for k in &missing {
            costs.push(match *k {
                "resultType" => "without `resultType` the host assumes `\"complete\"`",
                "ttlMs" if method == "tools/list" => {
                    "without `ttlMs` it treats the list as stale at once and asks for `tools/list` again every time it needs the tools"
                }
                "ttlMs" => "without `ttlMs` it treats the result as stale at once and asks again every time",
                _ => {
                    "without `cacheScope` a shared gateway or cache cannot tell whether it may serve it to other users"
                }
            });
        }
        let fix = missing
            .iter()
            .map(|k| match *k {
                "resultType" => "\"resultType\": \"complete\"".to_owned(),
                "ttlMs" => format!("\"ttlMs\": <milliseconds the {noun} stays valid, 0 if it changes all the time>"),
                _ => format!("\"cacheScope\": \"private\" (\"public\" only if the {noun} is the same for every user)"),
            })
            .collect::<Vec<_>>()
            .join(", ");
        out.report(
            None,
            hinted.path,
            format!("The {method} result has no {listed}, which 2026-07-28 servers MUST send"),
        )
        .explanation(
            format!(
                "In MCP 2026-07-28 a {method} result is cacheable and MUST carry `resultType`, `ttlMs` and `cacheScope`. \
                 A host that follows the spec's fallbacks still uses it, but {}; a host that validates results against the schema rejects the {noun}.",
                costs.join("; ")
            ),
        )
        .help(if method == "tools/list" {
            format!("Add {fix} to every tools/list page")
        } else {
            format!("Add {fix} to the {method} result")
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::{Revision, Settings};

    const FIXTURE: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/resources/fixtures/revision/cache-hints-missing.jsonl"
    ));

    crate::rules::revision::page_snapshot!(CACHE_HINTS_MISSING, "cache-hints-missing.jsonl");

    #[test]
    fn silent_without_a_2026_envelope_or_under_2025() {
        let only = |revision| {
            Settings {
                revision,
                ..Settings::default()
            }
            .only(super::CACHE_HINTS_MISSING.id)
        };
        for text in [
            crate::sample::TOOLS,
            r#"[{"name": "a", "inputSchema": {"type": "object"}}]"#,
            r#"{"jsonrpc": "2.0", "id": 1, "result": {"tools": []}}"#,
        ] {
            let report = crate::check(text, &only(Revision::R2026_07_28)).unwrap();
            assert!(report.findings.is_empty(), "{text}");
        }
        for revision in [Revision::R2025_06_18, Revision::R2025_11_25] {
            let report = crate::check(FIXTURE, &only(revision)).unwrap();
            assert!(report.findings.is_empty(), "{revision}");
        }
    }

    #[test]
    fn a_capture_that_spoke_2026_has_the_envelope() {
        let text = r#"{"jsonrpc": "2.0", "id": 2, "result": {"_meta": {"dev.toolcheck/capture": {"protocolVersion": "2026-07-28"}}, "tools": []}}"#;
        let report = crate::check(
            text,
            &Settings::default().only(super::CACHE_HINTS_MISSING.id),
        )
        .unwrap();
        assert_eq!(report.findings.len(), 1);
        assert!(
            report.findings[0]
                .message
                .contains("`resultType`, `ttlMs` or `cacheScope`"),
            "{}",
            report.findings[0].message
        );
    }

    #[test]
    fn checks_a_discover_result() {
        let only = Settings::default().only(super::CACHE_HINTS_MISSING.id);
        let bare = r#"{"jsonrpc": "2.0", "id": 1, "result": {"supportedVersions": ["2026-07-28"], "capabilities": {}, "resultType": "complete"}}"#;
        let report = crate::check(bare, &only).unwrap();
        let messages: Vec<&str> = report.findings.iter().map(|f| f.message.as_ref()).collect();
        assert_eq!(
            messages,
            [
                "The server/discover result has no `ttlMs` or `cacheScope`, which 2026-07-28 servers MUST send"
            ]
        );
        let hinted = r#"{"supportedVersions": ["2026-07-28"], "capabilities": {}, "resultType": "complete", "ttlMs": 0, "cacheScope": "public"}"#;
        assert!(crate::check(hinted, &only).unwrap().findings.is_empty());
    }
}
