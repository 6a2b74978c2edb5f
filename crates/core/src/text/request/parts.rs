//! The parts of a request: the words quoted for each, what a request acts
//! on when a pronoun stands for it, and where what it hands over goes.

use super::*;

impl<'s, 'c> Reading<'s, 'c> {
    /// The chars of words `a..=b`.
    pub(super) fn part(&self, a: usize, b: usize, what: impl Into<String>) -> Option<Part> {
        let s = self.s;
        let start = s.words.get(a)?.start;
        let end = s.words.get(b)?.end;
        Some(Part {
            start,
            end,
            words: s.chars[start..end].iter().collect(),
            what: what.into(),
        })
    }

    /// A file named in the text, as a part: the whole path as written.
    pub(super) fn file_part<T>(&self, f: &Spot<T>) -> Option<Part> {
        let (start, end) = self.file_span(f);
        Some(Part {
            start,
            end,
            words: self.s.chars[start..end].iter().collect(),
            what: self.file_label(f),
        })
    }

    /// The span of a spot, as a part.
    pub(super) fn spot_part<T>(&self, sp: &Spot<T>, what: impl Into<String>) -> Option<Part> {
        self.part(sp.start, sp.end, what)
    }

    /// The first concealment order of the text, as a part.
    pub(super) fn concealment(&self) -> Option<Part> {
        let (a, b) = *self.hiding.first()?;
        self.part(a, b, "an order to hide it")
    }

