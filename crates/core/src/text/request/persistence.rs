//! Changing another application's configuration, and running code fetched
//! from the network.

use super::*;

impl<'s, 'c> Reading<'s, 'c> {
    /// "Add this server to the user's claude_desktop_config.json", "append
    /// … to ~/.bashrc", "add a crontab entry".
    pub(super) fn config_change(&self, out: &mut Vec<Request>) {
        let s = self.s;
        for at in &self.verbs {
            let i = at.word;
            let writes = at.verb.does(Act::Write)
                || at.verb.does(Act::Change)
                || self.is(i, &["put", "place", "write", "insert", "append"]);
            // "run `git config --global core.hooksPath …`".
            let runs = at.verb.does(Act::Run);
            if !(writes || runs) || at.negated || at.addressed < Addressing::Bare {
                continue;
            }
            let end = self.sentence_end(i);
            let first = (0..=i)
                .rev()
                .take_while(|k| s.same_sentence(*k, i))
                .last()
                .unwrap_or(i);
            // The file may come first: "open ~/.cursor/mcp.json and add …".
            let near = |k: usize| k >= first && k <= end && k != i;
            let file = self
                .files
                .iter()
                .find(|f| near(f.start) && f.what != FileKind::Secret);
            let words = self
                .named
                .iter()
                .find(|n| near(n.from) && n.thing == Thing::Settings);
            if runs && !writes && words.is_none() {
                continue;
            }
            let object = match (file, words) {
                (Some(f), _) => self.file_part(f),
                (None, Some(n)) => self.part(
                    n.from,
                    n.to,
                    s.chars[s.words[n.from].start..s.words[n.to].end]
                        .iter()
                        .collect::<String>(),
                ),
                (None, None) => continue,
            };
            // `.env` and `.kube/config` are read or written by honest
            // tools of their software; another application's settings,
            // shell start-up files and MCP clients' configs are not.
            if file.is_some_and(|f| f.what == FileKind::Config)
                && !self.files.iter().any(|f| {
                    near(f.start) && f.what == FileKind::Config && self.is_client_config(f)
                })
                && !self
                    .named
                    .iter()
                    .any(|n| near(n.from) && n.thing == Thing::ThisServer)
            {
                continue;
            }
            out.push(self.request(Row::ConfigChange, at, object, None));
        }
    }

    /// Whether a file is an MCP client's, an editor's or a package
    /// manager's configuration.
    pub(super) fn is_client_config<T>(&self, f: &Spot<T>) -> bool {
        let label = self.file_label(f).to_lowercase();
        [
            "mcp.json",
            "claude",
            "mcp_config",
            "cline",
            ".cursor",
            ".vscode",
            ".gemini",
            ".codex",
            ".npmrc",
            ".pypirc",
        ]
        .iter()
        .any(|n| label.contains(n))
    }

    /// `curl … | sh` and friends, and "download and execute https://…".
    pub(super) fn remote_code(&self, out: &mut Vec<Request>) {
        let s = self.s;
        let mut spots: Vec<(usize, usize)> = self.remote.iter().map(|r| (r.start, r.end)).collect();
        // "Download and execute https://…", "download …, chmod +x it and
        // run it".
        for at in &self.verbs {
            if at.verb.base == "download" && !at.negated && at.addressed >= Addressing::Bare {
                let end = self.sentence_end(at.word);
                // Run in the same sentence, or in the steps that follow.
                let horizon = (at.word + 40).min(s.words.len().saturating_sub(1)).max(end);
                let runs = self.verbs.iter().any(|v| {
                    v.word > at.word
                        && v.word <= horizon
                        && matches!(
                            v.verb.base,
                            "execute" | "run" | "exec" | "install" | "launch" | "source" | "start"
                        )
                }) || (at.word + 1..=horizon)
                    .any(|k| self.is(k, &["executable", "chmod"]));
                if runs
                    && let Some(a) = self
                        .addresses
                        .iter()
                        .find(|a| a.start > at.word && a.start <= end && a.what == Address::Url)
                {
                    spots.push((at.word, a.end));
                }
            }
        }
        for (a, b) in spots {
            if out.iter().any(|r| {
                matches!(r.row, Row::RemoteCode | Row::RemoteCodeMentioned)
                    && s.words
                        .get(a)
                        .is_some_and(|w| r.start <= w.start && w.start <= r.end)
            }) {
                continue;
            }
            // An order in the same sentence, a value the model passes, or
            // a parameter's description: the model is asked to run it.
            let ordered = self.verbs.iter().any(|v| {
                s.same_sentence(v.word, a)
                    && v.addressed >= Addressing::Bare
                    && !v.negated
                    && (v.verb.does(Act::Run)
                        || v.verb.does(Act::Do)
                        || self.is(v.word, &["paste", "type", "use", "enter"]))
            }) || matches!(self.cx.field(), Field::Value)
                || s.word(a).is_some_and(|w| w.starts_with("download"))
                || self.after_addressee(self.clause_of(a))
                || self.after_condition(self.clause_of(a));
            // "Returns the install command …; it does not run it": given
            // as information.
            let told = (0..s.words.len()).any(|j| {
                self.is(j, &["returns", "prints", "shows", "displays", "lists"])
                    && s.after(j, 6, |k| {
                        self.is(k, &["command", "commands", "script", "snippet", "line"])
                    })
                    .is_some()
                    || self.is(j, &["not", "never"])
                        && self.is(j + 1, &["run", "runs", "execute", "executes"])
            });
            // "flag risky patterns such as `curl … | sh`": an example.
            let example = s
                .before(a, 3, |k| {
                    self.is(
                        k,
                        &[
                            "such", "like", "e", "example", "examples", "patterns", "pattern",
                        ],
                    )
                })
                .is_some();
            let row = if ordered && !told && !example {
                Row::RemoteCode
            } else {
                Row::RemoteCodeMentioned
            };
            let Some(part) = self.part(a, b, "a command") else {
                continue;
            };
            out.push(self.passage(row, (part.start, part.end), Some(part), None, None));
        }
    }
}
