//! What a tool can do, told from its definition: whether it reads private
//! data, takes in content that others can write, sends data out (or writes
//! where others can read), destroys something, or runs code. Each class
//! comes with the evidence that gave it and how far that evidence goes.
//!
//! The toxic-flow rules (`lethal-trifecta`, `untrusted-content-drives-action`
//! and their across-servers forms) put these together: a path runs from
//! content an attacker can write, through a tool the model then calls, to
//! data that leaves. The classes are decided from, in order of trust:
//! - the annotations: `destructiveHint: true`, `readOnlyHint: true` (the tool
//!   writes nothing, so it sends nothing out), `openWorldHint: false` (its
//!   world is closed: it neither takes in others' content nor sends out;
//!   `true` alone is weak evidence of both);
//! - the parameters: a `url` the tool fetches or posts to, a recipient
//!   (`to`, `recipient`, `channel`, `webhook`), a `command` or `script`;
//! - the name's verb and nouns (`send_email`, `get_file_contents`,
//!   `add_issue_comment`);
//! - the description's first sentence, for a search or a read whose name
//!   says little (`Search the web with DuckDuckGo`).
//!
//! Evidence of [`Confidence::Low`] (a description alone, `openWorldHint:
//! true` alone) is kept but never makes a leg of a flow.

use std::borrow::Cow;

use crate::input::{Flavour, Tool};
use crate::text::words::{lowered, name_tokens};
use crate::value::{Value, member};

/// The toxic-flow rules, which only builds with the `flows` feature run
/// (the command line and the npm package, not the page).
pub const FLOW_RULES: [&str; 4] = [
    "lethal-trifecta",
    "untrusted-content-drives-action",
    "lethal-trifecta-across-servers",
    "untrusted-content-drives-action-across-servers",
];

/// A class of what a tool can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Capability {
    /// It reads data that belongs to the user or their organisation.
    PrivateData,
    /// It takes in content that others can write: web pages, issues,
    /// comments, email, chat, tickets, search results.
    Untrusted,
    /// It sends data outward, or writes where others can read.
    Outward,
    /// It deletes or irreversibly changes something.
    Destructive,
    /// It runs code or commands.
    RunsCode,
}

impl Capability {
    /// Every class, in order.
    pub const ALL: [Capability; 5] = [
        Capability::PrivateData,
        Capability::Untrusted,
        Capability::Outward,
        Capability::Destructive,
        Capability::RunsCode,
    ];

    /// What it says of a tool: `reads private data`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Capability::PrivateData => "reads private data",
            Capability::Untrusted => "takes in content others can write",
            Capability::Outward => "sends data out",
            Capability::Destructive => "is destructive",
            Capability::RunsCode => "runs code",
        }
    }
}

/// How far the evidence for a class goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Confidence {
    /// Only the description's first sentence says so.
    Low,
    /// The name says so.
    Medium,
    /// An annotation or a parameter says so.
    High,
}

impl Confidence {
    /// `low`, `medium` or `high`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Confidence::Low => "low",
            Confidence::Medium => "medium",
            Confidence::High => "high",
        }
    }
}

/// Why a tool is given a class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evidence {
    /// The class.
    pub capability: Capability,
    /// How far the evidence goes.
    pub confidence: Confidence,
    /// What gave it, for a message: `its parameter \`url\``.
    pub because: String,
    /// Among evidence of one confidence, the lower the clearer: a noun
    /// early in its list, in a short name, beats one late in its list or in
    /// a long name.
    pub rank: usize,
}

/// Verbs that run something.
const EXEC: [&str; 9] = [
    "run", "exec", "execute", "eval", "evaluate", "spawn", "start", "interact", "invoke",
];

/// What running something means code: with an [`EXEC`] verb in the name.
const CODE: [&str; 13] = [
    "command",
    "commands",
    "shell",
    "terminal",
    "script",
    "code",
    "process",
    "bash",
    "powershell",
    "python",
    "javascript",
    "js",
    "sql",
];

