//! The page's preview of a fix run, as HTML: every piece of pasted text is
//! escaped, so it cannot add markup.

use std::fmt::Write as _;

use super::{Applicability, Fixed, fixes};
use crate::text::escape_html as escape;

/// What a run fixed (each change before and after), what it left out and
/// why, what remains, and the tokens saved.
#[must_use]
pub fn to_html(fixed: &Fixed) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Settings;

    #[test]
    fn pasted_text_cannot_add_markup() {
        let text = r#"{"tools": [{"name": "<img src=x onerror=alert(1)>", "inputSchema": {"type": "object", "properties": {"a": {"type": "float"}}}}]}"#;
        let fixed = super::super::fix(text, &Settings::default(), Applicability::Safe).unwrap();
        assert_eq!(fixed.applied.len(), 1);
        let html = to_html(&fixed);
        assert!(!html.contains("<img"), "{html}");
        assert!(html.contains("&lt;img src=x"), "{html}");
        assert!(html.contains("Applied 1 fix (1 safe, 0 unsafe)."), "{html}");
    }
}
