//! What a text asks a model to do.
//!
//! A tool description, a parameter's description, a value, the server's
//! instructions, a prompt or a resource goes into the model's context, where
//! the model may take an order in it for one from its user. An attack is such
//! an order: it asks the model to **do** something (send, read, ask the
//! user, change, skip, ignore, write, run), **to** something it should not
//! touch (the conversation, its system prompt, secrets, another tool's
//! recipient, a safeguard, its instructions, another application's
//! configuration), often **to** somewhere (a URL, an address, another tool,
//! an argument that does not need it) and often with an order to **hide**
//! it. This module reads each text as those parts, and judges the
//! combination by a table (`Row`), not by its form.
//!
//! The reading is deterministic and local: words and their forms
//! ([`lexicon`]), the things they name ([`things`]), and the addresses,
//! files and commands written in the text ([`places`]).

mod disclosure;
mod exfiltration;
mod grammar;
mod hiding;
mod lexicon;
mod overrides;
mod parts;
mod persistence;
mod places;
mod quick;
mod redirect;
mod safeguards;
mod things;

#[cfg(test)]
mod tests;

use std::rc::Rc;

use crate::severity::Severity;
use crate::text::scan::Scan;
use crate::text::sensitive::secret_word;
use crate::text::words::name_tokens;

use lexicon::{
    ADDRESSEES, ADVERBS, Act, CONDITIONS, Form, HYPOTHETICALS, MODALS, NEGATIONS, SELF, USER, Verb,
    verb,
};
pub(crate) use places::Address;
use places::{FileKind, Spot};
use things::{Named, Thing};

/// Where a text sits, which tells how its first sentence reads: a tool's
/// description or a parameter's opens by describing what it does ("Send a
/// message to a channel"), not by giving an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Field {
    /// A tool's title or description.
    Tool,
    /// A parameter's description or title.
    Parameter,
    /// A string in `enum`, `const`, `default` or `examples`.
    Value,
    /// The server's instructions, or a prompt's or a resource's text.
    Server,
}

/// What the reading knows of the tool a text belongs to.
#[derive(Debug, Clone, Default)]
pub(crate) struct Context<'a> {
    /// The names of the tool's parameters (top-level properties).
    pub(crate) parameters: Vec<&'a str>,
    /// Whether the tool handles credentials by design: a parameter asks
    /// for one, or its description's first sentence names one.
    pub(crate) handles_secrets: bool,
    /// The parameter whose description or value this is, if any.
    pub(crate) property: Option<&'a str>,
    /// Where the text sits; `None` reads it as a tool's description.
    pub(crate) field: Option<Field>,
}

impl<'a> Context<'a> {
    /// The context of `field` of a tool with these parameters, whose
    /// description is `description`.
    pub(crate) fn of_tool(
        parameters: Vec<&'a str>,
        description: Option<&str>,
        property: Option<&'a str>,
        field: Field,
    ) -> Self {
        let handles_secrets = handles_secrets(&parameters, description);
        Self {
            parameters,
            handles_secrets,
            property,
            field: Some(field),
        }
    }

    fn field(&self) -> Field {
        self.field.unwrap_or(Field::Tool)
    }
}

/// Whether a tool with these parameters, whose description is
/// `description`, handles credentials by design: a parameter asks for one,
/// or the description's first sentence names one. [`Context::of_tool`]
/// works it out; a caller that reads many texts of one tool keeps it.
pub(crate) fn handles_secrets(parameters: &[&str], description: Option<&str>) -> bool {
    let secret_parameter = parameters.iter().any(|p| {
        secret_word(p).is_some()
            || name_tokens(p).iter().any(|t| {
                matches!(
                    &**t,
                    "secret" | "password" | "credential" | "credentials" | "token" | "apikey"
                )
            })
    });
    secret_parameter
        || description.is_some_and(|d| {
            let first = d.split(['.', '\n']).next().unwrap_or(d);
            let s = Scan::new(first);
            things::named(&s, 0, s.words.len())
                .iter()
                .any(|n| n.thing == Thing::Secret)
        })
}

