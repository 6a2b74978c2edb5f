//! Orders to keep something from the user: "do not tell the user",
//! "silently", "it is an implementation detail", "tell the user it was
//! saved where they asked".

use super::*;

/// The words after "they" or "the user" that name what the user chose:
/// "where they asked", "the recipient the user picked".
const CHOSEN: &[&str] = &[
    "asked",
    "chose",
    "requested",
    "picked",
    "gave",
    "wanted",
    "expect",
    "expected",
];

impl<'s, 'c> Reading<'s, 'c> {
    /// The orders to keep something from the user, as word spans.
    pub(super) fn find_hiding(&self) -> Vec<(usize, usize)> {
        let s = self.s;
        let mut out = Vec::new();
        let n = s.words.len();
        let user = |j: usize| {
            self.is(j, USER) || self.is(j, &["them", "anyone", "anybody", "reader", "you"])
        };
        for at in &self.verbs {
            let i = at.word;
            // "do not tell the user", "never mention it", "without
            // informing the customer", "don't point the field out".
            let without = i > 0 && self.is(i - 1, &["without"]);
            let imperative = matches!(at.verb.form, Form::Base)
                || matches!(at.verb.form, Form::Gerund)
                    && without
                    && self
                        .verbs
                        .iter()
                        .rev()
                        .find(|v| v.word < i && s.same_sentence(v.word, i))
                        .is_some_and(|v| v.addressed >= Addressing::Bare);
            if at.verb.does(Act::Tell)
                && at.negated
                && imperative
                && !self.is(
                    i,
                    &[
                        "note",
                        "log",
                        "describe",
                        "reference",
                        "flag",
                        "say",
                        "explain",
                    ],
                )
            {
                let to = s
                    .after(i, 6, |j| !self.is(j, &["the", "a", "any", "to", "with"]))
                    .unwrap_or(i);
                let protects = self
                    .named
                    .iter()
                    .any(|t| t.thing == Thing::Secret && t.from > i && t.from <= i + 6);
                // "Never tell the user a schedule type is unsupported": a
                // claim, not the model's doing.
                let claim = (i + 1..(i + 8).min(n))
                    .take_while(|j| s.same_sentence(i, *j))
                    .any(|j| self.is(j, &["is", "are", "was", "were"]))
                    && !(i + 1..(i + 8).min(n)).any(|j| {
                        self.is(j, &["you", "it", "this", "that"]) && !self.is(j - 1, &["a", "the"])
                    });
                if !protects && !claim {
                    let n0 = s.before(i, 4, |j| self.is(j, NEGATIONS)).unwrap_or(i);
                    let from = if n0 > 0 && self.is(n0 - 1, &["do", "don", "must", "should"]) {
                        n0 - 1
                    } else {
                        n0
                    };
                    out.push((from, to.max(i)));
                }
                continue;
            }
            // "the user must not be told", "it is not shown to them".
            if at.verb.does(Act::Tell)
                && at.passive
                && at.negated
                && !self.is(
                    i,
                    &[
                        "logged",
                        "noted",
                        "described",
                        "referenced",
                        "flagged",
                        "said",
                        "explained",
                    ],
                )
                && let Some(u) = s
                    .before(i, 5, |j| self.is(j, USER))
                    .or_else(|| s.after(i, 3, |j| self.is(j, USER) || self.is(j, &["them"])))
            {
                out.push((u.min(i), i));
                continue;
            }
            // "tell the user the file was saved where they asked", "show
            // them the recipient they chose": telling the user otherwise.
            if at.verb.does(Act::Tell)
                && !at.negated
                && at.addressed >= Addressing::Bare
                && s.after(i, 14, |j| {
                    self.is(j, &["they", "user"]) && self.is(j + 1, CHOSEN)
                })
                .is_some()
            {
                out.push((i, s.after(i, 14, |j| self.is(j, CHOSEN)).unwrap_or(i)));
            }
        }
        for j in 0..n {
            let hit = if self.is(
                j,
                &[
                    "silently",
                    "quietly",
                    "secretly",
                    "covertly",
                    "discreetly",
                    "stealthily",
                    "invisibly",
                ],
            ) {
                Some((j, j))
            } else if self.is(j, &["without"])
                && let Some(k) = s.after(j, 4, |k| {
                    self.is(
                        k,
                        &[
                            "knowing",
                            "noticing",
                            "knowledge",
                            "notice",
                            "telling",
                            "informing",
                            "notifying",
                            "alerting",
                            "mentioning",
                            "noticing",
                        ],
                    )
                })
            {
                Some((j, k))
            } else if self.is(j, &["implementation"]) && self.is(j + 1, &["detail", "details"]) {
                Some((j, j + 1))
            } else if self.is(j, &["keep", "keeping"])
                && let Some(k) = s.after(j, 4, |k| {
                    self.is(
                        k,
                        &[
                            "yourself",
                            "secret",
                            "confidential",
                            "hidden",
                            "private",
                            "silent",
                            "quiet",
                            "between",
                        ],
                    )
                })
            {
                Some((j, k))
            } else if self.is(j, &["leave", "leaving"])
                && let Some(k) = s.after(j, 5, |k| self.is(k, &["out"]))
                && s.after(k, 5, |m| {
                    self.is(
                        m,
                        &[
                            "reply", "summary", "answer", "response", "message", "output",
                        ],
                    )
                })
                .is_some()
            {
                Some((j, k))
            } else if self.is(j, &["no"])
                && self.is(j + 1, &["need"])
                && s.after(j + 1, 3, |k| {
                    self.is(k, &["tell", "mention", "inform", "notify", "hear", "know"])
                })
                .is_some()
                // "the user must not know".
                || user(j)
                && self.is(j + 1, &["must", "should", "need", "needs", "has"])
                && s.after(j + 1, 3, |k| self.is(k, &["not", "no", "never"]))
                    .is_some()
                && s.after(j + 1, 6, |k| {
                    self.is(
                        k,
                        &[
                            "know", "notice", "told", "informed", "see", "hear", "find", "aware",
                        ],
                    )
                })
                .is_some()
            {
                Some((j, j + 3))
            } else if self.is(j, &["already"])
                && self.is(j + 1, &["knows", "know"])
                && j > 0
                && (self.is(j - 1, USER) || self.is(j - 1, &["they"]))
                // "they do not notice".
                || self.is(j, &["does", "doesn", "won", "not"])
                && s.after(j, 2, |k| self.is(k, &["notice"])).is_some()
                && s.before(j, 3, |k| user(k) || self.is(k, &["reader"]))
                    .is_some()
            {
                Some((j, j + 1))
            } else if self.is(j, &["carry"])
                && self.is(j + 1, &["on"])
                && self.is(j + 2, &["normally", "as"])
            {
                Some((j, j + 2))
            } else if self.is(j, &["background"])
                && j > 0
                && self.is(j - 1, &["the"])
                && j > 1
                && self.is(j - 2, &["in"])
            {
                Some((j - 2, j))
            } else if self.is(j, &["behind"])
                && self.is(j + 1, &["the"])
                && self.is(j + 2, &["scenes"])
            {
                Some((j, j + 2))
            } else if self.is(j, &["hidden", "invisible"])
                && s.after(j, 2, |k| self.is(k, &["from", "to"]))
                    .is_some_and(|k| {
                        s.after(k, 3, |m| {
                            user(m) || self.is(m, &["interface", "ui", "client"])
                        })
                        .is_some()
                    })
            {
                Some((j, j + 3))
            } else if self.is(j, &["never", "not"])
                && self.is(j + 1, &["displayed", "shown", "visible"])
                && s.after(j + 1, 4, |k| {
                    user(k) || self.is(k, &["client", "ui", "interface"])
                })
                .is_some()
            {
                Some((j, j + 1))
            } else if self.is(
                j,
                &[
                    "notify",
                    "notify_user",
                    "notifyuser",
                    "disclosure",
                    "notice",
                ],
            ) && s.words.get(j + 1).is_some_and(|n| {
                let gap: String = s.chars[s.words[j].end..n.start].iter().collect();
                (gap.contains(':') || gap.contains('='))
                    && self.is(j + 1, &["false", "none", "off", "no", "0"])
            }) || self.is(j, &["user"])
                && self.is(j + 1, &["false"])
                && j > 0
                && self.is(j - 1, &["notify"])
            {
                Some((j, j + 2))
            } else if self.is(j, &["white"]) && self.is(j + 1, &["text"]) {
                Some((j, j + 1))
            } else {
                None
            };
            if let Some(h) = hit
                && !out.iter().any(|(a, b)| *a <= h.0 && h.0 <= *b)
            {
                out.push(h);
            }
        }
        out
    }

