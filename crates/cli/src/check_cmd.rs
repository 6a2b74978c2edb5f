//! `toolcheck check`: check a capture file, standard input, the sample, or a
//! live server, with `toolcheck.toml` applied and every output format.

use std::io::Write as _;
use std::process::ExitCode;

use toolcheck::policy::Outcome;
use toolcheck::report::ReportFormat;
use toolcheck::report::sarif::{Source, artifact_uri};
use toolcheck::{Report, Settings};

use crate::args::CheckArgs;
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
    let flags = config::Flags {
        against: args.against,
        strict: args.strict,
        revision: args.revision,
        gemini_field: args.gemini_field,
        select: args.select.as_deref(),
        ignore: args.ignore.as_deref(),
        budget: args.budget,
        tool_budget: args.tool_budget,
    };
    config::settings(&flags, config)
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
    let format = ReportFormat::from(args.format);
    let text = if format.points_into_text() {
        input.text
    } else {
        drop(input.text);
        String::new()
    };
    let mut report = if args.matrix {
        checking.finish_with_compatibility()
    } else {
        checking.finish()
    };
    let outcome = config.as_ref().and_then(|c| c.apply_policy(&mut report));
    let source = Source::new(input.uri.as_deref(), &text);
    write_report(&report, format, (&source, &input.name), outcome.as_ref());
    if let Some(o) = &outcome
        && !format.holds_policy_lines()
    {
        for notice in o.notices() {
            eprintln!("toolcheck: {notice}");
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
    format: ReportFormat,
    located: (&Source<'_>, &str),
    outcome: Option<&Outcome>,
) {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let _ = toolcheck::report::write_report(&mut out, report, format, located, outcome)
        .and_then(|()| out.flush());
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
