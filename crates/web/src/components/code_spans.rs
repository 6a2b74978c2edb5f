//! Text with inline `code` spans, rendered as elements (never as HTML).

use leptos::prelude::*;

/// Splits `text` on backticks: odd parts become `<code>` elements. Pasted text
/// stays text whatever it contains.
pub fn with_code_spans(text: &str) -> Vec<AnyView> {
    let parts: Vec<&str> = text.split('`').collect();
    // An unbalanced backtick (from pasted text) means no code spans at all.
    if parts.len().is_multiple_of(2) {
        return vec![text.to_owned().into_any()];
    }
    parts
        .into_iter()
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                view! { <code>{part.to_owned()}</code> }.into_any()
            } else {
                part.to_owned().into_any()
            }
        })
        .collect()
}
