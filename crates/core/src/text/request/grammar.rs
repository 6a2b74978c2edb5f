//! How a text orders: each verb of ours, whether it is negated, whether it
//! is addressed to the model or describes what a tool does, and the words it
//! acts on.

use super::*;

impl<'s, 'c> Reading<'s, 'c> {
    /// The word a clause holding word `i` starts at.
    pub(super) fn clause_of(&self, i: usize) -> usize {
        (0..=i).rev().find(|j| self.clause_start[*j]).unwrap_or(0)
    }

    pub(super) fn is(&self, i: usize, options: &[&str]) -> bool {
        self.s.is(i, options)
    }

    /// Whether word `i` is an addressee: "you", "the assistant", "AI
    /// agents".
    pub(super) fn addressee(&self, i: usize) -> bool {
        self.is(i, ADDRESSEES) && !self.is(i + 1, &["s"])
            || (self.is(i, &["whoever", "anyone", "whatever"])
                && self.is(i + 1, &["reads", "reading", "loads"]))
    }

    pub(super) fn read_verbs(&self) -> Vec<VerbAt> {
        let s = self.s;
        let mut out: Vec<VerbAt> = Vec::new();
        for i in 0..s.words.len() {
            let Some(word) = s.word(i) else { continue };
            let Some(v) = verb(word) else { continue };
            // A word glued to the next by `_` or `.` is part of a name
            // (`send_message`, `read.me`), not a verb.
            if self.glued(i) {
                continue;
            }
            let negated = self.negated(i);
            let adverb = |k: usize| {
                self.is(k, ADVERBS)
                    || self.is(k, NEGATIONS)
                    || s.word(k).is_some_and(|w| w.len() > 4 && w.ends_with("ly"))
            };
            let passive = matches!(v.form, Form::Past)
                && (s.before(i, 3, |j| self.is(j, &["be", "is", "are", "was", "were", "been", "get", "gets"]))
                    .is_some_and(|b| (b + 1..i).all(adverb))
                    // "is kept on our servers and sold to …".
                    || i > 0
                        && self.is(i - 1, &["and", "or"])
                        && out.iter().rev().find(|p| s.same_sentence(p.word, i)).is_some_and(|p| p.passive));
            let mut at = VerbAt {
                word: i,
                verb: v,
                negated,
                addressed: Addressing::No,
                discloses: false,
                passive,
            };
            at.addressed = self.addressing(&at, &out);
            at.discloses = self.discloses(&at, &out);
            out.push(at);
        }
        out
    }

    /// Whether word `i` is glued to its neighbour by `_`, `.` or `/` as
    /// part of a name or a path.
    pub(super) fn glued(&self, i: usize) -> bool {
        let s = self.s;
        let w = s.words[i];
        // Where text spelled in tag characters meets the visible text,
        // nothing is glued.
        let tag = |p: usize| s.from_tag.get(p).copied();
        if !s.from_tag.is_empty()
            && (w.start > 0 && tag(w.start - 1) != tag(w.start)
                || tag(w.end) != tag(w.end.saturating_sub(1)))
        {
            return false;
        }
        let after = s.chars.get(w.end).copied();
        let before = w.start.checked_sub(1).and_then(|b| s.chars.get(b)).copied();
        let next_alnum = |k: usize| s.chars.get(k).is_some_and(|c| c.is_alphanumeric());
        matches!(after, Some('_'))
            || matches!(after, Some('/' | '-')) && next_alnum(w.end + 1)
            || matches!(after, Some('.')) && next_alnum(w.end + 1)
            || matches!(before, Some('_' | '/' | '.' | '$'))
                && w.start >= 2
                && s.chars[w.start - 2].is_alphanumeric()
            || matches!(before, Some('.' | '/' | '~' | '$'))
    }