/// A row of the table: what a request does, which sets its severity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Row {
    /// Hand over the conversation, the system prompt, secrets or a
    /// sensitive file, to somewhere or hidden from the user. Error.
    Exfiltration,
    /// Change where another tool sends things. Error.
    Redirect,
    /// Turn off confirmation, approval or another safeguard. Error.
    SafeguardOff,
    /// Override the model's instructions, or give it a new role. Error.
    Override,
    /// Get the user's credentials for an argument that does not need them.
    /// Error.
    CredentialAsk,
    /// Change another application's configuration. Error.
    ConfigChange,
    /// Run code fetched from the network. Error.
    RemoteCode,
    /// Orders spelled in invisible tag characters. Error.
    Hidden,
    /// A description that states hostile behaviour of its own. Warning.
    Disclosed,
    /// Keep what the model does from the user, with nothing more. Warning.
    Concealment,
    /// A command that runs code from the network, given as information.
    /// Info.
    RemoteCodeMentioned,
}

impl Row {
    /// The severity of a request of this row.
    pub(crate) fn severity(self) -> Severity {
        match self {
            Row::Disclosed | Row::Concealment => Severity::Warning,
            Row::RemoteCodeMentioned => Severity::Info,
            _ => Severity::Error,
        }
    }
}

/// A part of a request, in characters of [`Scan::chars`], with its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Part {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) words: String,
    /// What the part is, for a message ("the conversation", "a URL").
    pub(crate) what: String,
}

/// One request a text makes of the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Request {
    pub(crate) row: Row,
    /// The directive, in characters of [`Scan::chars`].
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) action: Option<Part>,
    pub(crate) object: Option<Part>,
    pub(crate) destination: Option<Part>,
    pub(crate) concealment: Option<Part>,
    /// Whether any of it is spelled in invisible tag characters.
    pub(crate) tagged: bool,
}

impl Part {
    fn shift(&mut self, by: usize) {
        self.start += by;
        self.end += by;
    }
}

impl Request {
    /// Moves the request `by` characters on, from a window to its text.
    fn shift(&mut self, by: usize) {
        self.start += by;
        self.end += by;
        for part in [
            &mut self.action,
            &mut self.object,
            &mut self.destination,
            &mut self.concealment,
        ]
        .into_iter()
        .flatten()
        {
            part.shift(by);
        }
    }

    pub(crate) fn severity(&self) -> Severity {
        if self.tagged {
            Severity::Error
        } else {
            self.row.severity()
        }
    }

    /// What the request asks, for a message: "asks the model to send the
    /// conversation to a URL, and to hide it".
    pub(crate) fn summary(&self) -> String {
        let what = |p: &Option<Part>, default: &str| {
            p.as_ref()
                .map_or_else(|| default.to_owned(), |p| p.what.clone())
        };
        let to = self
            .destination
            .as_ref()
            .map(|d| format!(" to {}", d.what))
            .unwrap_or_default();
        // A key file read with nowhere named to send it is read.
        let reads = self.destination.is_none()
            && self
                .action
                .as_ref()
                .and_then(|a| lexicon::verb(&a.what))
                .is_some_and(|v| v.does(Act::Read) && !v.does(Act::Send));
        let mut out = match self.row {
            Row::Exfiltration if reads => format!(
                "asks the model to read {}",
                what(&self.object, "private data")
            ),
            Row::Exfiltration => format!(
                "asks the model to hand over {}{to}",
                what(&self.object, "private data")
            ),
            Row::Redirect => format!("asks the model to redirect what another tool sends{to}"),
            Row::SafeguardOff => {
                "asks the model to act without the user's confirmation or a safeguard".to_owned()
            }
            Row::Override => {
                "tells the model to drop its instructions or take on a new role".to_owned()
            }
            Row::CredentialAsk => format!(
                "asks the model to get the user's credentials for an argument that does not need them{to}"
            ),
            Row::ConfigChange => format!(
                "asks the model to change another application's configuration ({})",
                what(&self.object, "a configuration file")
            ),
            Row::RemoteCode => "asks the model to run code downloaded from the network".to_owned(),
            Row::Hidden => "gives the model orders spelled in invisible characters".to_owned(),
            Row::Disclosed => format!(
                "says the tool sends {}{to}",
                what(&self.object, "the user's data")
            ),
            Row::Concealment => "asks the model to hide what it does from the user".to_owned(),
            Row::RemoteCodeMentioned => {
                "gives a command that runs code downloaded from the network".to_owned()
            }
        };
        if self.concealment.is_some() && self.row == Row::Disclosed {
            out.push_str(", without telling the user");
        } else if self.concealment.is_some() && self.row != Row::Concealment {
            out.push_str(", and to hide it from the user");
        }
        out
    }
}