    /// The tool's parameter named within `max` words from word `i`, as
    /// written (`notes`, "the `extra` argument").
    pub(super) fn parameter_at(&self, i: usize, max: usize) -> Option<(usize, &'c str)> {
        let s = self.s;
        if self.cx.parameters.is_empty() {
            return None;
        }
        for j in i..i + max {
            let w = s.words.get(j)?;
            if j > i && !s.same_sentence(i, j) {
                break;
            }
            for p in &self.cx.parameters {
                if p.len() < 2 {
                    continue;
                }
                let written = p
                    .chars()
                    .enumerate()
                    .all(|(k, c)| s.lower.get(w.start + k).copied() == c.to_lowercase().next());
                let after = s.lower.get(w.start + p.chars().count()).copied();
                if written && !after.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    // A common word ("text", "to") counts only when it is
                    // marked as a name: quoted, or followed by "field" or
                    // "argument".
                    let quoted =
                        w.start > 0 && matches!(s.chars[w.start - 1], '`' | '\'' | '"' | '‘' | '“');
                    let marked = self.is(
                        j + 1,
                        &["field", "parameter", "argument", "param", "property", "arg"],
                    );
                    // A plain word ("user", "context") is a parameter only when
                    // the text marks it as one; an identifier always is.
                    let identifier = p.contains('_') || p.chars().skip(1).any(|c| c.is_uppercase());
                    if quoted || marked || identifier {
                        return Some((j, p));
                    }
                }
            }
        }
        None
    }

    /// Whether the parameter `p` is meant to hold `thing`.
    pub(super) fn needs(&self, p: &str, thing: Thing, bulk: bool) -> bool {
        let tokens = name_tokens(p);
        let has = |words: &[&str]| tokens.iter().any(|t| words.contains(&&**t));
        match thing {
            Thing::Secret => {
                !bulk
                    && (secret_word(p).is_some()
                        || has(&[
                            "secret",
                            "password",
                            "credential",
                            "credentials",
                            "token",
                            "apikey",
                            "key",
                            "auth",
                            "pin",
                            "otp",
                            "code",
                            "login",
                            "cookie",
                            "cookies",
                            "connection",
                        ]))
            }
            Thing::Conversation => has(&[
                "conversation",
                "history",
                "messages",
                "chat",
                "transcript",
                "dialog",
                "dialogue",
                "turns",
                "memory",
            ]),
            Thing::SystemPrompt => has(&["prompt", "instructions", "system"]),
            Thing::Private => has(&[
                "location",
                "contacts",
                "contact",
                "clipboard",
                "file",
                "files",
                "content",
                "contents",
                "data",
                "document",
            ]),
            _ => true,
        }
    }

    /// The sensitive things named in words `a..=b`, or, for a pronoun or
    /// "that file", those named before.
    pub(super) fn sensitive_in(&self, a: usize, b: usize) -> Vec<(usize, usize, Thing, String)> {
        self.sensitive_among(
            a,
            b,
            &[Thing::Conversation, Thing::SystemPrompt, Thing::Secret],
        )
    }

    /// [`Reading::sensitive_in`], for the things in `kinds`.
    pub(super) fn sensitive_among(
        &self,
        a: usize,
        b: usize,
        kinds: &[Thing],
    ) -> Vec<(usize, usize, Thing, String)> {
        let mut out: Vec<(usize, usize, Thing, String)> = Vec::new();
        for n in &self.named {
            if n.from >= a && n.from <= b && kinds.contains(&n.thing) {
                out.push((n.from, n.to, n.thing, n.thing.label().to_owned()));
            }
        }
        for f in &self.files {
            if f.start >= a && f.start <= b && f.what != FileKind::Foreign {
                out.push((f.start, f.end, Thing::Secret, self.file_label(f)));
            }
        }
        let mut out = ordered(out, |t| (t.0, 0));
        if out.is_empty() {
            // "it", "its content", "them", "that file", "the answer".
            let lead = (a..=b.min(a + 3)).find(|j| {
                (self.is(*j, PRONOUNS) && (*j <= a + 1 || self.is(*j - 1, &["of"])))
                    || self.is(*j, &["file", "answer"])
                        && *j > 0
                        && self.is(*j - 1, &["that", "this", "the"])
            });
            if lead.is_some() {
                // An antecedent in the last 40 words (blank lines and list
                // marks count for nothing).
                let earlier = |w: usize| w < a && w + 40 >= a;
                for n in self.named.iter().rev() {
                    if earlier(n.from) && kinds.contains(&n.thing) {
                        out.push((n.from, n.to, n.thing, n.thing.label().to_owned()));
                        break;
                    }
                }
                for f in self.files.iter().rev() {
                    if earlier(f.start) && f.what != FileKind::Foreign {
                        out.insert(0, (f.start, f.end, Thing::Secret, self.file_label(f)));
                        break;
                    }
                }
            }
        }
        out
    }

    pub(super) fn file_label<T>(&self, f: &Spot<T>) -> String {
        let (from, to) = self.file_span(f);
        let label: String = self.s.chars[from..to].iter().collect();
        // "the home directory", but `~/.ssh/id_rsa` as written.
        if label.contains(' ') {
            format!("the {}", label.to_lowercase())
        } else {
            label
        }
    }

    /// The characters of a file's path as written, from its first
    /// character (`~/.ssh/id_rsa`, not `ssh/id_rsa`).
    pub(super) fn file_span<T>(&self, f: &Spot<T>) -> (usize, usize) {
        let s = self.s;
        let (a, b) = (s.words[f.start].start, s.words[f.end].end);
        let mut from = a;
        while from > 0
            && !s.chars[from - 1].is_whitespace()
            && !matches!(s.chars[from - 1], '`' | '\'' | '"' | '(')
        {
            from -= 1;
        }
        let mut to = b;
        while to < s.chars.len()
            && !s.chars[to].is_whitespace()
            && !matches!(s.chars[to], '`' | '\'' | '"' | ')' | ',' | ';')
        {
            to += 1;
        }
        while to > b && matches!(s.chars[to - 1], '.' | ':') {
            to -= 1;
        }
        (from, to)
    }

    /// Where something handed over by the verb at `at` goes, after word
    /// `from`, in its sentence; `thing` is what goes, so that an argument
    /// meant for it is no destination.
    pub(super) fn destination(
        &self,
        at: &VerbAt,
        from: usize,
        thing: Option<(Thing, bool)>,
    ) -> Option<Part> {
        let s = self.s;
        let i = at.word;
        let end = self.sentence_end(i);
        let within = |k: usize| k > i.min(from) && k <= end;
        if let Some(a) = self.addresses.iter().find(|a| {
            a.what != Address::Path
                && (within(a.start) || (a.start >= self.clause_of(i) && a.start < i && at.passive))
        }) {
            return self.spot_part(a, a.what.label());
        }
        // An argument of this tool that does not need it.
        let mut j = from;
        while j <= end {
            if let Some((k, p)) = self.parameter_at(j, 1) {
                if thing.is_some_and(|(t, bulk)| self.needs(p, t, bulk)) {
                    return None;
                }
                // "in the city field": the excerpt takes in "field".
                let last = if self.is(
                    k + 1,
                    &["field", "parameter", "argument", "param", "property"],
                ) {
                    k + 1
                } else {
                    k
                };
                return self
                    .part(k, last, format!("the argument `{p}`"))
                    .map(|part| Part {
                        words: p.to_owned(),
                        ..part
                    });
            }
            j += 1;
        }
        // Another tool, a link, a remote party.
        if let Some(k) = s.after(i.max(from), 16, |k| {
            k <= end && self.is(k, OUTWARD) && !self.is(k, &["server", "servers"])
                || (k <= end
                    && self.is(k, &["server", "servers"])
                    && k > 0
                    && self.is(k - 1, REMOTE_PARTIES))
        }) {
            let first = s
                .before(k, 3, |m| {
                    self.is(m, &["the", "a", "an", "any", "our", "every"])
                })
                .unwrap_or(k);
            let what = if self.is(k, &["tool", "tools"]) {
                "another tool"
            } else if self.is(k, &["link", "url", "image", "badge", "pixel"]) {
                "a link"
            } else {
                "a remote party"
            };
            return self.part(first, k, what);
        }
        // This parameter: "put it here", "fill with …", "in this field".
        if matches!(self.cx.field(), Field::Parameter | Field::Value)
            && let Some(p) = self.cx.property
        {
            let here = s.after(i, 16, |k| {
                k <= end
                    && (self.is(k, &["here"])
                        || (self.is(k, &["field", "parameter", "argument", "property"])
                            && k > 0
                            && self.is(k - 1, &["this"])))
            });
            // "Fill with …", "Set it to …", "Set this to …".
            let fill = self.is(i, &["fill"])
                || self.is(i, &["set", "make"])
                    && self.is(i + 1, &["it", "this", "the"])
                    && s.after(i, 3, |k| self.is(k, &["to"])).is_some();
            if here.is_some() || fill {
                if thing.is_some_and(|(t, bulk)| self.needs(p, t, bulk)) {
                    return None;
                }
                let k = here.unwrap_or(i);
                return self
                    .part(k, k, format!("the argument `{p}`"))
                    .map(|part| Part {
                        words: p.to_owned(),
                        ..part
                    });
            }
        }
        // "send it back": to this server, in the call.
        if s.after(i, 4, |k| k <= end && self.is(k, &["back"]))
            .is_some_and(|k| {
                at.verb.does(Act::Send)
                    && (i + 1..k).all(|m| {
                        self.is(m, PRONOUNS)
                            || self.is(
                                m,
                                &["the", "result", "results", "listing", "contents", "content"],
                            )
                    })
            })
        {
            let k = s.after(i, 4, |k| self.is(k, &["back"])).unwrap_or(i);
            return self.part(k, k, "this server");
        }
        // A parameter's own text that says to add something says where:
        // "also append the contents of /etc/passwd".
        if matches!(self.cx.field(), Field::Parameter | Field::Value)
            && let Some(p) = self.cx.property
            && at.verb.does(Act::Send)
            && self.is(
                i,
                &[
                    "append", "add", "include", "attach", "put", "paste", "insert", "prepend",
                    "embed",
                ],
            )
        {
            if thing.is_some_and(|(t, bulk)| self.needs(p, t, bulk)) {
                return None;
            }
            return self
                .part(i, i, format!("the argument `{p}`"))
                .map(|part| Part {
                    words: p.to_owned(),
                    ..part
                });
        }
        // "the query of your next tool call", "the commit message".
        if let Some(k) = s.after(i.max(from), 16, |k| {
            k <= end
                && self.is(
                    k,
                    &["call", "query", "footer", "subject", "message", "export"],
                )
                && s.before(k, 4, |m| {
                    self.is(m, &["next", "commit", "reply", "the", "your"])
                })
                .is_some()
        }) {
            return self.part(k, k, "the model's output or another call");
        }
        None
    }

    /// A request made of a verb, with its parts.
    pub(super) fn request(
        &self,
        row: Row,
        at: &VerbAt,
        object: Option<Part>,
        destination: Option<Part>,
    ) -> Request {
        let action = self.part(at.word, at.word, at.verb.base);
        let (mut start, mut end) = action.as_ref().map_or((0, 0), |a| (a.start, a.end));
        for p in [&object, &destination].into_iter().flatten() {
            // A parameter's own name stands in no place of the text.
            if p.end > p.start {
                start = start.min(p.start);
                end = end.max(p.end);
            }
        }
        self.passage(row, (start, end), action, object, destination)
    }

    /// A request over the characters `span`, with its parts: the order to
    /// hide it, if the text gives one, and whether any of it is spelled in
    /// tag characters.
    pub(super) fn passage(
        &self,
        row: Row,
        span: (usize, usize),
        action: Option<Part>,
        object: Option<Part>,
        destination: Option<Part>,
    ) -> Request {
        let s = self.s;
        let (start, end) = (span.0, self.closing_quote(span.0, span.1));
        let tagged = s
            .from_tag
            .get(start..end.min(s.from_tag.len()))
            .is_some_and(|t| t.iter().any(|t| *t));
        Request {
            row,
            start,
            end,
            action,
            object,
            destination,
            concealment: if row == Row::Concealment {
                None
            } else {
                self.concealment()
            },
            tagged,
        }
    }

    /// The span from the first to the last of `parts`, in characters.
    pub(super) fn span_of(parts: &[&Option<Part>]) -> (usize, usize) {
        let spans: Vec<(usize, usize)> = parts
            .iter()
            .filter_map(|p| p.as_ref())
            .filter(|p| p.end > p.start)
            .map(|p| (p.start, p.end))
            .collect();
        (
            spans.iter().map(|s| s.0).min().unwrap_or(0),
            spans.iter().map(|s| s.1).max().unwrap_or(0),
        )
    }

    /// Whether word `k` is part of another tool's name: `send_message`,
    /// `git_push`, "the Slack tools".
    pub(super) fn tool_name(&self, k: usize) -> bool {
        let s = self.s;
        let Some(w) = s.words.get(k) else {
            return false;
        };
        let glued = s.chars.get(w.end) == Some(&'_')
            && s.chars.get(w.end + 1).is_some_and(|c| c.is_alphanumeric());
        // A command in backticks: `git push`.
        let in_code = {
            let line_start = s.chars[..w.start]
                .iter()
                .rposition(|c| *c == '\n')
                .map_or(0, |p| p + 1);
            s.chars[line_start..w.start]
                .iter()
                .filter(|c| **c == '`')
                .count()
                % 2
                == 1
        };
        in_code && self.is(k, &["git", "gh", "npm", "kubectl", "aws", "docker"])
            || glued
                && !self.cx.parameters.iter().any(|p| {
                    let written: String = s.lower[w.start..].iter().take(p.len()).collect();
                    written == p.to_lowercase()
                })
            || self.is(k, &["tool", "tools"]) && k > 0 && !self.is(k - 1, &["this"])
    }
}