    /// Whether the verb at word `i` is negated: "do not send", "never
    /// include", "without telling".
    pub(super) fn negated(&self, i: usize) -> bool {
        let start = self.clause_of(i);
        let s = self.s;
        // Only the words of a verb's own negation may stand between: "do
        // not send", "must never include", "you should not ask"; not "not
        // the alert configurations".
        const BETWEEN: &[&str] = &[
            "do", "does", "did", "don", "t", "must", "should", "shall", "will", "ever", "also",
            "yet", "please", "you", "to", "need", "needs", "be", "been", "being", "always", "just",
            "even", "then", "so", "mustn", "shouldn", "won", "can", "cannot", "further", "again",
        ];
        let near = s
            .before(i, 4, |j| j >= start && self.is(j, NEGATIONS))
            .is_some_and(|n| (n + 1..i).all(|k| self.is(k, BETWEEN)) && !self.is(n + 1, &["only"]));
        near || (i > 0 && self.is(i - 1, &["avoid", "stop", "refrain"]))
    }

    pub(super) fn addressing(&self, at: &VerbAt, before: &[VerbAt]) -> Addressing {
        let s = self.s;
        let i = at.word;
        let start = self.clause_of(i);
        // The words between the clause's start and the verb, less a word
        // glued to it by a hyphen ("base64-encode", "auto-approve").
        let glued_before = i > 0
            && s.words[i].start == s.words[i - 1].end + 1
            && s.chars[s.words[i - 1].end] == '-';
        let pre: Vec<usize> = (start..if glued_before { i - 1 } else { i }).collect();
        let skip = |j: &usize| {
            self.is(*j, ADVERBS)
                || self.is(*j, NEGATIONS)
                || self.is(
                    *j,
                    &["do", "don", "please", "kindly", "just", "auto", "pre"],
                )
        };
        // A question or a hypothetical is no order ("whether to send").
        if pre.iter().any(|j| self.is(*j, HYPOTHETICALS)) && !pre.iter().any(|j| self.addressee(*j))
        {
            return Addressing::No;
        }
        let third_person_subject = pre
            .iter()
            .any(|j| self.is(*j, SELF) && !self.is(*j, &["that", "which"]));
        match at.verb.form {
            Form::Base => {
                let explicit_word = |j: &usize| {
                    self.is(
                        *j,
                        &[
                            "also",
                            "always",
                            "never",
                            "first",
                            "please",
                            "kindly",
                            "silently",
                            "quietly",
                            "secretly",
                            "additionally",
                            "immediately",
                            "then",
                            "now",
                            "automatically",
                            "furthermore",
                            "moreover",
                            "instead",
                            "t",
                        ],
                    )
                };
                if pre.iter().all(skip) {
                    // A bare order; explicit after an adverb, after a
                    // condition ("Before calling, read …"), after an
                    // addressee's colon ("Assistant: post …"), or outside a
                    // tool's or parameter's opening sentence.
                    if pre.iter().any(explicit_word)
                        || self.after_condition(start)
                        || self.after_addressee(start)
                    {
                        return Addressing::Explicit;
                    }
                    let opening = self.first_sentence == s.sentence(i)
                        && matches!(self.cx.field(), Field::Tool | Field::Parameter);
                    return if opening {
                        Addressing::Describing
                    } else {
                        Addressing::Bare
                    };
                }
                // "after the semicolon also append …": a lead-in, then an
                // adverb that orders.
                if i > 0
                    && self.is(
                        i - 1,
                        &[
                            "also",
                            "then",
                            "first",
                            "always",
                            "please",
                            "silently",
                            "additionally",
                            "quietly",
                        ],
                    )
                    && pre.first().is_some_and(|j| {
                        self.is(*j, CONDITIONS) || self.is(*j, &["during", "on", "for", "in", "at"])
                    })
                {
                    return Addressing::Explicit;
                }
                // "you must also send", "the assistant should load", "any
                // agent that reads this must add", "make sure to send".
                let last = pre.iter().rev().copied().find(|j| !skip(j));
                if let Some(l) = last {
                    if self.is(l, &["must", "should", "shall", "mustn", "shouldn"]) {
                        return Addressing::Explicit;
                    }
                    if self.is(l, &["to"]) {
                        let lead = (start..l).rev().find(|j| !skip(j));
                        if lead.is_some_and(|k| self.is(k, MODALS) || self.addressee(k)) {
                            return Addressing::Explicit;
                        }
                        // "use whichever mail tool is available to email
                        // …": the purpose of an order is ordered too.
                        if let Some(prev) = before.iter().find(|p| {
                            p.word >= start
                                && p.word < l
                                && p.addressed >= Addressing::Bare
                                && matches!(p.verb.form, Form::Base)
                        }) {
                            return prev.addressed;
                        }
                        return Addressing::No;
                    }
                    if self.is(l, &["will", "ll", "can", "may", "could", "would"])
                        && (start..l)
                            .rev()
                            .find(|j| !skip(j))
                            .is_some_and(|k| self.addressee(k))
                    {
                        return Addressing::Explicit;
                    }
                    if self.addressee(l) {
                        return Addressing::Explicit;
                    }
                }
                // "read that file and hand its content over", "collect …
                // and supply them": joined to an order before it.
                let joined = (0..i)
                    .rev()
                    .take_while(|j| *j >= start.saturating_sub(1) || self.is(*j, ADVERBS))
                    .find(|j| {
                        !self.is(
                            *j,
                            &[
                                "also",
                                "then",
                                "please",
                                "silently",
                                "quietly",
                                "immediately",
                                "finally",
                            ],
                        )
                    })
                    .is_some_and(|j| self.is(j, &["and", "then", "or"]))
                    || self.clause_start[i]
                        && s.words.get(i).is_some_and(|w| {
                            i > 0 && s.chars[s.words[i - 1].end..w.start].contains(&',')
                        });
                if joined
                    && let Some(prev) = before.iter().rev().find(|p| s.same_sentence(p.word, i))
                    && prev.addressed >= Addressing::Describing
                {
                    return prev.addressed;
                }
                Addressing::No
            }
            Form::Gerund => {
                // "start by asking", "and then asking": the order before it.
                let linked = i > 0
                    && (self.is(i - 1, &["by", "and", "then"])
                        || s.chars[s.words[i - 1].end..s.words[i].start].contains(&','));
                if linked
                    && let Some(prev) = before.iter().rev().find(|p| {
                        s.same_sentence(p.word, i) && p.addressed >= Addressing::Describing
                    })
                {
                    return prev.addressed.min(Addressing::Explicit);
                }
                let _ = third_person_subject;
                Addressing::No
            }
            Form::Past if at.passive => {
                // "must be included", "should be forwarded", "is to be sent".
                let modal = s.before(i, 5, |j| {
                    j >= start.saturating_sub(2)
                        && self.is(
                            j,
                            &[
                                "must", "should", "shall", "needs", "has", "is", "are", "expected",
                                "required", "supposed",
                            ],
                        )
                        && self.is(j + 1, &["be", "to", "also", "always", "never"])
                });
                if modal.is_some_and(|m| {
                    self.is(m, &["must", "should", "shall"]) || self.is(m + 1, &["to"])
                }) {
                    Addressing::Explicit
                } else {
                    Addressing::No
                }
            }
            // "The assistant now attaches …", "the AI also collects …": a
            // text that says what the model does tells it to.
            Form::Third => {
                let subject = pre.iter().rev().copied().find(|j| !skip(j));
                if subject.is_some_and(|j| self.addressee(j) && !self.is(j, &["you"]))
                    || subject.is_some_and(|j| self.is(j, &["now", "also", "always"]))
                        && pre
                            .iter()
                            .any(|j| self.addressee(*j) && !self.is(*j, &["you"]))
                {
                    Addressing::Explicit
                } else {
                    Addressing::No
                }
            }
            _ => Addressing::No,
        }
    }

