//! A quick test that rules out most text before it is scanned: plain ASCII
//! text without an HTML comment, a tag of interest or the words some passage
//! needs cannot match. (Other text is always scanned.)

use std::sync::LazyLock;

use aho_corasick::AhoCorasick;
use rustc_hash::FxHashMap;

use super::files::{REQUEST_VERBS, SENSITIVE_FILES};
use super::passages::{
    CONTENT, CONVERSATION, HIDE_VERBS, IGNORE_NOUNS, IGNORE_VERBS, KEYS, LET, NEW, PASS_VERBS,
    READ, ROLE_NOUNS, SECRETS, SHOW, SYSTEM_SECOND, TELL, TOLD, TURNS, USER, VARIABLES, YOUR_RULES,
};
use super::tags::{may_report, tag_name};

/// The kinds of word the passages are built on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    IgnoreVerb,
    IgnoreNoun,
    User,
    /// Hiding, telling, showing, letting know, and being told.
    Hide,
    /// The name of a sensitive file, matched anywhere.
    File,
    Request,
    Pass,
    /// What may be handed over: the system prompt, the conversation, secrets.
    Handed,
    Content,
    Read,
    /// "you" and "your".
    You,
    Now,
    /// "new", "real": what replaces the model's instructions.
    New,
    /// What "your new …" names: instructions, role, rules.
    Role,
}

/// The kinds of word that together can make a passage: no passage matches
/// text that lacks a word of each kind of one of these.
const ENOUGH: &[&[Kind]] = &[
    // "ignore all previous instructions".
    &[Kind::IgnoreVerb, Kind::IgnoreNoun],
    // "hide this from the user", "do not tell the user".
    &[Kind::User, Kind::Hide],
    // "read ~/.ssh/id_rsa".
    &[Kind::File, Kind::Request],
    // "include your system prompt".
    &[Kind::Pass, Kind::Handed],
    // "read … and pass its content as 'notes'".
    &[Kind::Pass, Kind::Content, Kind::Read],
    // "you are now in maintenance mode", "from now on you …".
    &[Kind::You, Kind::Now],
    // "your new instructions".
    &[Kind::You, Kind::New, Kind::Role],
];

/// Every word of some kind, with its kinds.
static WORDS: LazyLock<FxHashMap<&str, Vec<Kind>>> = LazyLock::new(|| {
    let lists: [(&[&str], Kind); 23] = [
        (IGNORE_VERBS, Kind::IgnoreVerb),
        (IGNORE_NOUNS, Kind::IgnoreNoun),
        (USER, Kind::User),
        (HIDE_VERBS, Kind::Hide),
        (TELL, Kind::Hide),
        (SHOW, Kind::Hide),
        (LET, Kind::Hide),
        (TOLD, Kind::Hide),
        (REQUEST_VERBS, Kind::Request),
        (PASS_VERBS, Kind::Pass),
        (SYSTEM_SECOND, Kind::Handed),
        (YOUR_RULES, Kind::Handed),
        (CONVERSATION, Kind::Handed),
        (TURNS, Kind::Handed),
        (SECRETS, Kind::Handed),
        (VARIABLES, Kind::Handed),
        (KEYS, Kind::Handed),
        (CONTENT, Kind::Content),
        (READ, Kind::Read),
        (&["you", "your"], Kind::You),
        (&["now"], Kind::Now),
        (NEW, Kind::New),
        (ROLE_NOUNS, Kind::Role),
    ];
    let mut words: FxHashMap<&str, Vec<Kind>> = FxHashMap::default();
    for (list, kind) in lists {
        for word in list {
            let kinds = words.entry(word).or_default();
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
    }
    words
});

/// The names of the sensitive files, wherever they are written.
static FILES: LazyLock<AhoCorasick> = LazyLock::new(|| {
    AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .build(SENSITIVE_FILES.iter().map(|f| f.0))
        .expect("a few short file names")
});

/// Whether the text may hold a passage, an HTML comment or a tag of interest.
pub(super) fn may_match(text: &str) -> bool {
    if !text.is_ascii() {
        return true;
    }
    let bytes = text.as_bytes();
    if memchr::memchr2_iter(b'<', b'[', bytes).any(|at| opens_tag(bytes, at)) {
        return true;
    }
    let mut seen: Vec<Kind> = Vec::new();
    if FILES.is_match(text) {
        seen.push(Kind::File);
    }
    // Words are runs of letters and digits, as the scan reads them.
    let lower = text.to_ascii_lowercase();
    for word in lower.split(|c: char| !c.is_ascii_alphanumeric()) {
        let Some(kinds) = WORDS.get(word) else {
            continue;
        };
        for kind in kinds {
            if !seen.contains(kind) {
                seen.push(*kind);
            }
        }
        if ENOUGH
            .iter()
            .any(|need| need.iter().all(|k| seen.contains(k)))
        {
            return true;
        }
    }
    false
}

/// Whether the `<` or `[` at byte `at` of the ASCII `text` opens an HTML
/// comment or a tag the scan may report (whether it closes is left to the
/// scan).
fn opens_tag(text: &[u8], at: usize) -> bool {
    text.get(at..at + 4) == Some(b"<!--")
        || may_report(&tag_name(at, text.len(), |j| char::from(text[j])).name)
}
