//! What a build keeps of the rules' and the clients' texts, by its
//! features: their docs, summaries, fix notes and source paths are in the
//! binary only when a build shows them (see the features in `Cargo.toml`).

use crate::registry::Group;

/// A rule's docs ([`crate::registry::RuleInfo::docs`]): the text with the `docs` feature.
/// Without it, nothing, except for the result rules in a binary that checks
/// results (the `schema` feature: the page's worker), which keep their "Why
/// is this bad?" section: their findings quote it ([`crate::registry::RuleInfo::why`]). The
/// rest of the text is left out of the binary, and the page's module, which
/// gets result findings from its worker with their explanations, keeps none.
#[must_use]
pub const fn docs_text(group: Group, text: &'static str) -> &'static str {
    if cfg!(feature = "docs") {
        text
    } else if matches!(group, Group::Result) && cfg!(feature = "schema") {
        section(text, WHY_HEADING)
    } else {
        ""
    }
}

/// A rule's [`crate::registry::RuleInfo::summary`]: the text with the `summaries` feature,
/// and nothing without it (the page's worker, which shows no rule).
#[must_use]
pub const fn summary_text(text: &'static str) -> &'static str {
    if cfg!(feature = "summaries") {
        text
    } else {
        ""
    }
}

/// `text` with the `docs` feature, and nothing without it (so a binary that
/// carries no docs carries no source paths either).
#[must_use]
pub const fn docs_only(text: &'static str) -> &'static str {
    if cfg!(feature = "docs") { text } else { "" }
}

/// The bytes of `text`, as an array of their own (see `rule_info!`).
#[must_use]
pub const fn bytes_of<const N: usize>(text: &str) -> [u8; N] {
    let mut out = [0; N];
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < N {
        out[i] = bytes[i];
        i += 1;
    }
    out
}

/// `bytes` as text: they are always a copy of a `&str` ([`bytes_of`]).
#[must_use]
pub const fn as_str(bytes: &'static [u8]) -> &'static str {
    match core::str::from_utf8(bytes) {
        Ok(s) => s,
        Err(_) => "",
    }
}

/// The heading of the docs' section that says what goes wrong.
const WHY_HEADING: &str = "## Why is this bad?";

/// The section of `docs` from the line that ends with `heading` to the next
/// `## ` heading (or the end); empty when there is no such line.
const fn section(docs: &'static str, heading: &str) -> &'static str {
    let (bytes, h) = (docs.as_bytes(), heading.as_bytes());
    let Some(start) = find(bytes, h, 0) else {
        return "";
    };
    let end = match find(bytes, b"\n ## ", start + h.len()) {
        Some(end) => end,
        None => bytes.len(),
    };
    let (head, _) = bytes.split_at(end);
    let (_, slice) = head.split_at(start);
    match core::str::from_utf8(slice) {
        Ok(s) => s,
        Err(_) => "",
    }
}

/// The first position of `needle` in `haystack` at or after `from`.
const fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while i + needle.len() <= haystack.len() {
        let mut j = 0;
        while j < needle.len() && haystack[i + j] == needle[j] {
            j += 1;
        }
        if j == needle.len() {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// A rule's [`crate::registry::RuleInfo::fix_note`]: the text with the `docs` feature, which
/// reads it ([`crate::registry::RuleInfo::docs`]), and nothing without it, so the text is not
/// in a binary that shows no docs (the page's module and its worker).
#[must_use]
pub const fn fix_note(note: &'static str) -> &'static str {
    if cfg!(feature = "docs") { note } else { "" }
}

#[cfg(test)]
mod tests {
    /// The "Why" section a result rule keeps without the docs is what
    /// [`crate::registry::RuleInfo::why`] reads from the whole docs.
    #[test]
    fn the_why_section_is_cut_at_its_headings() {
        let docs = " ## What it does\n Checks.\n\n ## Why is this bad?\n It breaks\n calls.\n\n ## Fix\n Fix it.\n";
        assert_eq!(
            super::section(docs, super::WHY_HEADING),
            "## Why is this bad?\n It breaks\n calls.\n"
        );
        assert_eq!(
            super::section(" ## Why is this bad?\n Last.\n", super::WHY_HEADING),
            "## Why is this bad?\n Last.\n"
        );
        assert_eq!(super::section(" ## What it does\n", super::WHY_HEADING), "");
        for rule in
            crate::catalog::every_rule().filter(|r| r.group == crate::registry::Group::Result)
        {
            let kept = super::section(rule.raw_docs, super::WHY_HEADING);
            assert!(kept.starts_with(super::WHY_HEADING), "{}", rule.id);
            let cut = crate::registry::RuleInfo {
                raw_docs: kept,
                why_text: std::sync::OnceLock::new(),
                ..*rule
            };
            assert_eq!(cut.why(), rule.why(), "{}", rule.id);
        }
    }
}