/// Parameters that hold code or a command.
const CODE_PARAMS: [&str; 6] = ["command", "cmd", "commands", "script", "shell", "code"];

/// Verbs that send something out whatever their object.
const SEND: [&str; 14] = [
    "send", "post", "publish", "share", "reply", "comment", "email", "mail", "notify", "message",
    "tweet", "upload", "push", "forward",
];

/// Verbs that read content from the open web.
const WEB: [&str; 5] = ["fetch", "browse", "navigate", "scrape", "crawl"];

/// What a tool that writes it puts where others can read.
const PUBLIC_NOUNS: [&str; 22] = [
    "email",
    "mail",
    "message",
    "messages",
    "pull",
    "pr",
    "issue",
    "issues",
    "comment",
    "comments",
    "gist",
    "post",
    "tweet",
    "reply",
    "channel",
    "chat",
    "webhook",
    "ticket",
    "discussion",
    "review",
    "release",
    "wiki",
];

/// What a tool that reads it takes in from others.
const UNTRUSTED_NOUNS: [&str; 25] = [
    "web",
    "webpage",
    "email",
    "emails",
    "mail",
    "inbox",
    "issue",
    "issues",
    "comment",
    "comments",
    "message",
    "messages",
    "thread",
    "chat",
    "ticket",
    "tickets",
    "discussion",
    "discussions",
    "pull",
    "pr",
    "review",
    "reviews",
    "feed",
    "notification",
    "notifications",
];

/// What a tool that reads it reads of the user's own.
const PRIVATE_NOUNS: [&str; 30] = [
    "file",
    "files",
    "document",
    "documents",
    "note",
    "notes",
    "record",
    "records",
    "secret",
    "secrets",
    "credential",
    "credentials",
    "password",
    "email",
    "emails",
    "mail",
    "message",
    "messages",
    "inbox",
    "calendar",
    "contact",
    "contacts",
    "customer",
    "customers",
    "memory",
    "memories",
    "graph",
    "vault",
    "page",
    "pages",
];

/// Words of a description's first sentence that mean the open web.
const WEB_WORDS: [&str; 7] = [
    "web", "webpage", "website", "internet", "url", "urls", "html",
];

/// Parameters that name where something is sent.
const RECIPIENT_PARAMS: [&str; 9] = [
    "to",
    "recipient",
    "recipients",
    "cc",
    "bcc",
    "channel",
    "webhook",
    "phone",
    "chat",
];

/// Parameters that hold a URL the tool requests.
const URL_PARAMS: [&str; 5] = ["url", "urls", "uri", "href", "link"];

/// HTTP methods, which some names lead with before their real verb
/// (`API-post-search`).
const METHODS: [&str; 3] = ["post", "put", "patch"];

/// Parameters that name a file to read.
const PATH_PARAMS: [&str; 4] = ["path", "file", "filepath", "filename"];

/// Verbs that remove or irreversibly change something.
pub(crate) const DESTRUCTIVE: [&str; 20] = [
    "cancel",
    "delete",
    "del",
    "remove",
    "rm",
    "drop",
    "revoke",
    "destroy",
    "purge",
    "erase",
    "wipe",
    "terminate",
    "overwrite",
    "truncate",
    "kill",
    "unlink",
    "uninstall",
    "discard",
    "expunge",
    "deprovision",
];

/// Verbs that change state.
pub(crate) const WRITE: [&str; 62] = [
    "create",
    "update",
    "delete",
    "write",
    "send",
    "set",
    "add",
    "insert",
    "put",
    "post",
    "patch",
    "edit",
    "modify",
    "remove",
    "upload",
    "move",
    "rename",
    "cancel",
    "submit",
    "publish",
    "deploy",
    "merge",
    "push",
    "assign",
    "unassign",
    "approve",
    "reject",
    "close",
    "reopen",
    "archive",
    "unarchive",
    "enable",
    "disable",
    "toggle",
    "install",
    "uninstall",
    "save",
    "store",
    "replace",
    "commit",
    "transfer",
    "invite",
    "grant",
    "revoke",
    "fork",
    "drop",
    "destroy",
    "purge",
    "erase",
    "wipe",
    "overwrite",
    "truncate",
    "kill",
    "terminate",
    "restart",
    "reboot",
    "shutdown",
    "append",
    "upsert",
    "import",
    "pay",
    "refund",
];

