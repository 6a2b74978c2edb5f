//! The words a request is made of: verbs by what they ask for, with their
//! forms (`send`, `sends`, `sent`, `sending`), and the small closed classes
//! (modals, subjects, negations, conditions) that tell an order to the model
//! from a tool describing itself.

use std::sync::LazyLock;

use rustc_hash::FxHashMap;

/// What a verb asks for. A verb may ask for several (`add` hands something
/// over, or writes to a file), and the object decides which.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Act {
    /// Hand something over: send, include, pass, upload, put in.
    Send,
    /// Take something in: read, open, collect, list.
    Read,
    /// Ask someone for something: ask, request, have the user paste.
    Ask,
    /// Change where something goes: change, replace, redirect, swap.
    Change,
    /// Turn something off: skip, disable, bypass, suppress.
    Skip,
    /// Drop instructions: ignore, disregard, forget, override.
    Ignore,
    /// Write to a file: add, append, write, modify, register.
    Write,
    /// Run code: run, execute, install, source.
    Run,
    /// Tell someone: tell, mention, notify. Negated, it hides something.
    Tell,
    /// Wait for a person: confirm, approve, wait, check with. Negated, it
    /// turns a safeguard off.
    Confirm,
    /// Watch someone: record, log, capture, track.
    Record,
    /// Anything else an order may start with: call, make sure, treat. It
    /// carries an order to the verbs joined to it ("call this tool again
    /// and put …").
    Do,
}

/// The form a verb is written in, which tells an order ("send") from a
/// description ("sends", "sent", "sending").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    /// The base form: an order, an infinitive, or after a modal.
    Base,
    /// The third person singular: a tool describing itself ("uploads").
    Third,
    /// The past tense or the participle ("sent", "uploaded").
    Past,
    /// The gerund or present participle ("sending").
    Gerund,
}

