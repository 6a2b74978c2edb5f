use crate::input::CAPTURE_META;
use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::Value;

declare_rule! {
    /// ## What it does
    /// Compares the listings that `toolcheck capture --repeat N` records (one
    /// per session): a tool one has and another lacks, the same tools in
    /// another order, and a tool whose definition changed (naming the members
    /// that differ).
    ///
    /// ## Why is this bad?
    /// Servers SHOULD return tools in a deterministic order, because clients
    /// cache the list and models cache prompts. A list that comes back
    /// shuffled, or with a timestamp in a description, misses both caches on
    /// every session, and makes `toolcheck diff` report changes nobody made.
    ///
    /// ## Example
    /// ```json
    /// {"tools": [{"name": "b"}, {"name": "a"}], "_meta": {"dev.toolcheck/capture":
    ///   {"repeats": [{"tools": [{"name": "a"}, {"name": "b"}]}]}}}
    /// ```
    /// Use instead: the same order every time.
    /// ```json
    /// {"tools": [{"name": "a"}, {"name": "b"}]}
    /// ```
    ///
    /// ## Fix
    /// Build the list in a fixed order (registration order, or sorted by
    /// name), and keep values that change per session (times, counters,
    /// random ids) out of the definitions.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools ("Servers SHOULD return tools in a deterministic order (i.e., the same ordering across requests when the underlying set of tools has not changed)"): <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2026-07-28, Changelog ("to enable client-side caching and improve LLM prompt cache hit rates"): <https://modelcontextprotocol.io/specification/2026-07-28/changelog>
    pub TOOLS_LIST_UNSTABLE,
    id = "tools-list-unstable",
    group = Revision,
    severity = Warning,
    runs_in = Worker,
    scope = List,
    fix_note = "No automatic fix: the order and the definitions are made by the server's code on every request.",
    summary = "Two listings of the same server differ in tool order or content",
}

/// The name of a tool value, for matching tools between listings.
fn name_of(tool: &Value) -> Option<&str> {
    tool.get("name").and_then(Value::as_str)
}

/// The members of two definitions of a tool that differ.
fn differing<'v>(first: &'v Value, later: &'v Value) -> Vec<&'v str> {
    let (Some(a), Some(b)) = (first.as_object(), later.as_object()) else {
        return vec!["the whole definition"];
    };
    let mut keys: Vec<&str> = a.keys().map(|k| k.as_str()).collect();
    keys.extend(b.keys().map(|k| k.as_str()).filter(|k| !a.contains_key(k)));
    keys.retain(|k| a.get(k) != b.get(k));
    keys
}

const WHY: &str = "Servers SHOULD list tools the same way every time (MCP 2026-07-28): a list that changes between \
                   sessions misses the client's and the model's caches, and a baseline diff reports changes nobody made.";

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for list in &cx.input.lists {
        let Some(repeats) = list
            .result_member("_meta")
            .and_then(|m| m.get(CAPTURE_META))
            .and_then(|r| r.get("repeats"))
            .and_then(Value::as_array)
        else {
            continue;
        };
        let Some(first) = list.value.as_array() else {
            continue;
        };
        let first_names: Vec<&str> = first.iter().filter_map(name_of).collect();
        for (k, repeat) in repeats.iter().enumerate() {
            let Some(again) = repeat.get("tools").and_then(Value::as_array) else {
                continue;
            };
            let listing = k + 2;
            let again_names: Vec<&str> = again.iter().filter_map(name_of).collect();
            let added: Vec<String> = again_names
                .iter()
                .filter(|n| !first_names.contains(n))
                .map(|n| quote(n))
                .collect();
            let gone: Vec<String> = first_names
                .iter()
                .filter(|n| !again_names.contains(n))
                .map(|n| quote(n))
                .collect();
            if !added.is_empty() || !gone.is_empty() {
                let mut parts = Vec::new();
                if !gone.is_empty() {
                    parts.push(format!("lacks {}", gone.join(", ")));
                }
                if !added.is_empty() {
                    parts.push(format!("adds {}", added.join(", ")));
                }
                out.report(None, list.path.clone(), format!("Listing {listing} {} compared with the first", parts.join(" and ")))
                    .explanation(WHY)
                    .help("Return the same set of tools on every listing, unless the server's tools really changed (and then send notifications/tools/list_changed)");
            } else if let Some(i) = first_names
                .iter()
                .zip(&again_names)
                .position(|(a, b)| a != b)
            {
                out.report(
                    None,
                    list.path.clone(),
                    format!(
                        "Listing {listing} returned the same tools in another order: {} at position {}, where the first had {}",
                        quote(again_names[i]),
                        i + 1,
                        quote(first_names[i])
                    ),
                )
                .explanation(WHY)
                .help("Return the tools in a fixed order, such as registration order or sorted by name");
            }
            for tool in cx.tools() {
                let Some(name) = tool.name() else { continue };
                let Some(later) = again.iter().find(|t| name_of(t) == Some(name)) else {
                    continue;
                };
                let changed = differing(tool.value, later);
                if changed.is_empty() {
                    continue;
                }
                out.report(
                    Some(tool),
                    tool.path.clone(),
                    format!(
                        "The definition of {} changed between the first listing and listing {listing}: {} {}",
                        quote(name),
                        changed.join(", "),
                        if changed.len() == 1 { "differs" } else { "differ" }
                    ),
                )
                .explanation(WHY)
                .help("Keep values that change per session (times, counters, random ids) out of the tool's definition");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::Settings;

    crate::rule_snapshot!(TOOLS_LIST_UNSTABLE, "revision/tools-list-unstable.json");

    /// The messages for a capture whose first listing is `first` and whose
    /// second is `second` (tool names only).
    fn messages(first: &[&str], second: &[&str]) -> Vec<String> {
        let tools = |names: &[&str]| {
            names
                .iter()
                .map(|n| format!(r#"{{"name": "{n}", "inputSchema": {{"type": "object"}}}}"#))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let capture = format!(
            r#"{{"jsonrpc": "2.0", "id": 1, "result": {{"_meta": {{"dev.toolcheck/capture": {{"repeats": [{{"tools": [{}]}}]}}}}, "tools": [{}]}}}}"#,
            tools(second),
            tools(first)
        );
        let report = crate::check(
            &capture,
            &Settings::default().only(super::TOOLS_LIST_UNSTABLE.id),
        )
        .unwrap();
        report
            .findings
            .iter()
            .map(|f| f.message.to_string())
            .collect()
    }

    #[test]
    fn order_and_set() {
        assert!(messages(&["a", "b", "c"], &["a", "b", "c"]).is_empty());
        assert_eq!(
            messages(&["a", "b", "c"], &["a", "c", "b"]),
            [
                "Listing 2 returned the same tools in another order: \"c\" at position 2, where the first had \"b\""
            ]
        );
        assert_eq!(
            messages(&["a", "b"], &["a", "d"]),
            ["Listing 2 lacks \"b\" and adds \"d\" compared with the first"]
        );
    }

    #[test]
    fn quiet_without_repeats() {
        let report = crate::check(
            crate::sample::TOOLS,
            &Settings::default().only(super::TOOLS_LIST_UNSTABLE.id),
        )
        .unwrap();
        assert!(report.findings.is_empty());
    }
}