/// Verbs that only look.
pub(crate) const READ: [&str; 30] = [
    "get",
    "list",
    "search",
    "find",
    "read",
    "fetch",
    "query",
    "show",
    "describe",
    "view",
    "lookup",
    "look",
    "check",
    "count",
    "preview",
    "inspect",
    "browse",
    "retrieve",
    "download",
    "explain",
    "validate",
    "verify",
    "compare",
    "diff",
    "summarize",
    "analyze",
    "echo",
    "ping",
    "estimate",
    "calculate",
];

/// The verb token of a name, given as its tokens ([`name_tokens`]): the
/// first of its first two tokens that is a known verb (`cancel_order`,
/// `orders_cancel`), else its last token (`orders.archive.delete`,
/// `issue_write`).
pub(crate) fn name_verb<'t>(tokens: &'t [Cow<'_, str>]) -> Option<&'t str> {
    let known = |t: &str| READ.contains(&t) || WRITE.contains(&t) || DESTRUCTIVE.contains(&t);
    tokens
        .iter()
        .take(2)
        .find(|t| known(t))
        .or_else(|| tokens.last())
        .map(|t| &**t)
}

/// The rank of a name's noun `noun` of `set`, in a name of `tokens` tokens.
fn rank(set: &[&str], noun: &str, tokens: usize) -> usize {
    set.iter().position(|w| *w == noun).unwrap_or(0) * 8 + tokens.min(7)
}

/// The first word of `words` that is in `set`.
fn any<'w>(words: &'w [Cow<'_, str>], set: &[&str]) -> Option<&'w str> {
    words.iter().map(|w| &**w).find(|w| set.contains(w))
}

/// What `tool` can do, one piece of evidence per class, in class order
/// ([`Capability::ALL`]).
#[must_use]
pub fn of(tool: &Tool<'_>) -> Vec<Evidence> {
    let mut found = Vec::new();
    let hint = |key: &str| {
        (tool.flavour == Flavour::Mcp)
            .then(|| tool.get("annotations").and_then(Value::as_object))
            .flatten()
            .and_then(|a| member(a, key))
            .and_then(Value::as_bool)
    };
    let read_only = hint("readOnlyHint") == Some(true);
    let open_world = hint("openWorldHint");
    let mut name = tool.name().map(name_tokens).unwrap_or_default();
    let mut at = verb_at(&name);
    // `API-post-search`: the method is no noun.
    if let Some(i) = at.filter(|&i| i > 0 && METHODS.contains(&&*name[i - 1])) {
        name.remove(i - 1);
        at = Some(i - 1);
    }
    let verb = at.map_or("", |i| &*name[i]);
    // The description's first sentence, in lowercase words.
    let sentence: Vec<Cow<'_, str>> = tool
        .description()
        .and_then(|d| d.split(['.', '\n']).find(|s| !s.trim().is_empty()))
        .map(|s| {
            s.split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .take(40)
                .map(lowered)
                .collect()
        })
        .unwrap_or_default();
    // The top-level parameters, each as its tokens.
    let params: Vec<(&str, Vec<Cow<'_, str>>)> = tool
        .input_schema()
        .and_then(|s| s.get("properties"))
        .and_then(Value::as_object)
        .map(|p| p.keys().map(|k| (k.as_str(), name_tokens(k))).collect())
        .unwrap_or_default();
    let param = |set: &[&str]| {
        params
            .iter()
            .find(|(_, tokens)| tokens.last().is_some_and(|t| set.contains(&&**t)))
            .map(|(k, _)| *k)
    };
    // A parameter named exactly one of `set` (in any case).
    let named = |set: &[&str]| {
        params
            .iter()
            .find(|(k, _)| set.contains(&lowered(k).as_ref()))
            .map(|(k, _)| *k)
    };
    let url = named(&URL_PARAMS);
    let sends = SEND.contains(&verb);
    let writes = !read_only
        && (sends
            || WRITE.contains(&verb)
            || DESTRUCTIVE.contains(&verb)
            || hint("destructiveHint") == Some(true));
    let runs = EXEC.contains(&verb);
    let reads = !writes && !runs;
    let n = name.len();
    // The name's clearest noun of `set`, with its rank.
    let noun = |set: &[&str]| {
        name.iter()
            .filter_map(|t| {
                set.iter()
                    .position(|w| *w == t.as_ref())
                    .map(|at| (&**t, at))
            })
            .min_by_key(|&(_, at)| at)
            .map(|(t, _)| (t, rank(set, t, n)))
    };
    let said = |what: &str, word: &str| format!("its name's {what} `{word}`");
    let mut put = |capability, confidence, rank, because: String| {
        found.push(Evidence {
            capability,
            confidence,
            because,
            rank,
        });
    };
    use Capability as C;
    use Confidence::{High, Low, Medium};

    // A tool that reads a URL it is given reads the web, not the user's own
    // pages or files (`fetch_page`, `download_file`).
    if (reads || read_only) && url.is_none() {
        if let Some((noun, rank)) = noun(&PRIVATE_NOUNS) {
            put(C::PrivateData, Medium, rank, said("noun", noun));
        } else if let Some(p) = param(&PATH_PARAMS).filter(|_| read_only || READ.contains(&verb)) {
            put(C::PrivateData, Medium, 1000, format!("its parameter `{p}`"));
        } else if let Some(word) = any(&sentence, &PRIVATE_NOUNS) {
            put(
                C::PrivateData,
                Low,
                0,
                format!("its description's `{word}`"),
            );
        }
    } else if runs && any(&name, &["sql", "query", "database", "db"]).is_some() {
        put(
            C::PrivateData,
            Medium,
            1000,
            format!("its name: `{verb}` on a database"),
        );
    }
    // A closed world (`openWorldHint: false`): what the tool reads and writes
    // is nobody else's.
    if open_world != Some(false) {
        if reads || read_only {
            if let Some(p) = url {
                put(
                    C::Untrusted,
                    High,
                    0,
                    format!("its parameter `{p}`: it reads what a URL holds"),
                );
            } else if let Some((noun, rank)) = noun(&UNTRUSTED_NOUNS) {
                put(C::Untrusted, Medium, rank, said("noun", noun));
            } else if WEB.contains(&verb) && verb != "fetch" {
                put(C::Untrusted, Medium, n, said("verb", verb));
            } else if let Some(word) = any(&sentence, &WEB_WORDS) {
                // A search or a fetch of the web says so in its first sentence.
                let clear = verb == "search" || verb == "read" || WEB.contains(&verb);
                put(
                    C::Untrusted,
                    if clear { Medium } else { Low },
                    1000,
                    format!("its description's `{word}`"),
                );
            } else if open_world == Some(true) {
                put(C::Untrusted, Low, 0, "`openWorldHint: true`".into());
            }
        }
        if let Some(p) = url {
            let confidence = if writes { High } else { Medium };
            put(
                C::Outward,
                confidence,
                1000,
                format!("its parameter `{p}`: a URL can carry data out"),
            );
        } else if writes {
            // `to`, `channel_id`, `webhookUrl`: for a tool that sends or posts
            // where others read, a recipient leads or ends the name; for any
            // other write only `to`, `recipient`, `cc`, `bcc` or a webhook
            // say so, and `to` not beside a `from` (`move_file(from, to)`).
            let public = sends || noun(&PUBLIC_NOUNS).is_some();
            let from = named(&["from", "source"]).is_some();
            let recipient = params
                .iter()
                .find(|(k, t)| {
                    if public {
                        [t.first(), t.last()]
                            .into_iter()
                            .flatten()
                            .any(|t| RECIPIENT_PARAMS.contains(&&**t))
                    } else {
                        let k = lowered(k);
                        (["recipient", "recipients", "cc", "bcc"].contains(&k.as_ref())
                            || (k == "to" && !from))
                            || t.first().is_some_and(|t| t == "webhook")
                    }
                })
                .map(|(k, _)| *k);
            if let Some(p) = recipient {
                put(C::Outward, High, 0, format!("its parameter `{p}`"));
            } else if sends {
                put(C::Outward, Medium, n, said("verb", verb));
            } else if let Some((noun, rank)) = noun(&PUBLIC_NOUNS) {
                put(
                    C::Outward,
                    Medium,
                    rank,
                    format!("its name: `{verb}` `{noun}`"),
                );
            } else if open_world == Some(true) {
                put(C::Outward, Low, 0, "`openWorldHint: true`".into());
            }
        }
    }
    let destructive_verb = DESTRUCTIVE.contains(&verb);
    if !read_only && hint("destructiveHint") == Some(true) {
        put(
            C::Destructive,
            High,
            usize::from(!destructive_verb),
            "`destructiveHint: true`".into(),
        );
    } else if !read_only && destructive_verb {
        put(C::Destructive, Medium, n, said("verb", verb));
    }
    // Named exactly: a `country_code` or a `status_code` is no code.
    if let Some(p) = named(&CODE_PARAMS).filter(|_| !read_only) {
        put(C::RunsCode, High, 0, format!("its parameter `{p}`"));
    } else if let Some((noun, rank)) = noun(&CODE).filter(|_| runs) {
        put(
            C::RunsCode,
            Medium,
            rank,
            format!("its name: `{verb}` `{noun}`"),
        );
    }
    found
}

/// Where the verb of a name's tokens is: the first of its first two tokens
/// that is a known verb (`send_email`, `issue_write`), else its last token.
fn verb_at(tokens: &[Cow<'_, str>]) -> Option<usize> {
    let known = |t: &str| {
        [&READ[..], &WRITE, &DESTRUCTIVE, &EXEC, &WEB]
            .iter()
            .any(|set| set.contains(&t))
    };
    // A word that is a noun as often as a verb (`email`, `message`, `post`)
    // is the verb only when neither of the first two words is another verb:
    // `get_message` reads, `send_message` and `message_send` send.
    let at = tokens
        .iter()
        .take(2)
        .position(|t| known(t))
        .or_else(|| tokens.iter().take(2).position(|t| SEND.contains(&&**t)));
    let at = match at {
        // `API-post-search`: the method, then the verb.
        Some(i)
            if METHODS.contains(&&*tokens[i])
                && tokens
                    .get(i + 1)
                    .is_some_and(|t| known(t) || SEND.contains(&&**t)) =>
        {
            Some(i + 1)
        }
        other => other,
    };
    at.or_else(|| tokens.len().checked_sub(1))
}

#[cfg(feature = "flows")]
/// One leg of a toxic flow: the tool that stands for it, its evidence, and
/// how many tools of the set have the class.
struct Leg<'e> {
    /// The tool with the clearest evidence (the first of equals), as its
    /// position in the set.
    tool: usize,
    /// That evidence.
    evidence: &'e Evidence,
    /// How many tools have the class, with at least [`Confidence::Medium`].
    count: usize,
}

#[cfg(feature = "flows")]
/// Of `tools` (each tool's evidence), the one with the clearest evidence
/// for `capability` (a description alone, [`Confidence::Low`], does not
/// count).
fn leg<'e>(tools: &[&'e [Evidence]], capability: Capability) -> Option<Leg<'e>> {
    let mut best: Option<Leg<'e>> = None;
    let mut count = 0;
    for (tool, found) in tools.iter().enumerate() {
        let Some(evidence) = found
            .iter()
            .find(|e| e.capability == capability && e.confidence >= Confidence::Medium)
        else {
            continue;
        };
        count += 1;
        let key = |e: &Evidence| (e.confidence, std::cmp::Reverse(e.rank));
        if best
            .as_ref()
            .is_none_or(|b| key(evidence) > key(b.evidence))
        {
            best = Some(Leg {
                tool,
                evidence,
                count: 0,
            });
        }
    }
    best.map(|b| Leg { count, ..b })
}