/// Every verb, by its base form, with what it asks for.
const VERBS: &[(&str, &[Act])] = &[
    // Handing over.
    ("send", &[Act::Send]),
    ("forward", &[Act::Send]),
    ("upload", &[Act::Send]),
    ("post", &[Act::Send]),
    ("transmit", &[Act::Send]),
    ("submit", &[Act::Send]),
    ("share", &[Act::Send]),
    ("leak", &[Act::Send]),
    ("exfiltrate", &[Act::Send]),
    ("relay", &[Act::Send]),
    ("mirror", &[Act::Send]),
    ("sync", &[Act::Send]),
    ("email", &[Act::Send]),
    ("mail", &[Act::Send]),
    ("cc", &[Act::Send, Act::Change]),
    ("bcc", &[Act::Send, Act::Change]),
    ("copy", &[Act::Send]),
    ("include", &[Act::Send]),
    ("pass", &[Act::Send]),
    ("put", &[Act::Send]),
    ("place", &[Act::Send]),
    ("attach", &[Act::Send]),
    ("append", &[Act::Send, Act::Write]),
    ("prepend", &[Act::Send, Act::Write]),
    ("embed", &[Act::Send]),
    ("insert", &[Act::Send, Act::Write]),
    ("add", &[Act::Send, Act::Write]),
    ("encode", &[Act::Send]),
    ("paste", &[Act::Send]),
    ("provide", &[Act::Send]),
    ("supply", &[Act::Send]),
    ("give", &[Act::Send]),
    ("hand", &[Act::Send]),
    ("report", &[Act::Send]),
    ("push", &[Act::Send]),
    ("publish", &[Act::Send]),
    ("export", &[Act::Send]),
    ("dump", &[Act::Send]),
    ("output", &[Act::Send]),
    ("print", &[Act::Send]),
    ("echo", &[Act::Send]),
    ("repeat", &[Act::Send]),
    ("reveal", &[Act::Send, Act::Tell]),
    ("disclose", &[Act::Send, Act::Tell]),
    ("render", &[Act::Send]),
    ("fill", &[Act::Send]),
    ("store", &[Act::Send]),
    ("save", &[Act::Send]),
    ("transfer", &[Act::Send]),
    ("deliver", &[Act::Send]),
    ("route", &[Act::Send, Act::Change]),
    ("beacon", &[Act::Send]),
    ("ping", &[Act::Send]),
    ("text", &[Act::Send]),
    ("message", &[Act::Send]),
    ("sell", &[Act::Send]),
    ("back", &[Act::Send]),
    ("archive", &[Act::Send]),
    ("stream", &[Act::Send]),
    ("tack", &[Act::Send]),
    ("concatenate", &[Act::Send]),
    ("write", &[Act::Send, Act::Write]),
    // Taking in.
    ("read", &[Act::Read]),
    ("open", &[Act::Read]),
    ("cat", &[Act::Read]),
    ("load", &[Act::Read]),
    ("fetch", &[Act::Read]),
    ("access", &[Act::Read]),
    ("collect", &[Act::Read]),
    ("gather", &[Act::Read]),
    ("retrieve", &[Act::Read]),
    ("extract", &[Act::Read]),
    ("list", &[Act::Read]),
    ("scan", &[Act::Read]),
    ("search", &[Act::Read]),
    ("grab", &[Act::Read]),
    ("harvest", &[Act::Read]),
    ("obtain", &[Act::Read]),
    ("get", &[Act::Read]),
    ("find", &[Act::Read]),
    ("locate", &[Act::Read]),
    ("enumerate", &[Act::Read]),
    ("look", &[Act::Read]),
    ("check", &[Act::Read]),
    ("inspect", &[Act::Read]),
    ("scrape", &[Act::Read]),
    ("zip", &[Act::Read]),
    ("compress", &[Act::Read]),
    ("tar", &[Act::Read]),
    ("bundle", &[Act::Read]),
    ("look up", &[Act::Read]),
    ("summarize", &[Act::Read]),
    ("summarise", &[Act::Read]),
    ("use", &[Act::Read]),
    // Asking.
    ("ask", &[Act::Ask]),
    ("request", &[Act::Ask]),
    ("prompt", &[Act::Ask]),
    ("query", &[Act::Ask]),
    ("solicit", &[Act::Ask]),
    ("demand", &[Act::Ask]),
    ("require", &[Act::Ask]),
    ("have", &[Act::Ask]),
    ("obtain", &[Act::Ask]),
    ("elicit", &[Act::Ask]),
    // Changing where something goes.
    ("change", &[Act::Change, Act::Write]),
    ("replace", &[Act::Change, Act::Write]),
    ("swap", &[Act::Change]),
    ("substitute", &[Act::Change]),
    ("redirect", &[Act::Change]),
    ("reroute", &[Act::Change]),
    ("override", &[Act::Change, Act::Ignore]),
    ("overwrite", &[Act::Change, Act::Write]),
    ("rewrite", &[Act::Change, Act::Write]),
    ("set", &[Act::Change, Act::Write]),
    ("point", &[Act::Change]),
    ("switch", &[Act::Change]),
    ("alter", &[Act::Change]),
    ("modify", &[Act::Change, Act::Write]),
    ("update", &[Act::Change, Act::Write]),
    ("edit", &[Act::Change, Act::Write]),
    ("direct", &[Act::Change]),
    // Turning off.
    ("skip", &[Act::Skip]),
    ("disable", &[Act::Skip]),
    ("bypass", &[Act::Skip, Act::Ignore]),
    ("circumvent", &[Act::Skip]),
    ("suppress", &[Act::Skip]),
    ("omit", &[Act::Skip]),
    ("avoid", &[Act::Skip]),
    ("deactivate", &[Act::Skip]),
    ("remove", &[Act::Skip]),
    ("turn", &[Act::Skip]),
    ("switch off", &[Act::Skip]),
    ("auto-approve", &[Act::Skip]),
    ("waive", &[Act::Skip]),
    ("drop", &[Act::Skip, Act::Ignore]),
    ("silence", &[Act::Skip]),
    ("dismiss", &[Act::Skip, Act::Ignore]),
    // Dropping instructions.
    ("ignore", &[Act::Ignore, Act::Skip]),
    ("disregard", &[Act::Ignore, Act::Skip]),
    ("forget", &[Act::Ignore]),
    ("overrule", &[Act::Ignore]),
    ("supersede", &[Act::Ignore]),
    ("abandon", &[Act::Ignore]),
    ("discard", &[Act::Ignore]),
    ("violate", &[Act::Ignore]),
    ("break", &[Act::Ignore]),
    ("neglect", &[Act::Ignore]),
    // Writing to a file.
    ("register", &[Act::Write]),
    ("create", &[Act::Write]),
    ("configure", &[Act::Write]),
    ("enable", &[Act::Write]),
    ("persist", &[Act::Write]),
    ("plant", &[Act::Write]),
    ("drop", &[Act::Write]),
    // Running code.
    ("run", &[Act::Run]),
    ("execute", &[Act::Run]),
    ("exec", &[Act::Run]),
    ("eval", &[Act::Run]),
    ("evaluate", &[Act::Run]),
    ("install", &[Act::Run, Act::Write]),
    ("source", &[Act::Run]),
    ("pipe", &[Act::Run]),
    ("invoke", &[Act::Run]),
    ("launch", &[Act::Run]),
    ("download", &[Act::Run, Act::Read]),
    ("bootstrap", &[Act::Run]),
    ("start", &[Act::Run]),
    // Telling.
    ("tell", &[Act::Tell]),
    ("mention", &[Act::Tell]),
    ("inform", &[Act::Tell]),
    ("notify", &[Act::Tell]),
    ("alert", &[Act::Tell]),
    ("warn", &[Act::Tell]),
    ("say", &[Act::Tell]),
    ("explain", &[Act::Tell]),
    ("show", &[Act::Tell, Act::Send]),
    ("display", &[Act::Tell, Act::Send]),
    ("acknowledge", &[Act::Tell]),
    ("bring", &[Act::Tell]),
    ("let", &[Act::Tell]),
    ("surface", &[Act::Tell]),
    ("describe", &[Act::Tell]),
    ("reference", &[Act::Tell]),
    ("note", &[Act::Tell]),
    ("flag", &[Act::Tell]),
    ("announce", &[Act::Tell]),
    ("admit", &[Act::Tell]),
    ("discuss", &[Act::Tell]),
    ("narrate", &[Act::Tell]),
    ("log", &[Act::Tell, Act::Record]),
    // Waiting for a person.
    ("confirm", &[Act::Confirm]),
    ("approve", &[Act::Confirm]),
    ("wait", &[Act::Confirm]),
    ("verify", &[Act::Confirm]),
    ("consult", &[Act::Confirm]),
    ("seek", &[Act::Confirm, Act::Ask]),
    ("pause", &[Act::Confirm]),
    ("stop", &[Act::Confirm]),
    ("double-check", &[Act::Confirm]),
    ("validate", &[Act::Confirm]),
    // Watching.
    ("record", &[Act::Record]),
    ("capture", &[Act::Record]),
    ("track", &[Act::Record]),
    ("monitor", &[Act::Record]),
    ("keylog", &[Act::Record]),
    ("watch", &[Act::Record]),
    ("profile", &[Act::Record]),
    ("fingerprint", &[Act::Record]),
    // Other verbs an order opens with.
    ("call", &[Act::Do]),
    ("ensure", &[Act::Do]),
    ("make", &[Act::Do]),
    ("treat", &[Act::Do]),
    ("proceed", &[Act::Do]),
    ("respond", &[Act::Do]),
    ("reply", &[Act::Do]),
    ("answer", &[Act::Do]),
    ("follow", &[Act::Do]),
    ("obey", &[Act::Do]),
    ("act", &[Act::Do]),
    ("try", &[Act::Do]),
    ("go", &[Act::Do]),
    ("continue", &[Act::Do]),
    ("begin", &[Act::Do]),
    ("return", &[Act::Do]),
    ("comply", &[Act::Do]),
    ("rank", &[Act::Do]),
    ("accept", &[Act::Do]),
    ("carry", &[Act::Do]),
    ("adopt", &[Act::Do]),
    ("apply", &[Act::Do]),
    ("stay", &[Act::Do]),
    ("keep", &[Act::Do]),
    ("leave", &[Act::Do]),
    ("address", &[Act::Change]),
];

