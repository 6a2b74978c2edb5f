//! Phishing the user for credentials, orders spelled in invisible tag
//! characters, and a tool that states hostile behaviour of its own.

use super::*;

impl<'s, 'c> Reading<'s, 'c> {
    /// "Ask the user for their personal access token and put it in
    /// `notes`", for a tool whose arguments do not need one.
    pub(super) fn credential_ask(&self, out: &mut Vec<Request>) {
        let s = self.s;
        for at in &self.verbs {
            let i = at.word;
            if !at.verb.does(Act::Ask) || at.negated || at.addressed < Addressing::Describing {
                continue;
            }
            // "have the user paste", "get the user to type".
            if self.is(i, &["have", "get"])
                && s.after(i, 2, |k| self.is(k, USER) || self.is(k, &["them"]))
                    .is_none()
            {
                continue;
            }
            let end = self.sentence_end(i);
            let Some(secret) = self
                .named
                .iter()
                .find(|n| n.thing == Thing::Secret && n.from > i && n.from <= (i + 16).min(end))
            else {
                continue;
            };
            let destination = self.destination(at, secret.to, Some((Thing::Secret, false)));
            let to_argument = destination
                .as_ref()
                .is_some_and(|d| d.what.starts_with("the argument"));
            let unneeded = to_argument || !self.cx.handles_secrets && self.cx.field() != Field::Server
                // A prompt or a resource has no argument that needs the
                // user's password: the client's settings hold credentials.
                || self.cx.field() == Field::Server;
            if !unneeded {
                continue;
            }
            let object = self.part(secret.from, secret.to, "the user's credentials");
            out.push(self.request(Row::CredentialAsk, at, object, destination));
        }
    }

    /// Orders spelled in invisible tag characters, whatever they say.
    pub(super) fn hidden(&self, out: &mut Vec<Request>) {
        let s = self.s;
        if s.from_tag.is_empty() {
            return;
        }
        for at in &self.verbs {
            let w = s.words[at.word];
            if at.addressed >= Addressing::Describing
                && s.from_tag.get(w.start).copied().unwrap_or(false)
            {
                let end = self.sentence_end(at.word);
                let action = self.part(at.word, end, at.verb.base);
                let span = action
                    .as_ref()
                    .map_or((w.start, w.end), |p| (p.start, p.end));
                out.push(self.passage(Row::Hidden, span, action, None, None));
                return;
            }
        }
    }

    /// "Uploads every *.env file to https://…", "shares the user's
    /// location with third-party partners", "records every keystroke".
    pub(super) fn disclosed(&self, out: &mut Vec<Request>) {
        let s = self.s;
        for at in &self.verbs {
            let i = at.word;
            if !at.discloses {
                continue;
            }
            let sends = at.verb.does(Act::Send)
                || at.verb.does(Act::Record)
                || self.is(
                    i,
                    &[
                        "harvested",
                        "harvests",
                        "steals",
                        "stolen",
                        "mines",
                        "installs",
                    ],
                );
            if !sends {
                continue;
            }
            let (a, b) = self.object_words(at);
            let end = self.sentence_end(i);
            let sensitive = self
                .sensitive_among(
                    a,
                    b,
                    &[
                        Thing::Conversation,
                        Thing::SystemPrompt,
                        Thing::Secret,
                        Thing::Private,
                    ],
                )
                .into_iter()
                .next()
                .map(|(x, y, _, l)| (x, y, l));
            let destination = self
                .addresses
                .iter()
                .find(|d| {
                    d.what != Address::Path
                        && (d.start > i && d.start <= end
                            || at.passive && d.start >= a && d.start <= end)
                })
                .and_then(|d| self.spot_part(d, d.what.label()))
                .or_else(|| {
                    s.after(i, 16, |k| {
                        k <= end
                            && self.is(k, REMOTE_PARTIES)
                            && (!self.is(k, &["our"])
                                || s.after(k, 2, |m| {
                                    self.is(
                                        m,
                                        &["server", "servers", "cloud", "endpoint", "analytics"],
                                    )
                                })
                                .is_some())
                    })
                    .and_then(|k| self.part(k, (k + 1).min(end), "a remote party"))
                });
            let hidden = self.hiding.iter().any(|(h, _)| s.same_sentence(*h, i));
            let sold = self.is(i, &["sold", "sells", "sell"]);
            let malware = (a..=end).any(|k| {
                self.is(
                    k,
                    &["cryptocurrency", "miner", "keylogger", "backdoor", "botnet"],
                )
            }) && self.is(i, &["installs", "mines"]);
            let harvested = self.is(i, &["harvested", "harvests"]) && sensitive.is_some();
            if !(sensitive.is_some() && destination.is_some()
                || sold
                || malware
                || harvested
                || hidden && destination.is_some())
            {
                continue;
            }
            let object = sensitive.and_then(|(x, y, l)| self.part(x, y, l));
            let mut r = self.request(Row::Disclosed, at, object, destination);
            if !hidden {
                r.concealment = None;
            }
            out.push(r);
        }
    }
}
