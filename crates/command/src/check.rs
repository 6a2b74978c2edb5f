//! `toolcheck check`: check a capture file, standard input, the sample, or a
//! live server, with `toolcheck.toml` applied and every output format.

use std::io::Write;

use toolcheck::baseline::Baseline;
use toolcheck::policy::Outcome;
use toolcheck::report::ReportFormat;
use toolcheck::report::sarif::Source;
use toolcheck::{Report, Settings};
use toolcheck_config::{Config, FailOn};

use crate::Problem;
use crate::args::CheckArgs;
use crate::host::Host;
use crate::input::{self, Input};

/// The config (unless `--no-config`): `--config FILE` (`explicit`), which
/// must exist, else `./toolcheck.toml` when there is one.
///
/// # Errors
/// A config that cannot be read, or its mistakes, each with its line.
pub fn load_config(
    explicit: Option<&str>,
    no_config: bool,
    host: &dyn Host,
) -> Result<Option<Config>, String> {
    if no_config {
        return Ok(None);
    }
    let file = match explicit {
        Some(f) => f,
        None if host.is_file(toolcheck_config::DEFAULT_FILE) => toolcheck_config::DEFAULT_FILE,
        None => return Ok(None),
    };
    let bytes = host
        .read(file)
        .map_err(|e| format!("cannot read {file}: {e}"))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| format!("cannot read {file}: stream did not contain valid UTF-8"))?;
    toolcheck_config::parse(&text, file).map(Some)
}

/// The config (unless `--no-config`) and the settings from the flags and
/// it: flags first, then the config, then the defaults.
///
/// # Errors
/// A config that cannot be read or has mistakes; a flag naming no rule.
pub fn config_and_settings(
    args: &CheckArgs,
    host: &dyn Host,
) -> Result<(Option<Config>, Settings), Problem> {
    config_and_settings_of(&args.settings, &args.policy, host)
}

/// [`config_and_settings`] from the flags alone.
///
/// # Errors
/// As [`config_and_settings`].
pub fn config_and_settings_of(
    settings: &toolcheck_config::SettingsArgs,
    policy: &crate::args::PolicyArgs,
    host: &dyn Host,
) -> Result<(Option<Config>, Settings), Problem> {
    let config =
        load_config(policy.config.as_deref(), policy.no_config, host).map_err(Problem::new)?;
    let settings = toolcheck_config::settings(settings, config.as_ref()).map_err(Problem::new)?;
    Ok((config, settings))
}

/// The config, the settings and the text to check: what `check` and `fix`
/// both start from.
///
/// # Errors
/// As [`config_and_settings`] and [`input::read`].
pub fn prepare(
    args: &CheckArgs,
    host: &mut dyn Host,
    err: &mut dyn Write,
) -> Result<(Option<Config>, Settings, Input), Problem> {
    let (config, settings) = config_and_settings(args, host)?;
    let input = input::read(args, host, err)?;
    Ok((config, settings, input))
}