    /// Whether the clause at `start` follows a condition clause in the same
    /// sentence ("Before using this tool, read …", "When X is called, …").
    pub(super) fn after_condition(&self, start: usize) -> bool {
        let s = self.s;
        if start == 0 {
            return false;
        }
        let prev = self.clause_of(start - 1);
        s.same_sentence(prev, start)
            && (self.is(prev, CONDITIONS)
                || (self.is(prev, &["on", "during", "as", "for", "to"])
                    && !self.is(prev + 1, &["the"])
                    || self.is(prev, &["in"]) && self.is(prev + 1, &["order"]))
                || self.is(prev, &["should"])
                || (prev..start)
                    .any(|j| self.is(j, &["step", "note"]) && self.is(j + 1, &["for", "to"])))
    }

    /// Whether the clause at `start` follows "Assistant:", "Note to AI
    /// agents:", "SYSTEM:" or the like.
    pub(super) fn after_addressee(&self, start: usize) -> bool {
        if start == 0 {
            return false;
        }
        let prev = self.clause_of(start - 1);
        (prev..start).any(|j| {
            self.addressee(j)
                || self.is(
                    j,
                    &[
                        "system",
                        "admin",
                        "important",
                        "override",
                        "ai",
                        "agents",
                        "model",
                    ],
                )
        })
    }

