//! `<IMPORTANT>`, `<system>…</system>`, `<|im_start|>`, `[INST]` and
//! `<!-- … -->`.

use rustc_hash::FxHashMap;

use super::{Match, Weight, push_block};
use crate::text::scan::Scan;
use crate::text::unicode::quote_excerpt;

/// Tag names that are never placeholders.
const TAG_ALONE: &[&str] = &[
    "important",
    "systemprompt",
    "systemmessage",
    "instructions",
    "toolinstructions",
    "imstart",
    "imend",
];

/// Tag names that count only as a block with a closing tag (`<system>…</system>`).
const TAG_BLOCK: &[&str] = &[
    "system",
    "sys",
    "instruction",
    "critical",
    "hidden",
    "assistant",
    "secret",
    "override",
    "admin",
    "note",
];

/// Tag names that pose as another turn of the conversation (a system or
/// assistant message, a chat template's markers), or say that what they
/// hold is hidden or overrides something: a form worth knowing about
/// ([`Weight::Form`]). The other tags of interest (`<IMPORTANT>`,
/// `<instructions>`, `<note>`) structure text for a model, as prompting
/// guides recommend, and say nothing by themselves ([`Weight::Frame`]).
const TAG_POSING: &[(&str, &str)] = &[
    ("system", TURN),
    ("sys", TURN),
    ("systemprompt", TURN),
    ("systemmessage", TURN),
    ("assistant", TURN),
    ("imstart", TURN),
    ("imend", TURN),
    ("inst", TURN),
    ("hidden", HIDDEN),
    ("secret", HIDDEN),
    ("override", AUTHORITY),
    ("admin", AUTHORITY),
];

const TURN: &str = "which poses as another turn of the conversation";
const HIDDEN: &str = "which marks what it holds as hidden";
const AUTHORITY: &str = "which claims authority over the model's instructions";

/// The name of a tag-like token.
pub(super) struct TagName {
    /// Lowercase letters and digits, without `_` and `-`.
    pub(super) name: String,
    /// Whether a `/` comes before the name (`</name>`).
    closing: bool,
    /// Where the name ends.
    end: usize,
}

/// Reads a tag's name after its bracket at `at`, from the characters
/// `char_at(j)` for `j` below `len`: at most three of `<`, `|`, `/` and space
/// (`<|name|>`, `</name>`), then at most 30 letters, digits, `_` and `-`, of
/// which the letters and digits make the name.
pub(super) fn tag_name(at: usize, len: usize, char_at: impl Fn(usize) -> char) -> TagName {
    let mut j = at + 1;
    let mut closing = false;
    while j < len && j < at + 4 && matches!(char_at(j), '<' | '|' | '/' | ' ') {
        closing |= char_at(j) == '/';
        j += 1;
    }
    let name_start = j;
    let mut name = String::new();
    while j < len && j < name_start + 30 {
        let c = char_at(j);
        if c.is_ascii_alphanumeric() {
            name.push(c.to_ascii_lowercase());
        } else if !matches!(c, '_' | '-') {
            break;
        }
        j += 1;
    }
    TagName {
        name,
        closing,
        end: j,
    }
}

/// Whether [`tags`] may report a tag of this name (with the right bracket,
/// or closed).
pub(super) fn may_report(name: &str) -> bool {
    TAG_ALONE.contains(&name) || TAG_BLOCK.contains(&name) || name == "inst"
}

/// A tag-like token: `<name …>`, `</name>`, `<|name|>` or `[name]`.
struct Tag {
    open: char,
    closing: bool,
    /// Empty when the bracket opens no tag.
    name: String,
    /// The index of the closing bracket.
    end: usize,
    /// Where scanning resumes when this is not a tag of interest.
    resume: usize,
}

/// The tag whose bracket is at `i`, if there is a bracket there.
fn parse_tag(s: &Scan, i: usize) -> Option<Tag> {
    let len = s.lower.len();
    let open = *s.lower.get(i)?;
    let close = match open {
        '<' => '>',
        '[' => ']',
        _ => return None,
    };
    let TagName {
        name,
        closing,
        end: j,
    } = tag_name(i, len, |j| s.lower[j]);
    let resume = j.max(i + 1);
    // The tag must close soon, on the same line.
    let end = (j..len.min(j + 60))
        .take_while(|k| !matches!(s.lower[*k], '<' | '[' | '\n'))
        .find(|k| s.lower[*k] == close);
    Some(match end {
        Some(end) if !name.is_empty() => Tag {
            open,
            closing,
            name,
            end,
            resume,
        },
        // Not a tag; still say where scanning goes on.
        _ => Tag {
            open,
            closing,
            name: String::new(),
            end: resume,
            resume,
        },
    })
}