#[cfg(feature = "flows")]
/// The lethal trifecta over `tools`: a tool that takes in content others
/// write, one that reads private data, and one that sends data out.
fn trifecta<'e>(tools: &[&'e [Evidence]]) -> Option<[Leg<'e>; 3]> {
    Some([
        leg(tools, Capability::Untrusted)?,
        leg(tools, Capability::PrivateData)?,
        leg(tools, Capability::Outward)?,
    ])
}

#[cfg(feature = "flows")]
/// The lesser pair over `tools`: a tool that takes in content others write,
/// and one that runs code (or else one that is destructive).
fn pair<'e>(tools: &[&'e [Evidence]]) -> Option<[Leg<'e>; 2]> {
    let action =
        leg(tools, Capability::RunsCode).or_else(|| leg(tools, Capability::Destructive))?;
    Some([leg(tools, Capability::Untrusted)?, action])
}

#[cfg(feature = "flows")]
/// `` `issue_read` takes in content others can write (its name's noun
/// `issue`; 22 tools in all) ``, for the tool `label` (quoted).
fn describe(leg: &Leg<'_>, label: &str) -> String {
    let more = if leg.count > 1 {
        format!("; {} tools in all", leg.count)
    } else {
        String::new()
    };
    format!(
        "{label} {} ({}{more})",
        leg.evidence.capability.as_str(),
        leg.evidence.because
    )
}

