//! `toolcheck fix` (and `toolcheck check --fix`): apply the fixes the rules
//! know, to a capture file, standard input or the sample, and write the
//! fixed text, a diff, or the file itself.

use std::process::ExitCode;

use toolcheck::fix::{Applicability, Fixed};

use crate::args::CheckArgs;
use crate::check_cmd;
use crate::config::FailOn;
use crate::input_error;

/// `toolcheck fix`.
pub fn run(args: &CheckArgs) -> ExitCode {
    let fix = &args.fixing;
    if fix.in_place
        && (args.sample
            || args
                .files
                .first()
                .map(String::as_str)
                .is_none_or(|f| f == "-"))
    {
        return input_error("--in-place needs a FILE to rewrite");
    }
    if args.stdio || args.live.url.is_some() || !args.mcp_config.is_empty() {
        return input_error(
            "fix works on a capture: save one with `toolcheck capture`, then fix it",
        );
    }
    if args.files.len() > 1 {
        return input_error("fix works on one capture at a time");
    }
    let (config, settings, input) = match check_cmd::prepare(args) {
        Ok(prepared) => prepared,
        Err(e) => return input_error(e),
    };
    let level = if fix.unsafe_fixes {
        Applicability::Unsafe
    } else {
        Applicability::Safe
    };
    let fixed = match toolcheck::fix::fix(&input.text, &settings, level) {
        Ok(f) => f,
        Err(e) => return input_error(format!("{}: {e}", input.name)),
    };
    let written = if fix.diff {
        crate::emit(&toolcheck::fix::unified_diff(
            &input.text,
            &fixed.text,
            &input.name,
        ));
        Ok(())
    } else if fix.in_place {
        write_if_changed(
            args.files.first().map(String::as_str).unwrap_or_default(),
            &fixed,
        )
    } else if let Some(out) = &fix.output {
        std::fs::write(out, &fixed.text).map_err(|e| format!("cannot write {out}: {e}"))
    } else {
        crate::emit(&fixed.text);
        Ok(())
    };
    if let Err(e) = written {
        return input_error(e);
    }
    eprint!("{}", fixed.summary(level));
    let fail_on = args
        .fail_on
        .or_else(|| config.as_ref().and_then(|c| c.fail_on))
        .unwrap_or(FailOn::Error);
    crate::exit_code_for(fixed.remaining.worst(), fail_on)
}

/// Writes the file only when a fix changed it, so its time stamp says so.
fn write_if_changed(path: &str, fixed: &Fixed) -> Result<(), String> {
    if !fixed.changed() {
        return Ok(());
    }
    std::fs::write(path, &fixed.text).map_err(|e| format!("cannot write {path}: {e}"))
}
