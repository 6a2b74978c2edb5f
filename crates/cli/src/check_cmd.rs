//! `toolcheck check`: check a capture file, standard input, the sample, or a
//! live server, with `toolcheck.toml` applied and every output format.

use std::io::Write as _;
use std::process::ExitCode;

use toolcheck::config::Outcome;
use toolcheck::report::sarif::{Source, artifact_uri};
use toolcheck::{Report, RevisionFrom, RuleSelection, Settings, Targets};

use crate::args::{CheckArgs, CheckFormat};
use crate::capture::{self, Target};
use crate::config::{self, Config, FailOn};
use crate::{input_error, read_file_or_stdin};

/// A path as a repository-relative URI: absolute paths under the current
/// directory lose that prefix.
pub fn uri_for(path: &str) -> String {
    let p = std::path::Path::new(path);
    let relative = std::env::current_dir().ok().and_then(|cwd| {
        p.strip_prefix(&cwd)
            .ok()
            .map(|r| r.to_string_lossy().into_owned())
    });
    artifact_uri(relative.as_deref().unwrap_or(path))
}

/// What was checked: the text, its name for messages, and its URI when it is a file.
pub(crate) struct Input {
    pub(crate) text: String,
    pub(crate) name: String,
    uri: Option<String>,
}

fn read_input(args: &CheckArgs) -> Result<Input, String> {
    if args.sample {
        return Ok(Input {
            text: toolcheck::sample::TOOLS.to_owned(),
            name: "sample".into(),
            uri: None,
        });
    }
    let live = args.stdio || args.live.url.is_some();
    if !live && !args.command.is_empty() {
        return Err(
            "a server command after -- needs --stdio (toolcheck check --stdio -- <command…>)"
                .into(),
        );
    }
    if args.stdio && args.command.is_empty() {
        return Err(
            "--stdio needs the server command after --: toolcheck check --stdio -- npx my-server"
                .into(),
        );
    }
    if live {
        let target = Target::from_args(&args.live, &args.command)?;
        let captured = capture::capture(&target, &args.live)
            .map_err(|e| format!("capture from {} failed: {e}", target.label()))?;
        if args.live.verbose {
            eprintln!(
                "{}",
                capture::summary(&captured, args.save_capture.as_deref())
            );
        }
        let text = captured.text();
        let uri = match &args.save_capture {
            Some(path) => {
                std::fs::write(path, &text).map_err(|e| format!("cannot write {path}: {e}"))?;
                Some(uri_for(path))
            }
            None => None,
        };
        return Ok(Input {
            text,
            name: target.label(),
            uri,
        });
    }
    if args.save_capture.is_some() {
        return Err("--save-capture is for --stdio and --url".into());
    }
    let file = args.files.first().map(String::as_str);
    let text = read_file_or_stdin(file)?;
    let (name, uri) = match file {
        None | Some("-") => ("<stdin>".to_owned(), None),
        Some(path) => (path.to_owned(), Some(uri_for(path))),
    };
    Ok(Input { text, name, uri })
}