/// `items` in the order of `key`, items of an equal key in the order they
/// came. Every list the reading orders goes through this one sort of plain
/// numbers: a sort compiled for each kind of item costs the page's module
/// a few kilobytes each.
fn ordered<T>(items: Vec<T>, key: impl Fn(&T) -> (usize, usize)) -> Vec<T> {
    let mut keys: Vec<(usize, usize, usize)> = items
        .iter()
        .enumerate()
        .map(|(n, t)| {
            let (a, b) = key(t);
            (a, b, n)
        })
        .collect();
    keys.sort_unstable();
    let mut slots: Vec<Option<T>> = items.into_iter().map(Some).collect();
    keys.into_iter()
        .filter_map(|(_, _, n)| slots[n].take())
        .collect()
}

/// Whether `text` may ask anything: most text is ruled out by a quick look
/// at its words.
pub(crate) fn may_ask(text: &str) -> bool {
    quick::may_ask(text)
}

/// `text` as the model reads it, and the requests it makes of the model,
/// in order; their positions count characters of the scan. Terminal escape
/// sequences are left out first (`control-characters` reports them): a
/// request hidden behind one is read as a person would read the text
/// without it. `asks` is the answer of the quick test, [`may_ask`]: text
/// it rules out is scanned and not read.
pub(crate) fn read(text: &str, cx: &Context<'_>, asks: bool) -> Rc<(Scan, Vec<Request>)> {
    #[cfg(feature = "incremental")]
    return kept::read(text, cx, asks);
    #[cfg(not(feature = "incremental"))]
    Rc::new(read_now(text, cx, asks))
}

/// [`read`], made now.
fn read_now(text: &str, cx: &Context<'_>, asks: bool) -> (Scan, Vec<Request>) {
    let stripped;
    let seen = if crate::text::escapes::has_controls(text) {
        stripped = crate::text::escapes::strip(text);
        stripped.as_str()
    } else {
        text
    };
    let scan = Scan::new(seen);
    if !asks {
        return (scan, Vec::new());
    }
    if scan.chars.len() <= WINDOW {
        let requests = Reading::new(&scan, cx, false).requests();
        return (scan, requests);
    }
    // A long text is read a window at a time, so the reading stays linear
    // in its length: a request lies within a few sentences.
    let mut requests = Vec::new();
    let mut offset = 0;
    for (n, piece) in windows(seen).enumerate() {
        let part = Scan::new(piece);
        if quick::may_ask(piece) {
            for mut r in Reading::new(&part, cx, n > 0).requests() {
                r.shift(offset);
                requests.push(r);
            }
        }
        offset += part.chars.len();
    }
    (scan, requests)
}

/// Readings kept from check to check while a [`kept::Kept`] lives: a fix
/// checks each tool again after every round, and its texts seldom change.
#[cfg(feature = "incremental")]
pub(crate) mod kept {
    use std::cell::RefCell;
    use std::rc::Rc;

    use rustc_hash::FxHashMap;

    use super::{Context, Field, Request, Scan};

    /// What a reading depends on: the text, its context and the quick test.
    #[derive(PartialEq, Eq, Hash)]
    struct Key {
        text: Box<str>,
        parameters: Vec<Box<str>>,
        handles_secrets: bool,
        property: Option<Box<str>>,
        field: Option<Field>,
        asks: bool,
    }

    type Readings = FxHashMap<Key, Rc<(Scan, Vec<Request>)>>;

    thread_local! {
        static KEPT: RefCell<Option<Readings>> = const { RefCell::new(None) };
    }

    /// While it lives, this thread's readings are kept.
    pub(crate) struct Kept {
        /// Whether it started the keeping (an inner one leaves it on).
        first: bool,
    }