#[cfg(feature = "flows")]
/// What goes wrong on a lethal trifecta, for a finding's explanation.
const TRIFECTA_WHY: &str = "The model reads what every tool returns in one context and cannot tell text an attacker wrote \
from its user's request. A public issue, an email or a web page can tell it to read private data with one tool and send it out with \
another, and each tool does only what it was built to do. The path belongs to a deployment, so this is a warning; `--fail-on warning` \
makes it gate CI.";

#[cfg(feature = "flows")]
/// What goes wrong on a lesser pair, for a finding's explanation.
const PAIR_WHY: &str = "The model reads what every tool returns in one context and cannot tell text an attacker wrote \
from its user's request: a web page, an issue or an email can ask for a command or a deletion, and a client that does not ask first \
runs it. The path belongs to a deployment, so this is a warning.";

#[cfg(feature = "flows")]
/// The message of a lethal trifecta, from its legs described.
fn trifecta_message([untrusted, private, outward]: &[String; 3]) -> String {
    format!(
        "{untrusted}; {private}; and {outward}: text an attacker puts where the first reads can make the model send what the second reads out through the third"
    )
}

#[cfg(feature = "flows")]
/// The message of a lesser pair, from its legs described.
fn pair_message([untrusted, action]: &[String; 2], runs_code: bool) -> String {
    let what = if runs_code {
        "run code of its choosing"
    } else {
        "destroy data"
    };
    format!(
        "{untrusted}, and {action}: text an attacker puts where the first reads can make the model {what} through the second"
    )
}

