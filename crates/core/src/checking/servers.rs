//! Several servers checked together: each capture checked as it would be
//! alone, then the rules about the combination ([`crate::servers`]).

use super::Checking;
use crate::InputError;
use crate::catalog::SERVER_RULES;
use crate::registry::Needs;
use crate::rules::budget::token_budget_exceeded;
use crate::servers::{self, Capture, Combination, Server, ServerEmitter, ServerInput, Servers};
use crate::settings::Settings;

/// Checks each server's capture as [`crate::check`] would alone (a budget
/// for all of them is applied to them together, not to each), then runs the
/// rules about the combination.
#[must_use]
pub fn check_servers(inputs: &[ServerInput<'_>], settings: &Settings) -> Servers {
    let names = servers::unique_names(&inputs.iter().map(|i| &i.name).collect::<Vec<_>>());
    let each = Settings {
        budget: None,
        ..settings.clone()
    };
    // Each server's description words, kept from its check for the rules
    // that compare them across servers (`needs = DescriptionWords`).
    let wants_words = inputs.len() > 1
        && SERVER_RULES.iter().any(|rule| {
            rule.info.needs == Some(Needs::DescriptionWords) && settings.rules.enabled(rule.info.id)
        });
    let mut words = Vec::with_capacity(inputs.len());
    let mut servers = Vec::with_capacity(inputs.len());
    for (input, name) in inputs.iter().zip(names) {
        let (checked, server_words) = match &input.capture {
            Capture::Text(text) => match Checking::new(text, &each) {
                Ok(checking) if wants_words => {
                    let (report, w) = checking.finish_with_words();
                    (Ok(report), w)
                }
                Ok(checking) => (Ok(checking.finish()), Vec::new()),
                Err(e) => (Err(e), Vec::new()),
            },
            Capture::Failed(why) => (
                Err(InputError {
                    message: why.clone(),
                    line: None,
                    column: None,
                }),
                Vec::new(),
            ),
        };
        words.push(server_words);
        servers.push(Server {
            name,
            checked,
            capture_failed: matches!(input.capture, Capture::Failed(_)),
        });
    }
    let sx = Combination {
        servers: &servers,
        words: &words,
        settings,
    };
    let mut across = Vec::new();
    for rule in SERVER_RULES {
        if settings.rules.enabled(rule.info.id) {
            (rule.check)(&sx, &mut ServerEmitter::new(rule.info, &mut across));
        }
    }
    token_budget_exceeded::across_servers(&sx, &mut across);
    servers::finish(servers, across, settings)
}

#[cfg(test)]
mod tests {
    use std::fmt::Write as _;

    use super::*;
    use crate::Settings;
    use crate::finding::Severity;
    use crate::servers::*;

    /// The captures in `resources/fixtures/servers/DIR`, by file name, each
    /// named by its file's stem.
    fn fixture_servers(dir: &str) -> Vec<(String, String)> {
        let root = format!(
            "{}/resources/fixtures/servers/{dir}",
            env!("CARGO_MANIFEST_DIR")
        );
        let mut files: Vec<_> = std::fs::read_dir(&root)
            .expect("fixture directory")
            .map(|e| e.expect("entry").path())
            .collect();
        files.sort();
        files
            .iter()
            .map(|p| {
                (
                    p.file_stem().unwrap().to_string_lossy().into_owned(),
                    std::fs::read_to_string(p).expect("readable"),
                )
            })
            .collect()
    }

    /// The servers to check, from `(name, text)` pairs.
    fn inputs(servers: &[(String, String)]) -> Vec<ServerInput<'_>> {
        servers
            .iter()
            .map(|(name, text)| ServerInput {
                name: name.clone(),
                capture: Capture::Text(text),
            })
            .collect()
    }

    fn check_fixture(dir: &str, settings: &Settings) -> Servers {
        check_servers(&inputs(&fixture_servers(dir)), settings)
    }

    /// The findings about the combination, for snapshots.
    fn render(checked: &Servers) -> String {
        let mut out = String::new();
        for a in &checked.across {
            let f = &a.finding;
            let server = a
                .server
                .map_or("(all)", |s| checked.servers[s].name.as_str());
            let _ = writeln!(
                out,
                "{} {server}/{} [{}] {}\n    {}\n    fix: {}",
                f.severity,
                f.tool.as_deref().unwrap_or("-"),
                f.rule.id,
                f.path,
                f.message,
                f.help
            );
            if let Some(e) = &a.elsewhere {
                let _ = writeln!(
                    out,
                    "    elsewhere: {} {}",
                    checked.servers[e.server].name, e.path
                );
            }
        }
        if out.is_empty() {
            out.push_str("(no findings)\n");
        }
        out
    }

    /// No finding is about a tool named `ok_*`, and every tool named `bad_*`
    /// is a finding's tool or the other tool it names.
    fn assert_expectations(checked: &Servers) {
        for (s, server) in checked.servers.iter().enumerate() {
            for tool in server.tools() {
                let Some(name) = tool.name.as_deref() else {
                    continue;
                };
                let named = checked.across.iter().any(|a| {
                    (a.server == Some(s) && a.finding.tool.as_deref() == Some(name))
                        || a.elsewhere
                            .as_ref()
                            .is_some_and(|e| e.server == s && e.path.starts_with(&tool.path))
                });
                if name.starts_with("ok_") {
                    assert!(
                        !named,
                        "near-miss tool {}/{name} got a finding",
                        server.name
                    );
                }
                if name.starts_with("bad_") {
                    assert!(named, "bad tool {}/{name} got no finding", server.name);
                }
            }
        }
    }

    macro_rules! servers_snapshot {
        ($test:ident, $rule:path, $dir:literal) => {
            #[test]
            fn $test() {
                let checked = check_fixture($dir, &Settings::default().only($rule.id));
                assert_expectations(&checked);
                assert!(!checked.across.is_empty());
                insta::assert_snapshot!($dir, render(&checked));
            }
        };
    }

    servers_snapshot!(
        tool_name_collision,
        tool_name_collision::TOOL_NAME_COLLISION,
        "tool-name-collision"
    );
    servers_snapshot!(
        prefixed_name_collision,
        prefixed_name_collision::PREFIXED_NAME_COLLISION,
        "prefixed-name-collision"
    );
    servers_snapshot!(
        prefixed_name_too_long,
        prefixed_name_too_long::PREFIXED_NAME_TOO_LONG,
        "prefixed-name-too-long"
    );
    servers_snapshot!(
        lethal_trifecta_across_servers,
        lethal_trifecta_across_servers::LETHAL_TRIFECTA_ACROSS_SERVERS,
        "lethal-trifecta-across-servers"
    );
    servers_snapshot!(
        untrusted_content_drives_action_across_servers,
        untrusted_content_drives_action_across_servers::UNTRUSTED_CONTENT_DRIVES_ACTION_ACROSS_SERVERS,
        "untrusted-content-drives-action-across-servers"
    );
    servers_snapshot!(
        near_duplicate_across_servers,
        near_duplicate_across_servers::NEAR_DUPLICATE_ACROSS_SERVERS,
        "near-duplicate-across-servers"
    );

    /// A server that did not start, and a capture that is not JSON, are each a
    /// finding with the error (and its line), and the others are still checked.
    #[test]
    fn a_server_that_fails_is_a_finding() {
        let inputs = [
            ServerInput {
                name: "files".into(),
                capture: Capture::Failed("the command `mcp-server-filez` was not found".into()),
            },
            ServerInput {
                name: "broken".into(),
                capture: Capture::Text("{\"tools\": [\n  {\"name\": }\n]}"),
            },
            ServerInput {
                name: "orders".into(),
                capture: Capture::Text(crate::sample::TOOLS),
            },
        ];
        let checked = check_servers(&inputs, &Settings::default());
        insta::assert_snapshot!("server-not-checked", render(&checked));
        let not_checked: Vec<_> = checked
            .across
            .iter()
            .filter(|a| a.finding.rule.id == server_not_checked::SERVER_NOT_CHECKED.id)
            .collect();
        assert_eq!(not_checked.len(), 2);
        assert!(not_checked[1].finding.message.contains("line 2"));
        let orders = checked.servers[2].checked.as_ref().expect("checked");
        assert_eq!(orders.counts.errors, 3);
        // Every finding is counted: the sample's and the two servers'.
        assert_eq!(checked.counts.errors, 3 + 2);
        assert_eq!(checked.worst(), Some(Severity::Error));
    }

    /// The budget is for every server together, with each server's share; no
    /// server is held to it alone.
    #[test]
    fn the_budget_is_for_all_servers_together() {
        let servers = fixture_servers("near-duplicate-across-servers");
        let inputs = inputs(&servers);
        let all = check_servers(&inputs, &Settings::default());
        let total = all.tokens();
        let largest = all.servers.iter().map(Server::tokens).max().unwrap();
        assert!(largest < total);
        let over = |budget: usize| {
            let checked = check_servers(
                &inputs,
                &Settings {
                    budget: Some(budget),
                    ..Settings::default()
                },
            );
            for server in &checked.servers {
                let report = server.checked.as_ref().unwrap();
                assert!(
                    report
                        .findings
                        .iter()
                        .all(|f| f.rule.id != "token-budget-exceeded")
                );
            }
            checked
                .across
                .iter()
                .filter(|a| a.finding.rule.id == "token-budget-exceeded")
                .map(|a| {
                    assert_eq!(a.server, None);
                    a.finding.message.clone()
                })
                .collect::<Vec<_>>()
        };
        assert!(over(total).is_empty());
        let message = over(largest).pop().expect("over the budget");
        assert!(message.contains("\"github\""), "{message}");
        assert!(message.contains("\"gh-community\""), "{message}");
        assert!(message.contains('%'), "{message}");
        assert!(
            all.summary_line()
                .starts_with("2 servers · 8 tools · about "),
            "{}",
            all.summary_line()
        );
    }

    #[test]
    fn names_are_made_unique() {
        assert_eq!(
            unique_names(&["tools", "tools", "", "tools-2", "tools"]),
            ["tools", "tools-2", "server", "tools-2-2", "tools-3"]
        );
    }
}