    /// Keeps this thread's readings until the value is dropped.
    pub(crate) fn keep() -> Kept {
        let first = KEPT.with(|kept| {
            let mut kept = kept.borrow_mut();
            let first = kept.is_none();
            kept.get_or_insert_with(Readings::default);
            first
        });
        Kept { first }
    }

    impl Drop for Kept {
        fn drop(&mut self) {
            if self.first {
                KEPT.with(|kept| kept.borrow_mut().take());
            }
        }
    }

    pub(super) fn read(text: &str, cx: &Context<'_>, asks: bool) -> Rc<(Scan, Vec<Request>)> {
        let keeping = KEPT.with(|kept| kept.borrow().is_some());
        if !keeping {
            return Rc::new(super::read_now(text, cx, asks));
        }
        let key = Key {
            text: text.into(),
            parameters: cx.parameters.iter().map(|&p| p.into()).collect(),
            handles_secrets: cx.handles_secrets,
            property: cx.property.map(Into::into),
            field: cx.field,
            asks,
        };
        if let Some(found) =
            KEPT.with(|kept| kept.borrow().as_ref().and_then(|k| k.get(&key).cloned()))
        {
            return found;
        }
        let reading = Rc::new(super::read_now(text, cx, asks));
        KEPT.with(|kept| {
            if let Some(kept) = kept.borrow_mut().as_mut() {
                kept.insert(key, Rc::clone(&reading));
            }
        });
        reading
    }
}

/// The most characters read at once; a longer text is read in windows of
/// about this size, cut between paragraphs or sentences.
const WINDOW: usize = 16_384;

/// `text` in consecutive pieces of at most [`WINDOW`] characters, each cut
/// at the last line break, else the last sentence end, else the last space
/// in its second half, else where the window ends.
fn windows(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let limit = rest
            .char_indices()
            .nth(WINDOW)
            .map_or(rest.len(), |(b, _)| b);
        let cut = if limit == rest.len() {
            limit
        } else {
            let head = &rest[..limit];
            let half = head.len() / 2;
            let after = |b: Option<usize>, width: usize| b.map(|b| b + width).filter(|b| *b > half);
            after(head.rfind('\n'), 1)
                .or_else(|| after(head.rfind(". "), 2))
                .or_else(|| after(head.rfind(char::is_whitespace), 1))
                .map_or(limit, |b| {
                    // A cut lands after a whole character.
                    (b..=limit)
                        .find(|b| head.is_char_boundary(*b))
                        .unwrap_or(limit)
                })
        };
        let (piece, tail) = rest.split_at(cut);
        rest = tail;
        Some(piece)
    })
}

/// The heaviest request of `text`, the first of its weight.
pub(crate) fn heaviest(text: &str, cx: &Context<'_>) -> Option<Request> {
    if !quick::may_ask(text) {
        return None;
    }
    let reading = read(text, cx, true);
    let all = &reading.1;
    // Severities order worst first.
    let top = all.iter().map(Request::severity).min()?;
    all.iter().find(|r| r.severity() == top).cloned()
}

/// How a verb is addressed to the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Addressing {
    /// Not an order: a description, a purpose ("used to send"), a question.
    No,
    /// A bare order that opens a tool's or a parameter's description, which
    /// is how such a text describes what the tool does ("Send a message").
    Describing,
    /// A bare order ("Send the file to …").
    Bare,
    /// An order with a sign it is meant for the model: "you", "the
    /// assistant", a modal ("must", "make sure to"), an adverb ("also",
    /// "always"), or a condition before it ("Before using this tool, …").
    Explicit,
}

/// One verb of ours in the text, and how it is used.
#[derive(Debug, Clone)]
struct VerbAt {
    word: usize,
    verb: Verb,
    negated: bool,
    addressed: Addressing,
    /// "uploads every file", "it sends", "screenshots are uploaded": the
    /// text says what the tool does.
    discloses: bool,
    /// "must be included", "are uploaded": the object stands before it.
    passive: bool,
}

struct Reading<'s, 'c> {
    s: &'s Scan,
    cx: &'c Context<'c>,
    /// Whether a clause starts at each word.
    clause_start: Vec<bool>,
    verbs: Vec<VerbAt>,
    named: Vec<Named>,
    /// Addresses, in words.
    addresses: Vec<Spot<Address>>,
    /// Files, in words.
    files: Vec<Spot<FileKind>>,
    /// Commands that run remote code, in words.
    remote: Vec<Spot<()>>,
    /// Orders to hide something from the user, in words.
    hiding: Vec<(usize, usize)>,
    /// The sentence of the text's first word, which a tool's or a
    /// parameter's description opens with.
    first_sentence: Option<usize>,
}