#[cfg(feature = "flows")]
/// How to break a lethal trifecta whose way out is `outward` and whose
/// private data comes from `private` (both quoted).
fn trifecta_help(outward: &str, private: &str, across: bool) -> String {
    let split = if across {
        "give these servers to different agents"
    } else {
        "give the agent only the tools its task needs"
    };
    format!(
        "Break the path: {split}; disable {outward} in the client's configuration or have the client ask before it runs \
         (a tool marked `readOnlyHint: true` may run without asking: a tool that sends data out should not be); or scope the token so {private} reaches no private data"
    )
}

#[cfg(feature = "flows")]
/// How to break a lesser pair whose action is `action` (quoted).
fn pair_help(action: &str, across: bool) -> String {
    let split = if across {
        "give these servers to different agents"
    } else {
        "split the tools between agents"
    };
    format!(
        "Have the client ask before {action} runs (clients that ask before destructive tools need it marked `destructiveHint: true`), \
         disable it in the client's configuration, or {split}"
    )
}

/// A kind of toxic flow.
#[cfg(feature = "flows")]
#[derive(Clone, Copy)]
pub(crate) enum Kind {
    /// Content others write, private data, and a way out.
    Trifecta,
    /// Content others write, and a tool that runs code or destroys data.
    Pair,
}

