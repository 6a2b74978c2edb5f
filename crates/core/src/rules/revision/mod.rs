//! Differences between MCP revisions.

pub(crate) mod cache_hint_invalid;
pub(crate) mod cache_hints_missing;
pub(crate) mod cache_scope_mixed;
pub(crate) mod discover_result_invalid;
pub(crate) mod list_result_type_invalid;
pub(crate) mod output_schema_not_object;
pub(crate) mod tool_name_not_header_safe;
pub(crate) mod tools_list_unstable;
pub(crate) mod x_mcp_header_no_effect;

use crate::input::ToolsField;
use crate::rules::Definitions;
use crate::settings::Revision;

/// The `tools/list` results to hold to MCP 2026-07-28's result rules: every
/// page, when the check is against 2026-07-28 and the paste shows a
/// 2026-07-28 result ([`crate::input::Detected::shows_2026_result`]). A bare
/// tool array, a provider's body or a result with none of the signs has no
/// 2026-07-28 envelope to check.
pub(crate) fn results_2026<'c, 'a>(
    cx: &'c Definitions<'a>,
) -> impl Iterator<Item = (&'c ToolsField<'a>, &'a crate::value::Map)> + 'c {
    let applies = cx.settings.revision >= Revision::R2026_07_28 && cx.input.shows_2026_result();
    cx.input
        .lists
        .iter()
        .filter(move |_| applies)
        .filter_map(|list| Some((list, list.result?.as_object()?)))
}

/// A 2026-07-28 result that MUST carry cache hints, with the words a
/// finding about it uses.
pub(crate) struct Cacheable<'a> {
    /// Where the result is.
    pub(crate) path: crate::path::Path,
    /// The result.
    pub(crate) result: &'a crate::value::Map,
    /// The method it answers: `tools/list` or `server/discover`.
    pub(crate) method: &'static str,
    /// What a host caches, as a noun: "list" or "result".
    pub(crate) noun: &'static str,
}

/// The results to hold to MCP 2026-07-28's caching rules: each page of
/// [`results_2026`], and the `server/discover` result (itself a sign of
/// 2026-07-28) when the check is against 2026-07-28.
pub(crate) fn cacheable_2026<'c, 'a>(
    cx: &'c Definitions<'a>,
) -> impl Iterator<Item = Cacheable<'a>> + 'c {
    let lists = results_2026(cx).map(|(list, result)| Cacheable {
        path: list.result_path(),
        result,
        method: "tools/list",
        noun: "list",
    });
    let discover = cx
        .input
        .discover
        .as_ref()
        .filter(|_| cx.settings.revision >= Revision::R2026_07_28)
        .and_then(|d| {
            Some(Cacheable {
                path: d.path.clone(),
                result: d.value.as_object()?,
                method: "server/discover",
                noun: "result",
            })
        });
    lists.chain(discover)
}

/// A rule's snapshot test over a transcript fixture in
/// `resources/fixtures/revision/`, with [`testing::check_pages`]'s
/// `ok_*`/`bad_*` page expectations.
#[cfg(test)]
macro_rules! page_snapshot {
    ($rule:ident, $fixture:literal) => {
        #[test]
        fn snapshot() {
            let text = include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/resources/fixtures/revision/",
                $fixture
            ));
            let report = crate::rules::revision::testing::check_pages(
                text,
                super::$rule.id,
                crate::Settings::default(),
            );
            insta::assert_snapshot!(
                super::$rule.id,
                crate::report::testing::render_for_snapshot(&report)
            );
        }
    };
}
#[cfg(test)]
pub(crate) use page_snapshot;

#[cfg(test)]
pub(crate) mod testing {
    use crate::Settings;

    /// Checks `fixture` with `rule` alone, and asserts that no finding lands
    /// on a page whose first tool is named `ok_*` and that every page whose
    /// first tool is named `bad_*` gets one. Returns the report.
    pub(crate) fn check_pages(text: &str, rule: &str, settings: Settings) -> crate::Report {
        let report = crate::check(text, &settings.only(rule)).expect("fixture parses");
        let doc = crate::input::Document::parse(text).expect("parses");
        let input = crate::input::detect(&doc).expect("detects");
        for list in &input.lists {
            let Some(name) = list
                .value
                .as_array()
                .and_then(|tools| tools.first())
                .and_then(|t| t.get("name"))
                .and_then(crate::value::Value::as_str)
            else {
                continue;
            };
            let page = list.result_path();
            let hits = report
                .findings
                .iter()
                .filter(|f| f.path.starts_with(&page))
                .count();
            if name.starts_with("ok_") {
                assert_eq!(
                    hits, 0,
                    "near-miss page {page} got a finding: {:#?}",
                    report.findings
                );
            }
            if name.starts_with("bad_") {
                assert!(hits > 0, "page {page} ({name}) got no finding");
            }
        }
        report
    }
}
