//! `toolcheck check a.json b.json …` and `toolcheck check --mcp-config
//! FILE`: several servers checked together, as one client runs them.
//!
//! The servers of a client config are started and captured at the same time
//! (each with `--timeout`), so one that hangs costs the timeout once, not
//! once per server. A server that fails is reported (`server-not-checked`)
//! and the others are still checked. Every value of a config's `env` and
//! `headers`, and every value taken from the environment, is taken out of
//! everything printed.

use std::process::ExitCode;

use toolcheck::report::sarif::Source;
use toolcheck::servers::{Capture, ServerInput};

use crate::INPUT_ERROR;
use crate::args::CheckArgs;
use crate::capture::{self, Target};
use crate::check_cmd::uri_for;
use crate::config::FailOn;
use crate::mcp_config::{self, Redactor};
use crate::{input_error, read_file_or_stdin};

/// One server to check, before the check.
struct Entry {
    /// Its name: the file's stem, or the config's key.
    name: String,
    /// The capture's URI, when it is a file.
    uri: Option<String>,
    /// Its capture, or why there is none.
    text: Result<String, String>,
}

/// The name a capture file gives its server: the file's stem.
fn stem(path: &str) -> String {
    if path == "-" {
        return "stdin".to_owned();
    }
    std::path::Path::new(path)
        .file_stem()
        .map_or_else(|| path.to_owned(), |s| s.to_string_lossy().into_owned())
}

/// `toolcheck check` with several captures or a client config.
pub fn run(args: &CheckArgs) -> ExitCode {
    if args.matrix || args.save_capture.is_some() {
        return input_error("--matrix and --save-capture check one capture; give one file");
    }
    let (config, settings) = match crate::check_cmd::config_and_settings(args) {
        Ok(prepared) => prepared,
        Err(e) => {
            return input_error(e);
        }
    };
    let mut entries: Vec<Entry> = Vec::new();
    for file in &args.files {
        entries.push(Entry {
            name: stem(file),
            uri: (file != "-").then(|| uri_for(file)),
            text: read_file_or_stdin(Some(file)),
        });
    }
    let mut secrets = Vec::new();
    let mut targets: Vec<(usize, Target)> = Vec::new();
    for path in &args.mcp_config {
        let client = match mcp_config::read(path) {
            Ok(c) => c,
            Err(e) => {
                return input_error(e);
            }
        };
        if args.live.verbose {
            eprintln!(
                "toolcheck: {path}: {} servers ({})",
                client.servers.len(),
                client.format.label()
            );
        }
        secrets.extend(client.secrets);
        for server in client.servers {
            let text = match server.target {
                Ok(target) => {
                    targets.push((entries.len(), target));
                    Err(String::new())
                }
                Err(e) => Err(e),
            };
            entries.push(Entry {
                name: server.name,
                uri: None,
                text,
            });
        }
    }
    if entries.is_empty() {
        eprintln!(
            "toolcheck: no servers to check: the config lists none (disabled servers are skipped)"
        );
        return ExitCode::from(INPUT_ERROR);
    }
    let redactor = Redactor::new(&secrets);
    // Every server at once: a hung one costs the timeout once.
    let captured: Vec<(usize, Result<String, String>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = targets
            .iter()
            .map(|(i, target)| {
                let live = &args.live;
                (*i, scope.spawn(move || capture::capture(target, live)))
            })
            .collect();
        handles
            .into_iter()
            .map(|(i, h)| {
                let result = h
                    .join()
                    .unwrap_or_else(|_| Err("the capture stopped unexpectedly".into()));
                (
                    i,
                    result.map(|c| {
                        if args.live.verbose {
                            eprintln!("{}", redactor.redact(&capture::summary(&c, None)));
                        }
                        c.text()
                    }),
                )
            })
            .collect()
    });
    for (i, result) in captured {
        entries[i].text = result.map_err(|e| format!("capture failed: {e}"));
    }
    let inputs: Vec<ServerInput<'_>> = entries
        .iter()
        .map(|e| ServerInput {
            name: e.name.clone(),
            capture: match &e.text {
                Ok(text) => Capture::Text(text),
                Err(why) => Capture::Failed(redactor.redact(why).into_owned()),
            },
        })
        .collect();
    let mut checked = toolcheck::checking::check_servers(&inputs, &settings);
    let mut failed_policy = false;
    if let Some(policy) = config.as_ref().map(|c| &c.policy).filter(|p| !p.is_empty()) {
        let (breaches, failed) = policy.apply_to_servers(&mut checked);
        for b in breaches {
            eprintln!("toolcheck: {b}");
        }
        failed_policy = failed;
    }
    let sources: Vec<Source<'_>> = entries
        .iter()
        .map(|e| Source::new(e.uri.as_deref(), e.text.as_deref().unwrap_or("")))
        .collect();
    let rendered = toolcheck::report::servers::render(&checked, args.format.into(), &sources);
    crate::emit(&redactor.redact(&rendered));
    let fail_on = args
        .fail_on
        .or_else(|| config.as_ref().and_then(|c| c.fail_on))
        .unwrap_or(FailOn::Error);
    if failed_policy {
        return ExitCode::from(1);
    }
    crate::exit_code_for(checked.worst(), fail_on)
}