/// The settings: flags first, then the config, then the defaults.
fn settings(args: &CheckArgs, config: Option<&Config>) -> Result<Settings, String> {
    // `--ignore ""` clears the config's list.
    let ids = |list: &Option<Vec<String>>| -> Option<Vec<String>> {
        list.as_ref().map(|l| {
            l.iter()
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
                .collect()
        })
    };
    let (select, ignore) = (ids(&args.select), ids(&args.ignore));
    for id in select.iter().chain(ignore.iter()).flatten() {
        config::known_rule(id)?;
    }
    let mut ignore = ignore
        .or_else(|| config.map(|c| c.ignore.clone()))
        .unwrap_or_default();
    if let Some(c) = config {
        ignore.extend(c.off.iter().cloned());
    }
    let targets = args
        .against
        .or_else(|| config.and_then(|c| c.against))
        .unwrap_or(Targets::MCP);
    let chosen = args.revision.or_else(|| config.and_then(|c| c.revision));
    let revision_from = if chosen.is_some() {
        RevisionFrom::Chosen
    } else {
        RevisionFrom::Default
    };
    // `..Settings::default()` keeps this compiling when Settings gains a field.
    #[allow(clippy::needless_update)]
    Ok(Settings {
        targets,
        strict: args.strict || config.and_then(|c| c.strict).unwrap_or(false),
        revision: chosen.unwrap_or_default(),
        revision_from,
        gemini_field: args
            .gemini_field
            .or_else(|| config.and_then(|c| c.gemini_field))
            .unwrap_or_default(),
        rules: RuleSelection {
            select: select.or_else(|| config.and_then(|c| c.select.clone())),
            ignore,
        },
        budget: args.budget.or_else(|| config.and_then(|c| c.budget)),
        tool_budget: args
            .tool_budget
            .or_else(|| config.and_then(|c| c.tool_budget)),
        ..Settings::default()
    })
}

/// The config (unless `--no-config`), the settings from the flags and the
/// config, and the text to check: what `check` and `fix` both start from.
pub(crate) fn prepare(args: &CheckArgs) -> Result<(Option<Config>, Settings, Input), String> {
    let (config, settings) = config_and_settings(args)?;
    let input = read_input(args)?;
    Ok((config, settings, input))
}

/// The config (unless `--no-config`) and the settings from the flags and it.
pub(crate) fn config_and_settings(args: &CheckArgs) -> Result<(Option<Config>, Settings), String> {
    let config = if args.no_config {
        None
    } else {
        config::load(args.config.as_deref())?
    };
    let settings = settings(args, config.as_ref())?;
    Ok((config, settings))
}

/// `toolcheck check`.
pub fn run(args: &CheckArgs) -> ExitCode {
    let f = &args.fixing;
    if f.unsafe_fixes || f.diff || f.in_place || f.output.is_some() {
        return input_error(
            "--unsafe-fixes, --diff, --in-place and -o go with --fix (or `toolcheck fix`)",
        );
    }
    let (config, settings, input) = match prepare(args) {
        Ok(prepared) => prepared,
        Err(e) => return input_error(e),
    };
    let checking = match toolcheck::Checking::new(&input.text, &settings) {
        Ok(c) => c,
        Err(e) => return input_error(format!("{}: {e}", input.name)),
    };
    // Text, SARIF and GitHub annotations point into the text (line and
    // column); for Markdown and JSON it goes before the rules run, which
    // lowers the peak memory of a large check by the size of the input.
    let text = match args.format {
        CheckFormat::Text | CheckFormat::Concise | CheckFormat::Sarif | CheckFormat::Github => {
            input.text
        }
        CheckFormat::Markdown | CheckFormat::Json => {
            drop(input.text);
            String::new()
        }
    };
    let mut report = if args.matrix {
        checking.finish_with_compatibility()
    } else {
        checking.finish()
    };
    let outcome = config
        .as_ref()
        .filter(|c| !c.policy.is_empty())
        .map(|c| c.policy.apply(&mut report));
    let source = Source::new(input.uri.as_deref(), &text);
    write_report(
        &report,
        args.format,
        (&source, &input.name),
        outcome.as_ref(),
    );
    if let Some(o) = &outcome
        && !matches!(args.format, CheckFormat::Text | CheckFormat::Concise)
    {
        for m in o.unused_messages() {
            eprintln!("toolcheck: warning: {m}");
        }
        for b in &o.breaches {
            eprintln!("toolcheck: threshold exceeded: {}", b.message);
        }
    }
    let fail_on = args
        .fail_on
        .or_else(|| config.as_ref().and_then(|c| c.fail_on))
        .unwrap_or(FailOn::Error);
    exit_code(&report, fail_on, outcome.as_ref())
}

