//! `toolcheck fix` (and `toolcheck check --fix`): apply the fixes the rules
//! know, to a capture file, standard input or the sample, and write the
//! fixed text, a diff, or the file itself.

use std::io::Write;

use serde_json::{Value, json};
use toolcheck::Settings;
use toolcheck::fix::{Applicability, Fixed};
use toolcheck_config::FailOn;

use crate::Problem;
use crate::args::CheckArgs;
use crate::host::Host;

/// `toolcheck fix`.
///
/// # Errors
/// A usage or input error, or a file that cannot be written.
pub fn run(
    args: &CheckArgs,
    host: &mut dyn Host,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, Problem> {
    let fix = &args.fixing;
    let file = args.files.first().map(String::as_str);
    if fix.in_place && (args.sample || file.is_none_or(|f| f == "-")) {
        return Err(Problem::new("--in-place needs a FILE to rewrite"));
    }
    if args.stdio || args.live.url.is_some() || !args.mcp_config.is_empty() {
        return Err(Problem::new(
            "fix works on a capture: save one with `toolcheck capture`, then fix it",
        ));
    }
    if args.files.len() > 1 {
        return Err(Problem::new("fix works on one capture at a time"));
    }
    let (config, settings, input) = crate::check::prepare(args, host, err)?;
    let level = level(fix.unsafe_fixes);
    let fixed = fixed(&input.text, &settings, level, Some(&input.name))?;
    if fix.diff {
        let diff = toolcheck::fix::unified_diff(&input.text, &fixed.text, &input.name);
        let _ = out.write_all(diff.as_bytes());
    } else if fix.in_place {
        // Only when a fix changed it, so that its time stamp says so.
        let path = file.unwrap_or_default();
        if fixed.changed() {
            host.write(path, fixed.text.as_bytes())
                .map_err(|e| Problem::new(format!("cannot write {path}: {e}")))?;
        }
    } else if let Some(path) = &fix.output {
        host.write(path, fixed.text.as_bytes())
            .map_err(|e| Problem::new(format!("cannot write {path}: {e}")))?;
    } else {
        let _ = out.write_all(fixed.text.as_bytes());
    }
    let _ = err.write_all(fixed.summary(level).as_bytes());
    let fail_on = FailOn::chosen(args.policy.fail_on, config.as_ref());
    let code = crate::exit_code(fixed.remaining.worst(), fail_on);
    fixed.free_elsewhere();
    Ok(code)
}

/// How far the fixes are trusted: the safe ones, or the unsafe ones too.
#[must_use]
pub fn level(unsafe_fixes: bool) -> Applicability {
    if unsafe_fixes {
        Applicability::Unsafe
    } else {
        Applicability::Safe
    }
}

/// The fix run on `text`: every fix at `level`, with the text checked again
/// after each round. `name` names the text in an input error.
///
/// # Errors
/// Text that is not a capture.
pub fn fixed(
    text: &str,
    settings: &Settings,
    level: Applicability,
    name: Option<&str>,
) -> Result<Fixed, Problem> {
    toolcheck::fix::fix(text, settings, level).map_err(|e| Problem::input(name, &e))
}

/// The run as the npm package's `fix()` returns it: `text`, `changed`,
/// `applied` and `skipped` (each with `rule`, `tool`, `path`, `pointer`,
/// `title`, and `applicability` or `reason`), `remaining` (the report of
/// the fixed text, in `check`'s JSON shape), `tokens_before`,
/// `tokens_after` and `summary` (the CLI's).
#[must_use]
pub fn api_json(fixed: &Fixed, level: Applicability) -> Value {
    let applied: Vec<Value> = fixed
        .applied
        .iter()
        .map(|a| {
            json!({
                "rule": a.rule.id,
                "tool": a.tool.as_deref(),
                "path": a.path.to_string(),
                "pointer": a.path.pointer(),
                "title": a.title,
                "applicability": a.applicability.as_str(),
            })
        })
        .collect();
    let skipped: Vec<Value> = fixed
        .skipped
        .iter()
        .map(|s| {
            json!({
                "rule": s.rule.id,
                "tool": s.tool.as_deref(),
                "path": s.path.to_string(),
                "pointer": s.path.pointer(),
                "title": s.title,
                "reason": s.reason,
            })
        })
        .collect();
    json!({
        "text": fixed.text,
        "changed": fixed.changed(),
        "applied": applied,
        "skipped": skipped,
        "remaining": toolcheck::report::json::to_value(&fixed.remaining),
        "tokens_before": fixed.tokens_before,
        "tokens_after": fixed.tokens_after,
        "summary": fixed.summary(level),
    })
}

/// The run as the MCP server's `fix_tool_definitions` returns it (its
/// `outputSchema`): `fixed`, `changed`, `applied`, `skipped`, the counts of
/// what `remaining`, and the tokens before and after.
#[must_use]
pub fn mcp_json(fixed: &Fixed) -> Value {
    json!({
        "fixed": fixed.text,
        "changed": fixed.changed(),
        "applied": fixed.applied.iter().map(|a| json!({
            "rule": a.rule.id,
            "tool": a.tool.as_deref(),
            "path": a.path.to_string(),
            "title": a.title,
            "applicability": a.applicability,
        })).collect::<Vec<_>>(),
        "skipped": fixed.skipped.iter().map(|s| json!({
            "rule": s.rule.id,
            "tool": s.tool.as_deref(),
            "path": s.path.to_string(),
            "title": s.title,
            "reason": s.reason,
        })).collect::<Vec<_>>(),
        "remaining": fixed.remaining.counts,
        "tokens_before": fixed.tokens_before,
        "tokens_after": fixed.tokens_after,
    })
}
