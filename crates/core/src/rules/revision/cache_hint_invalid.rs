use crate::registry::declare_rule;
use crate::rules::revision::cacheable_2026;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::Value;
use crate::value::json_kind;

declare_rule! {
    /// ## What it does
    /// Against 2026-07-28, flags a `ttlMs` that is not a whole number ≥ 0, or
    /// a `cacheScope` other than `"private"` or `"public"`, on a `tools/list`
    /// result and on a `server/discover` result.
    ///
    /// ## Why is this bad?
    /// A host caches the list by these hints. An unusable `ttlMs` counts as 0,
    /// so it refetches the list every time; an unknown `cacheScope` leaves it
    /// to guess whether a shared gateway may serve the list to other users.
    ///
    /// ## Example
    /// ```json
    /// {"resultType": "complete", "ttlMs": "5m", "cacheScope": "shared", "tools": []}
    /// ```
    /// Use instead:
    /// ```json
    /// {"resultType": "complete", "ttlMs": 300000, "cacheScope": "public", "tools": []}
    /// ```
    ///
    /// ## Fix
    /// Send `ttlMs` as an integer number of milliseconds (0 for "do not
    /// cache") and `cacheScope` as `"private"` or `"public"`.
    ///
    /// ## Sources
    /// - MCP 2026-07-28 schema, `CacheableResult` (`ttlMs`: integer, minimum 0; `cacheScope`: `"private"` or `"public"`): <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    /// - MCP 2026-07-28, Caching ("Servers MUST provide a `ttlMs` value that is `>= 0`"): <https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching>
    pub CACHE_HINT_INVALID,
    id = "cache-hint-invalid",
    group = Revision,
    severity = Warning,
    scope = List,
    fix_note = "No automatic fix: the cache hints are set by the server's code on every response, not by the definitions.",
    summary = "2026-07-28: a tools/list or server/discover result's ttlMs or cacheScope is malformed",
}

/// Why `ttlMs` is unusable, if it is.
fn bad_ttl(value: &Value, noun: &str) -> Option<String> {
    if value.as_u64().is_some() {
        return None;
    }
    match value.as_f64() {
        Some(n) if n < 0.0 => Some(format!(
            "ttlMs is {n}, below 0; clients treat it as 0 and never cache the {noun}"
        )),
        Some(n) if n.fract() == 0.0 => None,
        Some(n) => Some(format!("ttlMs is {n}, not a whole number of milliseconds")),
        None => Some(format!(
            "ttlMs is {}, not a number of milliseconds",
            match value {
                Value::String(s) => quote(s),
                other => json_kind(other).to_owned(),
            }
        )),
    }
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for hinted in cacheable_2026(cx) {
        let (at, result, noun) = (hinted.path, hinted.result, hinted.noun);
        if let Some(message) = crate::value::member(result, "ttlMs").and_then(|v| bad_ttl(v, noun))
        {
            out.report(
                None,
                at.key("ttlMs"),
                message,
            )
            .explanation(format!(
                "`ttlMs` tells a 2026-07-28 host how long it may reuse the {noun}. One it cannot use as a whole number of milliseconds of at least 0 \
                 counts as 0 or is rejected, so the host asks for {} again every time it needs {}.",
                hinted.method,
                if hinted.method == "tools/list" { "the tools" } else { "it" }
            ))
            .help(
                format!("Send ttlMs as an integer number of milliseconds, for example 300000 for five minutes, or 0 for a {noun} that changes all the time"),
            );
        }
        let scope = crate::value::member(result, "cacheScope");
        let bad_scope = match scope {
            None => None,
            Some(Value::String(s)) if matches!(s.as_str(), "private" | "public") => None,
            Some(Value::String(s)) => Some(quote(s)),
            Some(other) => Some(json_kind(other).to_owned()),
        }
        .map(|what| format!("cacheScope is {what}, not \"private\" or \"public\""));
        if let Some(message) = bad_scope {
            out.report(
                None,
                at.key("cacheScope"),
                message,
            )
            .explanation(format!(
                "`cacheScope` tells a shared gateway or cache whether it may serve the {noun} to other users. A value it does not know leaves it to guess: \
                 `public` would share a per-user {noun} across users, `private` throws the caching away.",
            ))
            .help(format!(
                "Send \"cacheScope\": \"private\" for a {noun} that can differ between users or tokens, \"public\" only for one that is the same for everyone"
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    crate::rules::revision::page_snapshot!(CACHE_HINT_INVALID, "cache-hint-invalid.jsonl");

    #[test]
    fn whole_numbers_written_as_decimals_are_fine() {
        let ttl = |v: serde_json::Value| super::bad_ttl(&crate::value::Value::from(v), "the list");
        assert!(ttl(serde_json::json!(60_000.0)).is_none());
        assert!(ttl(serde_json::json!(0)).is_none());
        assert!(ttl(serde_json::json!(-1)).is_some());
        assert!(ttl(serde_json::json!(1.5)).is_some());
    }
}