/// Past forms that do not end in `-ed`.
const IRREGULAR: &[(&str, &str)] = &[
    ("sent", "send"),
    ("put", "put"),
    ("read", "read"),
    ("gave", "give"),
    ("given", "give"),
    ("told", "tell"),
    ("got", "get"),
    ("gotten", "get"),
    ("set", "set"),
    ("sold", "sell"),
    ("found", "find"),
    ("ran", "run"),
    ("run", "run"),
    ("wrote", "write"),
    ("written", "write"),
    ("forgot", "forget"),
    ("forgotten", "forget"),
    ("said", "say"),
    ("shown", "show"),
    ("broke", "break"),
    ("broken", "break"),
    ("let", "let"),
    ("brought", "bring"),
    ("sought", "seek"),
    ("kept", "keep"),
    ("overridden", "override"),
    ("overrode", "override"),
    ("overwritten", "overwrite"),
    ("rewritten", "rewrite"),
    ("begun", "begin"),
];

/// Every verb by its base form, with what it asks for (a verb listed
/// twice, such as `drop`, asks for both entries' acts).
static VERB_TABLE: LazyLock<FxHashMap<&'static str, Vec<Act>>> = LazyLock::new(|| {
    let mut table: FxHashMap<&'static str, Vec<Act>> = FxHashMap::default();
    for (base, acts) in VERBS {
        let entry = table.entry(base).or_default();
        for act in *acts {
            if !entry.contains(act) {
                entry.push(*act);
            }
        }
    }
    table
});

