//! "read ~/.ssh/id_rsa", "pass the contents of .env".

use super::passages::PASS_VERBS;
use super::{Match, NEGATIONS, negated, parameter_after, push};
use crate::input::Tool;
use crate::text::scan::Scan;

/// Verbs that ask for something to be read or handed over.
pub(super) const REQUEST_VERBS: &[&str] = &[
    "read",
    "cat",
    "open",
    "load",
    "fetch",
    "get",
    "send",
    "pass",
    "include",
    "upload",
    "provide",
    "attach",
    "copy",
    "paste",
    "print",
    "output",
    "dump",
    "retrieve",
    "extract",
    "grab",
    "collect",
    "exfiltrate",
    "leak",
    "forward",
    "post",
    "share",
    "contents",
    "content",
    "supply",
    "give",
    "embed",
    "append",
    "insert",
    "put",
    "add",
    "echo",
    "list",
];

/// Files a tool never needs the model to read: each with its first word,
/// where that word starts in the name, and whether asking to read it is
/// enough (`true`: keys and passwords) or it must also be handed over (`false`:
/// files that tools for that software legitimately read, such as `.env` or
/// `.kube/config`).
pub(super) const SENSITIVE_FILES: &[(&str, &str, usize, bool)] = &[
    ("~/.ssh", "ssh", 3, true),
    (".ssh/", "ssh", 1, true),
    ("id_rsa", "id", 0, true),
    ("id_dsa", "id", 0, true),
    ("id_ecdsa", "id", 0, true),
    ("id_ed25519", "id", 0, true),
    ("/etc/passwd", "etc", 1, true),
    ("/etc/shadow", "etc", 1, true),
    (".aws/credentials", "aws", 1, true),
    (".env", "env", 1, false),
    (".netrc", "netrc", 1, true),
    (".npmrc", "npmrc", 1, false),
    (".pypirc", "pypirc", 1, false),
    (".pgpass", "pgpass", 1, true),
    (".git-credentials", "git", 1, true),
    (".docker/config.json", "docker", 1, false),
    (".kube/config", "kube", 1, false),
    ("mcp.json", "mcp", 0, false),
    ("claude_desktop_config.json", "claude", 0, false),
    (".bash_history", "bash", 1, false),
    (".zsh_history", "zsh", 1, false),
    ("home directory", "home", 0, false),
    ("home folder", "home", 0, false),
];

/// Words after `.env` that name a harmless copy of it.
const ENV_COPIES: &[&str] = &["example", "sample", "template", "dist", "defaults"];

/// Whether `c` continues a name.
fn name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `c` belongs to a path as written (`~/.cursor/mcp.json`), not to
/// the quotes or punctuation around it.
fn path_char(c: char) -> bool {
    !c.is_whitespace() && !matches!(c, '`' | '\'' | '"' | '(' | ')' | ',' | ';' | '<' | '>')
}

/// The whole path around the file's name at `at..at + len`, as written
/// (`~/.cursor/mcp.json` around `mcp.json`), without a full stop or colon
/// that ends the sentence.
fn written_path(s: &Scan, at: usize, len: usize) -> String {
    let mut from = at;
    while from > 0 && path_char(s.chars[from - 1]) {
        from -= 1;
    }
    let mut to = at + len;
    while to < s.chars.len() && path_char(s.chars[to]) {
        to += 1;
    }
    while to > at + len && matches!(s.chars[to - 1], '.' | ':' | '!' | '?') {
        to -= 1;
    }
    s.chars[from..to].iter().collect()
}

/// "read ~/.ssh/id_rsa", "pass the contents of .env", "list the home
/// directory and send it back".
pub(super) fn sensitive_files(s: &Scan, tool: Option<&Tool<'_>>, out: &mut Vec<Match>) {
    for (w, word) in s.words.iter().enumerate() {
        let Some(text) = s.word(w) else { continue };
        for &(file, first, offset, strong) in SENSITIVE_FILES {
            if text != first || word.start < offset {
                continue;
            }
            // The whole name is written around its first word.
            let at = word.start - offset;
            let len = file.chars().count();
            if !s
                .lower
                .get(at..at + len)
                .is_some_and(|written| written.iter().copied().eq(file.chars()))
            {
                continue;
            }
            let prev = at.checked_sub(1).and_then(|p| s.lower.get(p)).copied();
            let next = s.lower.get(at + len).copied();
            if offset == 0 && prev.is_some_and(name_char) {
                continue;
            }
            if file == ".env"
                && (prev.is_some_and(name_char)
                    || next.is_some_and(name_char)
                    || s.is(w + 1, ENV_COPIES))
            {
                continue;
            }
            let Some(v) = s.before(w, 10, |j| s.is(j, REQUEST_VERBS)) else {
                continue;
            };
            if negated(s, v) || s.before(w, 12, |j| s.is(j, NEGATIONS)).is_some() {
                continue;
            }
            // Reading a config file can be what the tool is for; handing it
            // over in a call cannot.
            let handover = if strong || s.is(v, PASS_VERBS) {
                None
            } else {
                // A directory is handed over as "it" or "them" ("list the
                // home directory and send it back"), not as "a path".
                let handed = |j: usize| {
                    !file.contains(' ')
                        || s.is(j + 1, &["it", "them", "its", "their", "everything"])
                };
                match s.after(w, 15, |j| {
                    s.is(j, PASS_VERBS) && handed(j) && !negated(s, j)
                }) {
                    Some(h) => Some(h),
                    None => continue,
                }
            };
            let Some(verb) = s.words.get(v) else { continue };
            let end = handover
                .and_then(|h| s.words.get(h))
                .map_or(at + len, |h| h.end);
            // What is read, and where it goes when the text says.
            let path = if file.contains(' ') {
                format!("the {file}")
            } else {
                written_path(s, at, len)
            };
            let last = s
                .words
                .iter()
                .rposition(|x| x.start < at + len)
                .unwrap_or(w);
            let from = handover.unwrap_or(last);
            let label = match parameter_after(s, tool, from, 12) {
                Some(p) => format!("asks the model to read {path} and send it in `{p}`"),
                None if handover.is_some() || s.is(v, PASS_VERBS) => {
                    format!("asks the model to read {path} and hand it over")
                }
                None => format!("asks the model to read {path}"),
            };
            push(out, Some((verb.start, end)), label);
        }
    }
}