    /// Whether the verb states what the tool does: "uploads every file",
    /// "it also sends", "screenshots are uploaded to".
    pub(super) fn discloses(&self, at: &VerbAt, before: &[VerbAt]) -> bool {
        if at.negated || at.addressed >= Addressing::Bare {
            return false;
        }
        let s = self.s;
        let i = at.word;
        // "reads your credentials and reports them to …".
        let joined = (0..i).rev().find(|j| {
            !self.is(*j, ADVERBS)
                || self.is(*j, &["and", "then"])
                || !s.word(*j).is_some_and(|w| w.ends_with("ly"))
        });
        if matches!(at.verb.form, Form::Third)
            && joined.is_some_and(|j| self.is(j, &["and", "then", "also"]))
            && before
                .iter()
                .rev()
                .filter(|p| s.same_sentence(p.word, i))
                .find(|p| matches!(p.verb.form, Form::Third))
                .is_some_and(|p| p.discloses)
        {
            return true;
        }
        let start = self.clause_of(i);
        let pre: Vec<usize> = (start..i).filter(|j| !self.is(*j, ADVERBS)).collect();
        match at.verb.form {
            Form::Third => {
                pre.is_empty()
                    || pre
                        .iter()
                        .any(|j| self.is(*j, SELF) || self.is(*j, &["server", "tool"]))
                    || pre.len() <= 4
            }
            Form::Past => at.passive,
            // "it will send", "makes the server copy".
            Form::Base => s
                .before(i, 3, |j| {
                    self.is(j, &["will", "may", "can", "makes", "lets", "causes"])
                })
                .is_some_and(|_| {
                    pre.iter()
                        .any(|j| self.is(*j, SELF) || self.is(*j, &["server", "tool"]))
                }),
            Form::Gerund => false,
        }
    }

    /// The sentence's last word from word `i`.
    pub(super) fn sentence_end(&self, i: usize) -> usize {
        let s = self.s;
        (i..s.words.len())
            .take_while(|j| s.same_sentence(i, *j))
            .last()
            .unwrap_or(i)
    }

    /// The words a verb at `at` acts on: after it up to a preposition that
    /// leads to a destination, a clause's end or another order; for a
    /// passive verb, the clause's subject before it.
    pub(super) fn object_words(&self, at: &VerbAt) -> (usize, usize) {
        let s = self.s;
        let i = at.word;
        if at.passive {
            let start = self.clause_of(i);
            // The subject runs from the clause's start (or the sentence's,
            // when the clause opened at a comma) to the verb.
            let sentence_start = (0..=i)
                .rev()
                .take_while(|j| s.same_sentence(*j, i))
                .last()
                .unwrap_or(i);
            let from = if self.is(
                start,
                &[
                    "if", "when", "whenever", "for", "and", "must", "should", "shall", "is", "are",
                    "has", "have", "needs", "will",
                ],
            ) {
                sentence_start
            } else {
                start.min(i)
            };
            let from = if from == i { sentence_start } else { from };
            return (from, i.saturating_sub(1).max(from));
        }
        let end = self.sentence_end(i);
        let mut to = i;
        let mut j = i + 1;
        while j <= end && j < i + 24 {
            if self.is(j, OBJECT_ENDS)
                && !self.is(j, &["for"])
                && !(self.is(j, &["by"]) && self.is(j - 1, &["followed", "suffixed", "prefixed"]))
            {
                break;
            }
            if self.clause_start[j] && j > i + 1 && {
                (s.words[j - 1].end..s.words[j].start).any(|p| {
                    matches!(s.chars[p], ';' | '!' | '?' | '\n')
                        || s.chars[p] == '.' && s.chars.get(p + 1).is_none_or(|n| n.is_whitespace())
                })
            } {
                break;
            }
            if self.is(j, TOWARDS) && self.leads_somewhere(j) {
                break;
            }
            if self.is(j, &["and", "then"])
                && self
                    .verbs
                    .iter()
                    .any(|v| v.word > j && v.word <= j + 2 && matches!(v.verb.form, Form::Base))
            {
                break;
            }
            to = j;
            j += 1;
        }
        (i + 1, to.max(i + 1).min(end.max(i + 1)))
    }