/// A verb as written: its base form, what it asks for and its form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Verb {
    pub(crate) base: &'static str,
    pub(crate) acts: &'static [Act],
    pub(crate) form: Form,
}

impl Verb {
    pub(crate) fn does(&self, act: Act) -> bool {
        self.acts.contains(&act)
    }
}

/// The verb `word` (lowercase) is a form of, if it is one of ours.
pub(crate) fn verb(word: &str) -> Option<Verb> {
    let table: &'static FxHashMap<&'static str, Vec<Act>> = &VERB_TABLE;
    let base_of = |stem: &str| table.get_key_value(stem).map(|(k, _)| *k);
    let found = |base: &'static str, form| {
        Some(Verb {
            base,
            acts: table.get(base).map_or(&[][..], Vec::as_slice),
            form,
        })
    };
    if let Some(&(_, base)) = IRREGULAR.iter().find(|(w, _)| *w == word)
        && let Some(base) = base_of(base)
    {
        // "read", "put", "set", "run" and "let" are their own base form:
        // the context tells, and an order is the likelier reading.
        let form = if word == base { Form::Base } else { Form::Past };
        return found(base, form);
    }
    if let Some(base) = base_of(word) {
        return found(base, Form::Base);
    }
    // "-ies" → "-y", "-es", "-s".
    if let Some(stem) = word.strip_suffix("ies")
        && let Some(base) = base_of(&[stem, "y"].concat())
    {
        return found(base, Form::Third);
    }
    for suffix in ["es", "s"] {
        if let Some(stem) = word.strip_suffix(suffix)
            && let Some(base) = base_of(stem)
        {
            return found(base, Form::Third);
        }
    }
    // "-ied" → "-y", "-ed" (doubled consonant: "skipped"), "-d" ("shared").
    if let Some(stem) = word.strip_suffix("ied")
        && let Some(base) = base_of(&[stem, "y"].concat())
    {
        return found(base, Form::Past);
    }
    for (suffix, form) in [("ed", Form::Past), ("ing", Form::Gerund)] {
        let Some(stem) = word.strip_suffix(suffix) else {
            continue;
        };
        if let Some(base) = base_of(stem) {
            return found(base, form);
        }
        if let Some(base) = base_of(&[stem, "e"].concat()) {
            return found(base, form);
        }
        let mut chars = stem.chars().rev();
        if let (Some(a), Some(b)) = (chars.next(), chars.next())
            && a == b
            && let Some(base) = base_of(&stem[..stem.len() - a.len_utf8()])
        {
            return found(base, form);
        }
    }
    if let Some(stem) = word.strip_suffix('d')
        && let Some(base) = base_of(stem)
        && stem.ends_with('e')
    {
        return found(base, Form::Past);
    }
    None
}

/// Every word [`verb`] reads as a verb that does one of `acts`: each base
/// form with its irregular forms and the regular ones [`verb`] takes apart.
pub(crate) fn forms_doing(acts: &[Act]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (base, its) in VERB_TABLE.iter() {
        if !its.iter().any(|a| acts.contains(a)) {
            continue;
        }
        let b = *base;
        let last = &b[b.len() - b.chars().last().map_or(0, char::len_utf8)..];
        let mut forms: Vec<String> = ["", "s", "es", "ed", "ing"]
            .iter()
            .map(|suffix| [b, suffix].concat())
            .collect();
        forms.extend(
            ["ed", "ing"]
                .iter()
                .map(|suffix| [b, last, suffix].concat()),
        );
        if let Some(stem) = b.strip_suffix('y') {
            forms.extend(["ies", "ied"].iter().map(|suffix| [stem, suffix].concat()));
        }
        if let Some(stem) = b.strip_suffix('e') {
            forms.extend(["ed", "ing"].iter().map(|suffix| [stem, suffix].concat()));
            forms.push([b, "d"].concat());
        }
        forms.extend(
            IRREGULAR
                .iter()
                .filter(|(_, to)| *to == b)
                .map(|(w, _)| (*w).to_owned()),
        );
        out.extend(
            forms
                .into_iter()
                .filter(|f| verb(f).is_some_and(|v| acts.iter().any(|a| v.does(*a)))),
        );
    }
    out
}