/// Prepositions that lead to where something goes.
const TOWARDS: &[&str] = &[
    "to", "into", "in", "inside", "as", "via", "through", "onto", "at", "with", "using", "within",
    "on",
];

/// Words that end what a verb acts on.
const OBJECT_ENDS: &[&str] = &[
    "before",
    "after",
    "when",
    "whenever",
    "if",
    "so",
    "because",
    "while",
    "otherwise",
    "then",
    "but",
    "unless",
    "once",
    "since",
    "which",
    "where",
    "for",
    "by",
];

/// Words that stand for something named earlier ("it", "its content").
const PRONOUNS: &[&str] = &[
    "it",
    "them",
    "its",
    "their",
    "this",
    "that",
    "these",
    "those",
    "both",
    "what",
    "everything",
];

/// Words that name a place for data that is not an address: another tool,
/// a link, a remote party.
const OUTWARD: &[&str] = &[
    "tool",
    "tools",
    "link",
    "url",
    "image",
    "badge",
    "pixel",
    "webhook",
    "endpoint",
    "server",
    "servers",
    "host",
    "pastebin",
    "partner",
    "partners",
    "advertisers",
    "advertising",
    "telemarketers",
    "marketing",
    "vendor",
    "cloud",
    "collector",
    "third",
    "external",
    "remote",
];

/// Remote parties named in words, for a tool that states where data goes.
const REMOTE_PARTIES: &[&str] = &[
    "remote",
    "external",
    "third",
    "partner",
    "partners",
    "advertisers",
    "advertising",
    "telemarketers",
    "marketing",
    "vendor",
    "pastebin",
    "our",
    "analytics",
    "collection",
    "backup",
    "cloud",
    "publisher",
    "publishers",
    "licence",
    "license",
    "tracking",
    "telemetry",
    "author",
    "operators",
    "broker",
    "brokers",
];