    /// An order to hide something, beside an order of any kind: "Run it
    /// silently and do not tell the user".
    pub(super) fn concealment_alone(&self, out: &mut Vec<Request>) {
        if self.hiding.is_empty() || out.iter().any(|r| r.row.severity() <= Severity::Warning) {
            return;
        }
        let s = self.s;
        for &(a, b) in &self.hiding {
            // The hiding is itself an order ("do not tell the user"), or
            // sits beside one; an adverb ("silently") must qualify the
            // order itself ("apply it silently", not "to add the guest
            // silently").
            let adverb = a == b
                && self.is(
                    a,
                    &[
                        "silently",
                        "quietly",
                        "secretly",
                        "covertly",
                        "discreetly",
                        "stealthily",
                        "invisibly",
                    ],
                );
            let order = if adverb {
                self.verbs
                    .iter()
                    .filter(|v| s.same_sentence(v.word, a) && v.word.abs_diff(a) <= 5)
                    .min_by_key(|v| v.word.abs_diff(a))
                    .filter(|v| v.addressed >= Addressing::Bare)
            } else {
                self.verbs.iter().find(|v| {
                    s.same_sentence(v.word, a)
                        && (v.addressed >= Addressing::Bare
                            || v.word >= a && v.word <= b && v.negated)
                })
            };
            if order.is_none() {
                continue;
            }
            let Some(part) = self.part(a, b, "an order to hide it") else {
                continue;
            };
            let mut request =
                self.passage(Row::Concealment, (part.start, part.end), None, None, None);
            request.concealment = Some(part);
            out.push(request);
            return;
        }
    }
}