/// Words before a verb that make it an order: modals and their kin.
pub(crate) const MODALS: &[&str] = &[
    "must",
    "should",
    "shall",
    "please",
    "kindly",
    "always",
    "need",
    "needs",
    "have",
    "has",
    "ought",
    "required",
    "instructed",
    "supposed",
    "expected",
    "asked",
    "mandatory",
    "necessary",
    "sure",
    "remember",
    "forget",
    "important",
    "essential",
    "critical",
    "vital",
    "to",
    "want",
    "wants",
    "like",
    "appreciate",
    "supposed",
];

/// Words that may stand between an order's start and its verb ("also
/// send", "then, silently, send").
pub(crate) const ADVERBS: &[&str] = &[
    "also",
    "then",
    "first",
    "firstly",
    "next",
    "finally",
    "please",
    "pls",
    "plz",
    "kindly",
    "always",
    "just",
    "simply",
    "now",
    "additionally",
    "immediately",
    "automatically",
    "silently",
    "quietly",
    "secretly",
    "covertly",
    "discreetly",
    "carefully",
    "afterwards",
    "afterward",
    "subsequently",
    "and",
    "or",
    "but",
    "so",
    "furthermore",
    "moreover",
    "likewise",
    "similarly",
    "still",
    "instead",
    "otherwise",
    "besides",
    "definitely",
    "actually",
    "really",
    "proactively",
    "promptly",
    "directly",
    "explicitly",
    "invisibly",
    "stealthily",
    "second",
    "third",
    "lastly",
    "again",
    "too",
    "thus",
    "therefore",
    "hence",
    "from",
    "on",
];

/// Who an order is given to: "you", "the assistant".
pub(crate) const ADDRESSEES: &[&str] = &[
    "you",
    "assistant",
    "assistants",
    "ai",
    "model",
    "models",
    "agent",
    "agents",
    "llm",
    "llms",
    "claude",
    "gpt",
    "chatgpt",
    "copilot",
    "gemini",
    "cursor",
    "bot",
    "chatbot",
];

/// What a tool calls itself when it describes what it does.
pub(crate) const SELF: &[&str] = &[
    "tool",
    "it",
    "server",
    "we",
    "extension",
    "plugin",
    "integration",
    "function",
    "service",
    "app",
    "application",
    "script",
    "utility",
    "module",
    "package",
    "connector",
    "skill",
    "helper",
    "endpoint",
    "which",
    "that",
];

/// Words that negate what follows.
pub(crate) const NEGATIONS: &[&str] = &[
    "not", "never", "t", "dont", "without", "nor", "no", "cannot", "neither",
];

/// Words that open a condition: "before using this tool", "when X is
/// invoked", "if the user asks".
pub(crate) const CONDITIONS: &[&str] = &[
    "before",
    "after",
    "when",
    "whenever",
    "if",
    "once",
    "upon",
    "prior",
    "while",
    "each",
    "every",
    "whichever",
    "wherever",
    "unless",
];

/// Words that ask whether, which make what follows no order ("whether to
/// send").
pub(crate) const HYPOTHETICALS: &[&str] = &[
    "whether", "how", "what", "which", "can", "could", "may", "might", "would",
];

/// The user, as a text names them.
pub(crate) const USER: &[&str] = &[
    "user",
    "users",
    "human",
    "humans",
    "operator",
    "owner",
    "customer",
    "person",
    "people",
    "requester",
    "developer",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_forms_of_a_verb() {
        for (word, base, form) in [
            ("send", "send", Form::Base),
            ("sends", "send", Form::Third),
            ("sent", "send", Form::Past),
            ("sending", "send", Form::Gerund),
            ("uploads", "upload", Form::Third),
            ("uploaded", "upload", Form::Past),
            ("shares", "share", Form::Third),
            ("shared", "share", Form::Past),
            ("sharing", "share", Form::Gerund),
            ("copies", "copy", Form::Third),
            ("copied", "copy", Form::Past),
            ("skipped", "skip", Form::Past),
            ("skipping", "skip", Form::Gerund),
            ("forwards", "forward", Form::Third),
            ("bccs", "bcc", Form::Third),
            ("read", "read", Form::Base),
            ("executes", "execute", Form::Third),
            ("running", "run", Form::Gerund),
        ] {
            let v = verb(word).unwrap_or_else(|| panic!("{word}"));
            assert_eq!((v.base, v.form), (base, form), "{word}");
        }
        for word in ["sender", "readme", "description", "user"] {
            assert_eq!(verb(word), None, "{word}");
        }
        assert!(verb("add").is_some_and(|v| v.does(Act::Send) && v.does(Act::Write)));
        assert!(verb("drop").is_some_and(|v| v.does(Act::Write) && v.does(Act::Skip)));
    }
}