/// A toxic flow found, ready to report.
#[cfg(feature = "flows")]
pub(crate) struct Flow {
    /// The tool that acts (the way out, or the tool that runs or destroys),
    /// where the finding is: a position in the set.
    pub at: usize,
    /// Every leg's tool, content first.
    pub legs: Vec<usize>,
    /// The finding's message: every leg with its tool and evidence.
    pub message: String,
    /// What goes wrong.
    pub why: &'static str,
    /// How to break the path.
    pub help: String,
}

/// The flow of `kind` over `tools` (each tool's evidence), if there is one,
/// naming each tool by `label` (quoted). `across` says the tools are several
/// servers', which changes the advice.
#[cfg(feature = "flows")]
pub(crate) fn flow(
    kind: Kind,
    tools: &[&[Evidence]],
    label: impl Fn(usize) -> String,
    across: bool,
) -> Option<Flow> {
    Some(match kind {
        Kind::Trifecta => {
            let legs = trifecta(tools)?;
            let said = legs.each_ref().map(|l| describe(l, &label(l.tool)));
            Flow {
                at: legs[2].tool,
                legs: legs.iter().map(|l| l.tool).collect(),
                message: trifecta_message(&said),
                why: TRIFECTA_WHY,
                help: trifecta_help(&label(legs[2].tool), &label(legs[1].tool), across),
            }
        }
        Kind::Pair => {
            let legs = pair(tools)?;
            let said = legs.each_ref().map(|l| describe(l, &label(l.tool)));
            let runs_code = legs[1].evidence.capability == Capability::RunsCode;
            Flow {
                at: legs[1].tool,
                legs: legs.iter().map(|l| l.tool).collect(),
                message: pair_message(&said, runs_code),
                why: PAIR_WHY,
                help: pair_help(&label(legs[1].tool), across),
            }
        }
    })
}

#[cfg(all(test, feature = "flows"))]
mod tests {
    /// The classes of one tool, as `Class:confidence`.
    fn classes(tool: &str) -> Vec<String> {
        let text = format!("{{\"tools\": [{tool}]}}");
        let report = crate::check(&text, &crate::Settings::default()).expect("parses");
        report.tools[0]
            .capabilities
            .iter()
            .map(|e| format!("{:?}:{}", e.capability, e.confidence.as_str()))
            .collect()
    }

    fn tool(name: &str, params: &[&str], annotations: &str) -> String {
        let properties: Vec<String> = params
            .iter()
            .map(|p| format!("\"{p}\": {{\"type\": \"string\"}}"))
            .collect();
        format!(
            "{{\"name\": \"{name}\", \"annotations\": {{{annotations}}}, \"inputSchema\": {{\"type\": \"object\", \"properties\": {{{}}}}}}}",
            properties.join(", ")
        )
    }