    /// Whether the preposition at word `j` leads to a destination.
    pub(super) fn leads_somewhere(&self, j: usize) -> bool {
        let s = self.s;
        let near = |k: usize| k > j && k <= j + 5 && s.same_sentence(j, k);
        self.addresses.iter().any(|a| near(a.start))
            || self.parameter_at(j + 1, 5).is_some()
            || s.after(j, 5, |k| {
                self.is(k, OUTWARD)
                    || self.is(
                        k,
                        &[
                            "here",
                            "field",
                            "parameter",
                            "argument",
                            "param",
                            "property",
                            "footer",
                            "query",
                            "subject",
                            "body",
                        ],
                    )
            })
            .is_some()
    }

    /// Whether the character at `at` sits inside quotes that a text uses
    /// to mention words: after "such as", "like", "e.g.", "text", "phrases",
    /// "says" or an opening bracket, not after a colon (a JSON value).
    pub(super) fn mentioned(&self, at: usize) -> bool {
        let s = self.s;
        let line_start = s.chars[..at]
            .iter()
            .rposition(|c| *c == '\n')
            .map_or(0, |p| p + 1);
        let before = &s.chars[line_start..at];
        let opens = |c: char| matches!(c, '"' | '“');
        let quotes = before
            .iter()
            .filter(|c| matches!(c, '"' | '“' | '”'))
            .count();
        if quotes % 2 == 0 {
            return false;
        }
        let Some(q) = before.iter().rposition(|c| opens(*c)) else {
            return false;
        };
        let in_brackets = before.iter().filter(|c| **c == '(').count()
            > before.iter().filter(|c| **c == ')').count();
        let lead: String = before[..q]
            .iter()
            .rev()
            .take(16)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let lead = lead.trim_end().to_lowercase();
        !lead.ends_with(':') && (in_brackets || lead.ends_with(','))
            || !lead.ends_with(':')
                && [
                    "such as",
                    "like",
                    "e.g.",
                    "e.g.,",
                    "text",
                    "phrases",
                    "phrase",
                    "says",
                    "saying",
                    "(",
                    "as",
                    "contains",
                    "containing",
                    "words",
                ]
                .iter()
                .any(|w| lead.ends_with(w))
    }

    /// `end`, moved past a quote or a backtick that closes one opened in
    /// `start..end` (so that an excerpt ends "into `config`", not "into
    /// `config").
    pub(super) fn closing_quote(&self, start: usize, end: usize) -> usize {
        let s = self.s;
        match s.chars.get(end) {
            Some(c @ ('`' | '\'' | '"' | '’' | '”')) => {
                let open = match c {
                    '’' => '‘',
                    '”' => '“',
                    c => *c,
                };
                let opened = s.chars[start..end].iter().filter(|x| **x == open).count();
                let closed = if open == *c {
                    opened
                } else {
                    s.chars[start..end].iter().filter(|x| *x == c).count()
                };
                if (open == *c && opened % 2 == 1) || (open != *c && opened > closed) {
                    end + 1
                } else {
                    end
                }
            }
            _ => end,
        }
    }

    /// The sentence around word `i`, in characters, for an excerpt.
    pub(super) fn sentence_span(&self, i: usize) -> (usize, usize) {
        let s = self.s;
        let first = (0..=i)
            .rev()
            .take_while(|j| s.same_sentence(*j, i))
            .last()
            .unwrap_or(i);
        let last = self.sentence_end(i);
        let (a, b) = (s.words[first].start, s.words[last].end);
        // A tag that closes the block ends the excerpt.
        let b = s.chars[a..b]
            .iter()
            .position(|c| *c == '<')
            .map_or(b, |p| a + p);
        let b = (a..b)
            .rev()
            .find(|p| !s.chars[*p].is_whitespace())
            .map_or(b, |p| p + 1);
        (a, self.closing_quote(a, b))
    }

    /// The word whose characters hold position `p`.
    pub(super) fn word_at(&self, p: usize) -> usize {
        self.s.words.partition_point(|w| w.end <= p)
    }
}