/// Writes the report to standard output as it is made: for tens of
/// thousands of findings, holding the whole text would take more memory than
/// the check. A closed pipe (`| head`) ends the output; nothing else to do.
fn write_report(
    report: &Report,
    format: CheckFormat,
    (source, file): (&Source<'_>, &str),
    outcome: Option<&Outcome>,
) {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = match format {
        CheckFormat::Text | CheckFormat::Concise => {
            let mut out = FmtToIo::new(&mut out);
            let written = if matches!(format, CheckFormat::Concise) {
                toolcheck::report::text::write_concise(&mut out, report, source, file)
            } else {
                report
                    .compatibility
                    .as_ref()
                    .map_or(Ok(()), |t| {
                        toolcheck::report::text::write_compatibility(&mut out, t)
                    })
                    .and_then(|()| {
                        toolcheck::report::text::write_text(&mut out, report, source, file)
                    })
            };
            let written = written.and_then(|()| {
                outcome
                    .map(Outcome::lines)
                    .unwrap_or_default()
                    .iter()
                    .try_for_each(|line| {
                        std::fmt::Write::write_fmt(&mut out, format_args!("{line}\n"))
                    })
            });
            out.result(written)
        }
        CheckFormat::Markdown => {
            let mut out = FmtToIo::new(&mut out);
            let written = toolcheck::report::markdown::write_markdown(&mut out, report)
                .and_then(|()| markdown_policy(&mut out, outcome));
            out.result(written)
        }
        CheckFormat::Json => toolcheck::report::json::write_json(&mut out, report, outcome)
            .and_then(|()| out.write_all(b"\n")),
        CheckFormat::Sarif => {
            toolcheck::report::sarif::write_sarif(&mut out, report, source, outcome)
                .and_then(|()| out.write_all(b"\n"))
        }
        CheckFormat::Github => {
            toolcheck::report::github::write_github(&mut out, report, source, outcome)
        }
    };
    let _ = written.and_then(|()| out.flush());
}

/// The policy's lines under their own heading, after the Markdown report.
fn markdown_policy(out: &mut impl std::fmt::Write, outcome: Option<&Outcome>) -> std::fmt::Result {
    let lines = outcome.map(Outcome::lines).unwrap_or_default();
    if !lines.is_empty() {
        out.write_str("\n## Policy\n\n")?;
        for line in lines {
            writeln!(out, "- {}", toolcheck::report::markdown::escape(&line))?;
        }
    }
    Ok(())
}

/// Text formatting (`fmt::Write`) into a byte stream (`io::Write`), keeping
/// the stream's error, which `fmt::Error` cannot carry.
struct FmtToIo<'w, W: std::io::Write> {
    out: &'w mut W,
    error: Option<std::io::Error>,
}

impl<'w, W: std::io::Write> FmtToIo<'w, W> {
    fn new(out: &'w mut W) -> Self {
        Self { out, error: None }
    }

    /// The outcome of the writing, as the stream saw it.
    fn result(self, written: std::fmt::Result) -> std::io::Result<()> {
        match (written, self.error) {
            (Ok(()), _) => Ok(()),
            (Err(_), Some(e)) => Err(e),
            (Err(_), None) => Err(std::io::Error::other("formatting failed")),
        }
    }
}

impl<W: std::io::Write> std::fmt::Write for FmtToIo<'_, W> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.out.write_all(s.as_bytes()).map_err(|e| {
            self.error = Some(e);
            std::fmt::Error
        })
    }
}

fn exit_code(report: &Report, fail_on: FailOn, outcome: Option<&Outcome>) -> ExitCode {
    if outcome.is_some_and(Outcome::failed) {
        return ExitCode::from(1);
    }
    match (fail_on.threshold(), report.worst()) {
        (Some(threshold), Some(worst)) if worst <= threshold => ExitCode::from(1),
        _ => ExitCode::SUCCESS,
    }
}
