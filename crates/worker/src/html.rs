//! The HTML the page shows of the worker's answers: a fix run's preview and
//! the test cases. Every piece of pasted text is escaped, so it cannot add
//! markup.

use std::fmt::Write as _;

use toolcheck::cases::ToolCases;
use toolcheck::fix::{Applicability, Fixed, fixes};
use toolcheck::report::escape_html as escape;

/// At most this many cases are shown on the page (the files have them all).
const SHOWN: usize = 300;

/// What a run fixed (each change before and after), what it left out and
/// why, what remains, and the tokens saved.
#[must_use]
pub fn fix_preview(fixed: &Fixed) -> String {
    let mut out = format!(
        "<p class=\"fix-summary\" data-testid=\"fix-summary\">{} {} {}</p>",
        escape(&fixed.applied_line()),
        escape(&fixed.remaining_line()),
        escape(&fixed.tokens_line())
    );
    if !fixed.applied.is_empty() {
        out.push_str("<ol class=\"fix-list\">");
        for a in &fixed.applied {
            let _ = write!(
                out,
                "<li data-testid=\"fix-applied\" data-rule=\"{id}\"><span class=\"fix-kind {kind}\">{kind}</span> \
                 <code>{id}</code> {tool}<span class=\"path\">{path}</span>: {title}\
                 <pre class=\"fix-before\" aria-label=\"Before\">{before}</pre>\
                 <pre class=\"fix-after\" aria-label=\"After\">{after}</pre></li>",
                id = a.rule.id,
                kind = a.applicability.as_str(),
                tool = a
                    .tool
                    .as_deref()
                    .map(|t| format!("<span class=\"tool\">{}</span> ", escape(t)))
                    .unwrap_or_default(),
                path = escape(&a.path.to_string()),
                title = escape(&a.title),
                before = escape(&a.before),
                after = escape(&a.after),
            );
        }
        out.push_str("</ol>");
    }
    if !fixed.skipped.is_empty() {
        let _ = write!(
            out,
            "<details class=\"fix-skipped\"><summary>{} left out</summary><ul>",
            fixes(fixed.skipped.len())
        );
        for s in &fixed.skipped {
            let _ = write!(
                out,
                "<li data-testid=\"fix-skipped\"><code>{}</code> <span class=\"path\">{}</span>: {}: {}</li>",
                s.rule.id,
                escape(&s.path.to_string()),
                escape(&s.title),
                escape(&s.reason)
            );
        }
        out.push_str("</ul></details>");
    }
    let more = fixed.unsafe_left();
    if more > 0
        && fixed
            .applied
            .iter()
            .all(|a| a.applicability == Applicability::Safe)
    {
        let _ = write!(
            out,
            "<p class=\"muted\">{} more with \u{201c}include unsafe fixes\u{201d}.</p>",
            fixes(more)
        );
    }
    out
}

/// The cases as HTML for the page: a table per tool, each pasted text
/// escaped; past the first cases, a line saying how many more the files
/// hold.
#[must_use]
pub fn cases(tools: &[ToolCases]) -> String {
    let mut out = String::new();
    let mut shown = 0;
    for (n, tool) in tools.iter().enumerate() {
        if shown >= SHOWN {
            let more: usize = tools[n..].iter().map(|t| t.cases.len()).sum();
            let _ = write!(
                out,
                "<p class=\"muted\" data-testid=\"cases-more\">{more} more cases for {} more tools are in the files.</p>",
                tools.len() - n
            );
            break;
        }
        let _ = write!(
            out,
            "<h3><code>{}</code>{}</h3>",
            escape(&tool.tool),
            if tool.read_only {
                ""
            } else {
                " <small>not read-only: the test files skip it unless writes are allowed</small>"
            }
        );
        for note in &tool.notes {
            let _ = write!(out, "<p class=\"muted\">Note: {}</p>", escape(note));
        }
        if tool.cases.is_empty() {
            continue;
        }
        out.push_str("<table><thead><tr><th scope=\"col\">Case</th><th scope=\"col\">Arguments</th><th scope=\"col\">The server should</th></tr></thead><tbody>");
        for case in &tool.cases {
            let _ = write!(
                out,
                "<tr data-valid=\"{}\"><td><code>{}</code></td><td><code>{}</code></td><td>{}</td></tr>",
                case.is_valid(),
                escape(&case.id),
                escape(&case.arguments.to_string()),
                escape(&case.expectation())
            );
        }
        out.push_str("</tbody></table>");
        shown += tool.cases.len();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use toolcheck::Settings;

    #[test]
    fn pasted_text_cannot_add_markup() {
        let text = r#"{"tools": [{"name": "<img src=x onerror=alert(1)>", "inputSchema": {"type": "object", "properties": {"a": {"type": "float"}}}}]}"#;
        let fixed = toolcheck::fix::fix(text, &Settings::default(), Applicability::Safe).unwrap();
        assert_eq!(fixed.applied.len(), 1);
        let html = fix_preview(&fixed);
        assert!(!html.contains("<img"), "{html}");
        assert!(html.contains("&lt;img src=x"), "{html}");
        assert!(html.contains("Applied 1 fix (1 safe, 0 unsafe)."), "{html}");
    }
}