impl<'s, 'c> Reading<'s, 'c> {
    /// The reading of `s`; `continued` for a window after a long text's
    /// first, whose first sentence opens nothing.
    fn new(s: &'s Scan, cx: &'c Context<'c>, continued: bool) -> Self {
        let n = s.words.len();
        let mut clause_start = vec![false; n];
        for (i, starts) in clause_start.iter_mut().enumerate() {
            let from = if i == 0 { 0 } else { s.words[i - 1].end };
            let gap = &s.chars[from..s.words[i].start];
            // A full stop ends a clause before a space (not in `.env` or
            // `1.5`); so does a run of dashes.
            let stop = (from..s.words[i].start)
                .any(|p| s.chars[p] == '.' && s.chars.get(p + 1).is_none_or(|n| n.is_whitespace()));
            // Text spelled in tag characters starts where the visible text
            // stops, and ends where it resumes.
            let tag_edge = !s.from_tag.is_empty()
                && i > 0
                && s.from_tag.get(s.words[i].start) != s.from_tag.get(s.words[i - 1].start);
            *starts = i == 0
                || !s.same_sentence(i - 1, i)
                || stop
                || tag_edge
                || gap.iter().any(|c| {
                    matches!(
                        c,
                        '!' | '?' | ';' | ':' | '\n' | '>' | '(' | ')' | '"' | '“' | '”' | '*' | '—'
                            | '–' | ',' | '[' | ']' | '#' | '`'
                    )
                })
                || gap.iter().filter(|c| **c == '-').count() >= 2
                // " - " between words.
                || gap.len() >= 3 && gap.contains(&'-') && gap.first().is_some_and(|c| c.is_whitespace()) && gap.last().is_some_and(|c| c.is_whitespace());
        }
        let read: String = s.chars.iter().collect();
        // Byte offsets of `read` to characters: a binary search over each
        // character's first byte.
        let starts: Vec<usize> = read.char_indices().map(|(b, _)| b).collect();
        let to_char = |b: usize| starts.partition_point(|x| *x < b);
        let to_words = |start: usize, end: usize| -> Option<(usize, usize)> {
            let first = s.words.iter().position(|w| w.end > start)?;
            let last = s.words.iter().rposition(|w| w.start < end)?;
            (first <= last).then_some((first, last))
        };
        let in_words = |spots: Vec<Spot<Address>>| -> Vec<Spot<Address>> {
            spots
                .into_iter()
                .filter_map(|sp| {
                    let (a, b) = to_words(to_char(sp.start), to_char(sp.end))?;
                    Some(Spot {
                        start: a,
                        end: b,
                        what: sp.what,
                    })
                })
                .collect()
        };
        let addresses = in_words(places::addresses(&read));
        let files = places::files(&s.lower)
            .into_iter()
            .filter_map(|sp| {
                let (a, b) = to_words(sp.start, sp.end)?;
                Some(Spot {
                    start: a,
                    end: b,
                    what: sp.what,
                })
            })
            .collect();
        let remote = places::remote_code(&read)
            .into_iter()
            .filter_map(|sp| {
                let (a, b) = to_words(to_char(sp.start), to_char(sp.end))?;
                Some(Spot {
                    start: a,
                    end: b,
                    what: (),
                })
            })
            .collect();
        let mut named = things::named(s, 0, n);
        // Names of secrets written as identifiers: `GITHUB_TOKEN`,
        // `AWS_SECRET_ACCESS_KEY`.
        let mut i = 0;
        while i < n {
            let mut j = i;
            while j + 1 < n
                && s.chars.get(s.words[j].end) == Some(&'_')
                && s.words[j + 1].start == s.words[j].end + 1
            {
                j += 1;
            }
            if j > i {
                let identifier: String = s.chars[s.words[i].start..s.words[j].end].iter().collect();
                if secret_word(&identifier).is_some()
                    && identifier.chars().any(|c| c.is_ascii_uppercase())
                    && !named
                        .iter()
                        .any(|t| t.from >= i && t.to <= j && t.thing == Thing::Secret)
                {
                    named.push(Named {
                        from: i,
                        to: j,
                        thing: Thing::Secret,
                    });
                }
            }
            i = j + 1;
        }
        let named = ordered(named, |t| (t.from, t.to));
        let mut reading = Self {
            s,
            cx,
            clause_start,
            verbs: Vec::new(),
            named,
            addresses,
            files,
            remote,
            hiding: Vec::new(),
            first_sentence: if continued { None } else { s.sentence(0) },
        };
        reading.verbs = reading.read_verbs();
        reading.hiding = reading.find_hiding();
        reading
    }

    pub(super) fn requests(&self) -> Vec<Request> {
        let mut out: Vec<Request> = Vec::new();
        self.exfiltration(&mut out);
        self.markdown_beacons(&mut out);
        self.templates(&mut out);
        self.sentences_that_send(&mut out);
        self.parameter_collects(&mut out);
        self.redirect(&mut out);
        self.redirect_stated(&mut out);
        self.destination_pinned(&mut out);
        self.safeguards(&mut out);
        self.safeguard_flags(&mut out);
        self.override_instructions(&mut out);
        self.credential_ask(&mut out);
        self.config_change(&mut out);
        self.remote_code(&mut out);
        self.hidden(&mut out);
        self.disclosed(&mut out);
        self.concealment_alone(&mut out);
        // A request written inside quotes as an example ("text such as
        // \"ignore previous instructions\"") is mentioned, not made.
        out.retain(|r| !self.mentioned(r.action.as_ref().map_or(r.start, |a| a.start)));
        let out = ordered(out, |r| (r.start, usize::MAX - r.end));
        // One request per passage: "read X and pass its content" is one
        // hand-over, not two.
        let mut kept: Vec<Request> = Vec::new();
        for r in out {
            let overlaps = |k: &Request| r.start < k.end && k.start < r.end;
            // The same passage read twice, or a vaguer reading (orders in
            // tag characters, hiding) of a passage already explained.
            let vaguer = matches!(r.row, Row::Hidden | Row::Concealment);
            if !kept
                .iter()
                .any(|k| overlaps(k) && (k.row == r.row || vaguer))
            {
                kept.push(r);
            }
        }
        kept
    }
}