/// `<IMPORTANT>`, `<system>…</system>`, `<|im_start|>`, `[INST]`.
pub(super) fn tags(s: &Scan, out: &mut Vec<Match>) {
    let len = s.lower.len();
    let brackets = || (0..len).filter(|i| matches!(s.lower[*i], '<' | '['));
    // Every closing tag, by bracket and name, in order.
    let mut closings: FxHashMap<(char, String), Vec<usize>> = FxHashMap::default();
    for i in brackets() {
        if let Some(tag) = parse_tag(s, i).filter(|t| t.closing && !t.name.is_empty()) {
            closings.entry((tag.open, tag.name)).or_default().push(i);
        }
    }
    let mut i = 0;
    let mut seen_start = false;
    while i < len {
        if !matches!(s.lower[i], '<' | '[') {
            i += 1;
            continue;
        }
        let Some(tag) = parse_tag(s, i) else { break };
        if tag.closing || tag.name.is_empty() {
            i = tag.resume;
            continue;
        }
        let closing_at = closings
            .get(&(tag.open, tag.name.clone()))
            .and_then(|v| v.get(v.partition_point(|p| *p <= tag.end)).copied());
        let name = tag.name.as_str();
        let known = TAG_ALONE.contains(&name)
            || (TAG_BLOCK.contains(&name) && closing_at.is_some())
            || (tag.open == '[' && matches!(name, "inst" | "sys"));
        if !known {
            i = tag.resume;
            continue;
        }
        // Span the whole block when it closes, so the excerpt shows what it says.
        let block_end = closing_at
            .and_then(|c| parse_tag(s, c))
            .map_or(tag.end + 1, |t| t.end + 1);
        // A chat template's closing marker after its opening one is part of
        // the same turn.
        if name == "imend" && seen_start {
            i = tag.end + 1;
            continue;
        }
        seen_start |= name == "imstart";
        let shown: String = s.chars[i..=tag.end].iter().collect();
        let shown = quote_excerpt(&shown, 30);
        let shown = shown.trim_matches('"');
        let block = if closing_at.is_some() || tag.open == '<' && !shown.starts_with("<|") {
            format!("a block tagged {shown}")
        } else {
            format!("the chat-template marker {shown}")
        };
        let (label, weight) = match TAG_POSING.iter().find(|(n, _)| *n == name) {
            Some((_, what)) => (format!("has {block}, {what}"), Weight::Form),
            None => (format!("has {block}"), Weight::Frame),
        };
        push_block(out, Some((i, block_end)), label, weight, block);
        i = tag.end + 1;
    }
}

/// The words from which an HTML comment is a hidden block of text.
const COMMENT_WORDS: usize = 3;

/// `<!-- … -->`.
pub(super) fn html_comments(s: &Scan, out: &mut Vec<Match>) {
    let mut from = 0;
    while let Some(start) = s.find("<!--", from) {
        let end = s.find("-->", start + 4).map_or(s.lower.len(), |e| e + 3);
        let label = "has an HTML comment, which is hidden wherever the description is rendered";
        // A comment that says something (three words or more) is text a
        // person reading the rendered description does not see; a bare
        // marker says nothing. Either way, what it asks for decides more.
        let words = s
            .words
            .iter()
            .filter(|w| w.start > start && w.end < end)
            .count();
        let weight = if words >= COMMENT_WORDS {
            Weight::Form
        } else {
            Weight::Frame
        };
        push_block(
            out,
            Some((start, end)),
            label.to_owned(),
            weight,
            "an HTML comment".to_owned(),
        );
        from = end.max(start + 1);
    }
}

/// Whether `text` may hold a tag of interest or an HTML comment: non-ASCII
/// text always may (tag characters decode to brackets).
pub(super) fn may_hold_a_form(text: &str) -> bool {
    if !text.is_ascii() {
        return true;
    }
    let bytes = text.as_bytes();
    memchr::memchr2_iter(b'<', b'[', bytes).any(|at| {
        bytes.get(at..at + 4) == Some(b"<!--")
            || may_report(&tag_name(at, bytes.len(), |j| char::from(bytes[j])).name)
    })
}