/// `toolcheck check`.
///
/// # Errors
/// A usage or input error.
pub fn run(
    args: &CheckArgs,
    host: &mut dyn Host,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, Problem> {
    let f = &args.fixing;
    if f.unsafe_fixes || f.diff || f.in_place || f.output.is_some() {
        return Err(Problem::new(
            "--unsafe-fixes, --diff, --in-place and -o go with --fix (or `toolcheck fix`)",
        ));
    }
    let (config, settings, input) = prepare(args, host, err)?;
    let name = Some(input.name.as_str());
    let format = ReportFormat::from(args.format);
    let checking =
        toolcheck::Checking::new(&input.text, &settings).map_err(|e| Problem::input(name, &e))?;
    // Text, SARIF and GitHub annotations point into the text (line and
    // column); for Markdown and JSON it goes before the rules run, which
    // lowers the peak memory of a large check by the size of the input.
    let text = if format.points_into_text() || args.locked.is_some() {
        input.text
    } else {
        drop(input.text);
        String::new()
    };
    let report = if args.matrix {
        checking.finish_with_compatibility()
    } else {
        checking.finish()
    };
    let source = Source::new(input.uri.as_deref(), &text);
    let fail_on = FailOn::chosen(args.policy.fail_on, config.as_ref());
    let baseline = match &args.write_baseline {
        Some(file) => {
            // Every finding of this check is known from now on: the run
            // goes on as --baseline FILE would right after.
            let baseline = Baseline::of(&report);
            host.write(file, baseline.to_text().as_bytes())
                .map_err(|e| Problem::new(format!("cannot write the baseline {file}: {e}")))?;
            let n = baseline.findings.len();
            let _ = writeln!(
                err,
                "toolcheck: wrote {n} finding{} to {file}, the baseline: `--baseline {file}` reports only the others",
                if n == 1 { "" } else { "s" }
            );
            Some((baseline, file.clone()))
        }
        None => read_baseline(args, config.as_ref(), host)?,
    };
    let drifts = match &args.locked {
        Some(lock) => {
            let name = crate::lock::server_name(&input.name);
            let mut drifts = crate::lock::drift(lock, &[(name, text.clone())], host)?;
            // One capture is checked: the lock's other servers are not gone.
            drifts.retain(|d| d.kind != "server-removed");
            Some((lock, drifts))
        }
        None => None,
    };
    let code = write(
        report,
        config.as_ref(),
        baseline.as_ref().map(|(b, f)| (b, f.as_str())),
        format,
        (&source, &input.name),
        fail_on,
        out,
        err,
    );
    // The lock's drift on standard error, whatever the format; any drift
    // fails the check.
    Ok(match drifts {
        Some((lock, drifts)) => {
            for line in crate::lock::lines(lock, &drifts) {
                let _ = writeln!(err, "toolcheck: {line}");
            }
            if drifts.is_empty() { code } else { code.max(1) }
        }
        None => code,
    })
}

/// The baseline `--baseline` names, else the config's `baseline` (relative
/// to the config's folder), read; with the name it goes by in messages.
///
/// # Errors
/// A baseline that cannot be read, or is not one.
fn read_baseline(
    args: &CheckArgs,
    config: Option<&Config>,
    host: &dyn Host,
) -> Result<Option<(Baseline, String)>, Problem> {
    let file = match (&args.baseline, config.and_then(|c| c.baseline.as_deref())) {
        (Some(flag), _) => flag.clone(),
        (None, Some(configured)) => {
            let folder = args
                .policy
                .config
                .as_deref()
                .and_then(|c| std::path::Path::new(c).parent())
                .filter(|p| !p.as_os_str().is_empty());
            folder.map_or_else(
                || configured.to_owned(),
                |f| f.join(configured).to_string_lossy().into_owned(),
            )
        }
        (None, None) => return Ok(None),
    };
    let text = crate::input::read_file_or_stdin(host, Some(&file))
        .map_err(|e| Problem::new(format!("the baseline: {e}")))?;
    let baseline = Baseline::parse(&text).map_err(|e| Problem::new(format!("{file}: {e}")))?;
    Ok(Some((baseline, file)))
}

/// The report on `text`, with the clients' table when `matrix`. `name`
/// names the text in an input error.
///
/// # Errors
/// Text that is not a capture.
pub fn report(
    text: &str,
    settings: &Settings,
    matrix: bool,
    name: Option<&str>,
) -> Result<Report, Problem> {
    let checking =
        toolcheck::Checking::new(text, settings).map_err(|e| Problem::input(name, &e))?;
    Ok(if matrix {
        checking.finish_with_compatibility()
    } else {
        checking.finish()
    })
}

/// Applies the config's policy to the report, writes it in `format` (as it
/// is made: for tens of thousands of findings, holding the whole text would
/// take more memory than the check) and the policy's notices, and returns
/// the exit code.
#[allow(clippy::too_many_arguments)]
pub fn write(
    mut report: Report,
    config: Option<&Config>,
    baseline: Option<(&Baseline, &str)>,
    format: ReportFormat,
    located: (&Source<'_>, &str),
    fail_on: FailOn,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    // The baseline first, so that the policy's thresholds count only the
    // new findings.
    let known = baseline.map(|(b, file)| b.apply(&mut report, file));
    let mut outcome = config.and_then(|c| c.apply_policy(&mut report));
    if let Some(known) = known {
        outcome.get_or_insert_with(Outcome::default).baseline = Some(known);
    }
    // A closed pipe (`| head`) ends the output; nothing else to do.
    let mut sink = &mut *out;
    let _ = toolcheck::report::write_report(&mut sink, &report, format, located, outcome.as_ref())
        .and_then(|()| sink.flush());
    if let Some(o) = &outcome
        && !format.holds_policy_lines()
    {
        for notice in o.notices() {
            let _ = writeln!(err, "toolcheck: {notice}");
        }
    }
    if outcome.as_ref().is_some_and(Outcome::failed) {
        return 1;
    }
    crate::exit_code(report.worst(), fail_on)
}
