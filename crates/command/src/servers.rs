//! `toolcheck check a.json b.json …` and `toolcheck check --mcp-config
//! FILE`: several servers checked together, as one client runs them.
//!
//! The servers of a client config are started and captured at the same time
//! (each with `--timeout`), so one that hangs costs the timeout once, not
//! once per server. A server that fails is reported (`server-not-checked`)
//! and the others are still checked. Every value of a config's `env` and
//! `headers`, and every value taken from the environment, is taken out of
//! everything printed.

use std::io::Write;

use toolcheck::report::ReportFormat;
use toolcheck::report::sarif::Source;
use toolcheck::servers::{Capture, ServerInput};
use toolcheck_config::{Config, FailOn};

use crate::args::CheckArgs;
use crate::client_config::{self, Redactor};
use crate::host::Host;
use crate::input::{read_file_or_stdin, uri_for};
use crate::live::{self, Target};
use crate::{INPUT_ERROR, Problem};

/// Whether the arguments ask for several servers at once: several captures,
/// or a client config.
#[must_use]
pub fn several(args: &CheckArgs) -> bool {
    args.files.len() > 1 || !args.mcp_config.is_empty()
}

/// One server to check, before the check.
pub struct Server {
    /// Its name: the file's stem, or the config's key.
    pub name: String,
    /// The capture's URI, when it is a file.
    pub uri: Option<String>,
    /// Its capture, or why there is none.
    pub text: Result<String, String>,
}

impl Server {
    /// The capture at `file` (`-` for standard input), read by `host`.
    pub fn read(file: &str, host: &dyn Host) -> Self {
        Self {
            name: stem(file),
            uri: (file != "-").then(|| uri_for(host, file)),
            text: read_file_or_stdin(host, Some(file)),
        }
    }
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
///
/// # Errors
/// A usage error, a config that cannot be read or has mistakes, a client
/// config that cannot be read, or one with no server.
pub fn run(
    args: &CheckArgs,
    host: &mut dyn Host,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, Problem> {
    if args.matrix
        || args.save_capture.is_some()
        || args.baseline.is_some()
        || args.write_baseline.is_some()
        || args.locked.is_some()
    {
        return Err(Problem::new(
            "--matrix, --save-capture, --baseline, --write-baseline and --locked check one capture; give one file \
             (toolcheck verify checks several against a lock)",
        ));
    }
    let (config, settings) = crate::check::config_and_settings(args, host)?;
    let mut servers: Vec<Server> = args.files.iter().map(|f| Server::read(f, host)).collect();
    let mut secrets = Vec::new();
    let mut targets: Vec<(usize, Target)> = Vec::new();
    for path in &args.mcp_config {
        if host.live().is_none() {
            return Err(Problem::native_only(
                "--mcp-config: starting a client's servers",
            ));
        }
        let client = client_config::read(host, path).map_err(Problem::new)?;
        if args.live.verbose {
            let _ = writeln!(
                err,
                "toolcheck: {path}: {} servers ({})",
                client.servers.len(),
                client.format.label()
            );
        }
        add_configured(&client, &mut servers, &mut targets);
        secrets.extend(client.secrets);
    }
    if servers.is_empty() {
        let _ = writeln!(
            err,
            "toolcheck: no servers to check: the config lists none (disabled servers are skipped)"
        );
        return Ok(INPUT_ERROR);
    }
    let redactor = Redactor::new(&secrets);
    if let Some(live) = host.live()
        && !targets.is_empty()
    {
        capture_into(live, &mut servers, &targets, &args.live, &mut |c| {
            if args.live.verbose {
                let _ = writeln!(err, "{}", redactor.redact(&live::summary(c, None)));
            }
        });
    }
    let rendered = render(
        &servers,
        &settings,
        config.as_ref(),
        args.format.into(),
        err,
    );
    let _ = out.write_all(redactor.redact(&rendered.text).as_bytes());
    let fail_on = FailOn::chosen(args.policy.fail_on, config.as_ref());
    Ok(if rendered.failed_policy {
        1
    } else {
        crate::exit_code(rendered.worst, fail_on)
    })
}

/// Adds a client config's servers to `servers`, each with its capture to
/// make (its target, added to `targets` with the server's index) or why
/// none can be made.
pub fn add_configured(
    config: &client_config::ClientConfig,
    servers: &mut Vec<Server>,
    targets: &mut Vec<(usize, Target)>,
) {
    for server in &config.servers {
        let text = match &server.target {
            Ok(target) => {
                targets.push((servers.len(), target.clone()));
                Err(String::new())
            }
            Err(e) => Err(e.clone()),
        };
        servers.push(Server {
            name: server.name.clone(),
            uri: None,
            text,
        });
    }
}

/// Captures every target at once (each with `--timeout`), each into its
/// server, or the server's error; `seen` is shown each capture made.
pub fn capture_into(
    live: &mut dyn crate::host::Live,
    servers: &mut [Server],
    targets: &[(usize, Target)],
    args: &crate::args::LiveArgs,
    seen: &mut dyn FnMut(&live::Captured),
) {
    let asked: Vec<&Target> = targets.iter().map(|(_, t)| t).collect();
    let captured = live.capture_all(&asked, args);
    for ((i, _), result) in targets.iter().zip(captured) {
        servers[*i].text = result
            .map(|c| {
                seen(&c);
                c.text()
            })
            .map_err(|e| format!("capture failed: {e}"));
    }
}

/// The servers' report, as written.
pub struct Rendered {
    /// The report in its format.
    pub text: String,
    /// The worst severity found.
    pub worst: Option<toolcheck::Severity>,
    /// Whether the config's thresholds failed the run.
    pub failed_policy: bool,
}

/// Checks the servers together, applies the config's policy (its breaches
/// go to `err`), and renders the report in `format`.
pub fn render(
    servers: &[Server],
    settings: &toolcheck::Settings,
    config: Option<&Config>,
    format: ReportFormat,
    err: &mut dyn Write,
) -> Rendered {
    let inputs: Vec<ServerInput<'_>> = servers
        .iter()
        .map(|s| ServerInput {
            name: s.name.clone(),
            capture: match &s.text {
                Ok(text) => Capture::Text(text),
                Err(why) => Capture::Failed(why.clone()),
            },
        })
        .collect();
    let mut checked = toolcheck::checking::check_servers(&inputs, settings);
    let mut failed_policy = false;
    if let Some(policy) = config.map(|c| &c.policy).filter(|p| !p.is_empty()) {
        let (breaches, failed) = policy.apply_to_servers(&mut checked);
        for b in breaches {
            let _ = writeln!(err, "toolcheck: {b}");
        }
        failed_policy = failed;
    }
    let sources: Vec<Source<'_>> = servers
        .iter()
        .map(|s| Source::new(s.uri.as_deref(), s.text.as_deref().unwrap_or("")))
        .collect();
    Rendered {
        text: toolcheck::report::servers::render(&checked, format, &sources),
        worst: checked.worst(),
        failed_policy,
    }
}

/// A capture handed over under its server's name (the typed API's
/// `checkServers`).
#[must_use]
pub fn named(name: &str, bytes: Vec<u8>) -> Server {
    Server {
        name: name.to_owned(),
        uri: None,
        text: crate::input::utf8(bytes, name),
    }
}