    #[test]
    fn textbook_tools() {
        for (name, params, annotations, expected) in [
            (
                "send_email",
                &["to", "subject", "body"][..],
                "",
                &["Outward:high"][..],
            ),
            (
                "read_email",
                &["id"],
                "\"readOnlyHint\": true",
                &["PrivateData:medium", "Untrusted:medium"],
            ),
            (
                "fetch",
                &["url"],
                "\"readOnlyHint\": true",
                &["Untrusted:high", "Outward:medium"],
            ),
            ("post_webhook", &["url", "payload"], "", &["Outward:high"]),
            ("run_command", &["command"], "", &["RunsCode:high"]),
            (
                "execute_sql",
                &["project_id", "query"],
                "",
                &["PrivateData:medium", "RunsCode:medium"],
            ),
            ("delete_file", &["path"], "", &["Destructive:medium"]),
            (
                "drop_table",
                &["name"],
                "\"destructiveHint\": true",
                &["Destructive:high"],
            ),
            (
                "get_file_contents",
                &["owner", "repo", "path"],
                "\"readOnlyHint\": true",
                &["PrivateData:medium"],
            ),
            (
                "issue_read",
                &["owner", "repo", "issue_number"],
                "\"readOnlyHint\": true",
                &["Untrusted:medium"],
            ),
            (
                "create_pull_request",
                &["owner", "repo", "title", "body"],
                "",
                &["Outward:medium"],
            ),
            (
                "add_issue_comment",
                &["owner", "repo", "body"],
                "",
                &["Outward:medium"],
            ),
            (
                "navigate",
                &["url"],
                "",
                &["Untrusted:high", "Outward:medium"],
            ),
            ("evaluate", &["script"], "", &["RunsCode:high"]),
            (
                "slack_post_message",
                &["channel_id", "text"],
                "",
                &["Outward:high"],
            ),
            ("API-post-search", &["query"], "", &[]),
            // A noun that can be a verb is the verb only with no other verb.
            (
                "get_message",
                &["id"],
                "",
                &["PrivateData:medium", "Untrusted:medium"],
            ),
            (
                "message_search",
                &["query"],
                "",
                &["PrivateData:medium", "Untrusted:medium"],
            ),
            ("send_message", &["chat_id", "text"], "", &["Outward:high"]),
            // A web page is the web's, not the user's: no private leg.
            (
                "fetch_page",
                &["url"],
                "\"readOnlyHint\": true",
                &["Untrusted:high", "Outward:medium"],
            ),
            // A query of a log language reads private logs, but runs no code.
            (
                "execute_log_insights_query",
                &["log_group", "query_string"],
                "",
                &["PrivateData:medium"],
            ),
        ] {
            assert_eq!(
                classes(&tool(name, params, annotations)),
                expected,
                "{name}"
            );
        }
    }

    /// Near misses: the word is there, the capability is not.
    #[test]
    fn near_misses() {
        for (name, params, annotations) in [
            // A route has a `to`, but the tool only reads.
            ("get_route", &["from", "to"][..], "\"readOnlyHint\": true"),
            // A closed world: neither what it reads nor what it writes is anyone else's.
            (
                "fetch",
                &["url"],
                "\"readOnlyHint\": true, \"openWorldHint\": false",
            ),
            // Its schema, not its rows.
            ("list_tables", &["schema"], "\"readOnlyHint\": true"),
            ("get_current_time", &["timezone"], "\"readOnlyHint\": true"),
            // A filter named after a path is no file read.
            (
                "get_repository_tree",
                &["owner", "repo", "path_filter"],
                "\"readOnlyHint\": true",
            ),
            // An address stored, not requested.
            ("create_incident", &["title", "attach_url"], ""),
            // A country code is no code; a move's `to` is no recipient.
            ("set_country", &["country_code"], ""),
            ("move_file", &["from", "to"], ""),
            // A report written to a path reads no private file.
            ("generate_report", &["output_path"], ""),
        ] {
            let found = classes(&tool(name, params, annotations));
            let strong: Vec<&String> = found.iter().filter(|c| !c.ends_with(":low")).collect();
            assert!(strong.is_empty(), "{name}: {found:?}");
        }
    }

    /// A description counts only for a tool that searches, reads or fetches,
    /// and only for the open web.
    #[test]
    fn descriptions_count_little() {
        let search = r#"{"name": "search", "description": "Search the web with DuckDuckGo.", "inputSchema": {"type": "object", "properties": {"query": {"type": "string"}}}}"#;
        assert_eq!(classes(search), ["Untrusted:medium"]);
        let exposures = r#"{"name": "get_exposures", "description": "Gets exposures and their URL.", "inputSchema": {"type": "object"}}"#;
        assert_eq!(classes(exposures), ["Untrusted:low"]);
    }
}
