use crate::input::CAPTURE_META;
use crate::path::Path;
use crate::registry::declare_rule;
use crate::rules::revision::results_2026;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::Value;

declare_rule! {
    /// ## What it does
    /// Checking against MCP 2026-07-28, flags a paginated `tools/list` whose
    /// pages do not all have the same `cacheScope`: the pages of a pasted
    /// transcript, or the pages `toolcheck capture` merged (it records their
    /// scopes when they differ).
    ///
    /// ## Why is this bad?
    /// Hosts cache each page of a list on its own, keyed by its cursor. When
    /// some pages say `public` and others `private`, a shared gateway serves
    /// the `public` pages to every user while it refetches the `private` ones
    /// per user, so a list that differs between users is partly shared
    /// across them, and users can see one another's tools or a list stitched
    /// together from two. Servers MUST apply the same `cacheScope` to all
    /// pages of a list.
    ///
    /// ## Example
    /// Page 1 `{"cacheScope": "private", "nextCursor": "2", …}`, page 2
    /// `{"cacheScope": "public", …}`.
    ///
    /// Use instead: `"cacheScope": "private"` on both pages (or `"public"` on
    /// both, if the whole list is the same for every user).
    ///
    /// ## Fix
    /// Decide the scope once for the whole list and send it with every page:
    /// `private` if any page can differ between users.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Caching, pagination ("Servers MUST apply the same `cacheScope` to all response pages for a given list request"): <https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching>
    pub CACHE_SCOPE_MIXED,
    id = "cache-scope-mixed",
    group = Revision,
    severity = Warning,
    scope = List,
    fix_note = "No automatic fix: whether the list differs between users is known only to the server, and the pages are built by its code at run time.",
    summary = "2026-07-28: the pages of a tools/list have different cacheScopes",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    // (page number, where, scope) for every page that states one.
    let mut pages: Vec<(usize, Path, &str)> = Vec::new();
    for (list, result) in results_2026(cx) {
        let at = list.result_path();
        // A capture that merged pages with different scopes records them all.
        let recorded = result
            .get("_meta")
            .and_then(|m| m.get(CAPTURE_META))
            .and_then(|c| c.get("cacheScopes"))
            .and_then(Value::as_array);
        match recorded {
            Some(recorded) => {
                let base = at.key("_meta").key(CAPTURE_META).key("cacheScopes");
                pages.extend(
                    recorded
                        .iter()
                        .enumerate()
                        .filter_map(|(i, v)| Some((i + 1, base.index(i), v.as_str()?))),
                );
            }
            None => {
                if let Some(scope) = result.get("cacheScope").and_then(Value::as_str) {
                    pages.push((pages.len() + 1, at.key("cacheScope"), scope));
                }
            }
        }
    }
    let Some((first_number, _, first)) = pages.first().cloned() else {
        return;
    };
    for (number, path, scope) in &pages[1..] {
        if *scope == first {
            continue;
        }
        out.report(
            None,
            path.clone(),
            format!(
                "Page {number} of tools/list has cacheScope {}, page {first_number} {}",
                quote(scope),
                quote(first)
            ),
        )
        .explanation(
            "Hosts cache each page of a list on its own. With mixed scopes a shared gateway serves the `public` pages to every user and the `private` ones \
             per user, so a list that differs between users is partly shared across them. Servers MUST give every page of a list the same cacheScope.",
        )
        .help(
            "Send the same cacheScope with every page: \"private\" if any page can differ between users",
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::Settings;

    crate::rules::revision::page_snapshot!(CACHE_SCOPE_MIXED, "cache-scope-mixed.jsonl");

    #[test]
    fn a_capture_records_the_scopes_of_the_pages_it_merged() {
        let text = r#"{"jsonrpc": "2.0", "id": 3, "result": {"resultType": "complete", "ttlMs": 0, "cacheScope": "private",
            "_meta": {"dev.toolcheck/capture": {"protocolVersion": "2026-07-28", "cacheScopes": ["private", "public"]}}, "tools": []}}"#;
        let report =
            crate::check(text, &Settings::default().only(super::CACHE_SCOPE_MIXED.id)).unwrap();
        assert_eq!(report.findings.len(), 1, "{:#?}", report.findings);
        assert_eq!(
            report.findings[0].path.to_string(),
            "result._meta[\"dev.toolcheck/capture\"].cacheScopes[1]"
        );
    }
}
