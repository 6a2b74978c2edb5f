//! `toolcheck lock` records the approved tool definitions of some captures;
//! `toolcheck verify` (and `check --locked`) fail when they drift, each
//! change classed as `diff` classes it, risky drift an error
//! ([`toolcheck::lock`]).

use std::io::Write;

use serde_json::json;
use toolcheck::diff::Class;
use toolcheck::lock::{Drift, Lock};

use crate::Problem;
use crate::args::{LockArgs, VerifyArgs, VerifyFormat};
use crate::host::Host;
use crate::input::read_file_or_stdin;

/// A server's name in a lock: its capture's file name.
pub fn server_name(path: &str) -> String {
    std::path::Path::new(path)
        .file_name()
        .map_or_else(|| path.to_owned(), |n| n.to_string_lossy().into_owned())
}

/// Each file, read, with its server name.
fn read_all(files: &[String], host: &dyn Host) -> Result<Vec<(String, String)>, Problem> {
    files
        .iter()
        .map(|f| {
            read_file_or_stdin(host, Some(f))
                .map(|text| (server_name(f), text))
                .map_err(Problem::new)
        })
        .collect()
}

/// `toolcheck lock`.
///
/// # Errors
/// A file that cannot be read or is not a capture; a lock that cannot be
/// written.
pub fn run_lock(
    args: &LockArgs,
    host: &mut dyn Host,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, Problem> {
    let servers = read_all(&args.files, host)?;
    let lock = Lock::of(&servers).map_err(|(name, e)| Problem::input(Some(&name), &e))?;
    let text = lock.to_text();
    let tools: usize = lock.servers.iter().map(|s| s.tools.len()).sum();
    match &args.out {
        Some(file) => {
            host.write(file, text.as_bytes())
                .map_err(|e| Problem::new(format!("cannot write {file}: {e}")))?;
            let _ = writeln!(
                err,
                "toolcheck: locked {tools} tool{}{} of {} server{} in {file}",
                if tools == 1 { "" } else { "s" },
                others(&lock),
                lock.servers.len(),
                if lock.servers.len() == 1 { "" } else { "s" }
            );
        }
        None => {
            let _ = out.write_all(text.as_bytes());
        }
    }
    Ok(0)
}

/// What a lock holds besides tools, for its summary line: `, 4 prompts,
/// 7 resources and the instructions`, or nothing.
fn others(lock: &Lock) -> String {
    let count = |n: usize, one: &str| match n {
        0 => None,
        1 => Some(format!("1 {one}")),
        n => Some(format!("{n} {one}s")),
    };
    let sum = |f: fn(&toolcheck::lock::LockedServer) -> usize| lock.servers.iter().map(f).sum();
    let mut parts: Vec<String> = [
        count(sum(|s| s.prompts.len()), "prompt"),
        count(sum(|s| s.resources.len()), "resource"),
        count(sum(|s| s.resource_templates.len()), "resource template"),
    ]
    .into_iter()
    .flatten()
    .collect();
    if lock.servers.iter().any(|s| s.instructions.is_some()) {
        parts.push("the instructions".into());
    }
    match parts.split_last() {
        None => String::new(),
        Some((last, [])) => format!(" and {last}"),
        Some((last, rest)) => format!(", {} and {last}", rest.join(", ")),
    }
}

/// The lock at `file`, read.
///
/// # Errors
/// A lock that cannot be read or is not one.
pub fn read_lock(file: &str, host: &dyn Host) -> Result<Lock, Problem> {
    let text = read_file_or_stdin(host, Some(file)).map_err(Problem::new)?;
    Lock::parse(&text).map_err(|e| Problem::new(format!("{file}: {e}")))
}

/// The drift of `servers` from the lock at `file`.
///
/// # Errors
/// As [`read_lock`], and a capture that is not one.
pub fn drift(
    file: &str,
    servers: &[(String, String)],
    host: &dyn Host,
) -> Result<Vec<Drift>, Problem> {
    read_lock(file, host)?
        .verify(servers)
        .map_err(|(name, e)| Problem::input(Some(&name), &e))
}

/// A line per drift, then the counts: `error:` for risky drift.
#[must_use]
pub fn lines(file: &str, drifts: &[Drift]) -> Vec<String> {
    if drifts.is_empty() {
        return vec![format!("no drift from {file}")];
    }
    let mut lines: Vec<String> = drifts
        .iter()
        .map(|d| {
            let tool = d
                .tool
                .as_deref()
                .map(|t| format!("{t}: "))
                .unwrap_or_default();
            format!(
                "{}: {}: {tool}{} ({}{}): {}",
                if d.risky { "error" } else { "drift" },
                d.server,
                d.kind,
                d.class.as_str(),
                if d.risky { ", risky" } else { "" },
                d.message
            )
        })
        .collect();
    let count = |class: Class| drifts.iter().filter(|d| d.class == class).count();
    lines.push(format!(
        "{} drift{} from {file}: {} breaking, {} to review, {} compatible; {} risky",
        drifts.len(),
        if drifts.len() == 1 { "" } else { "s" },
        count(Class::Breaking),
        count(Class::Review),
        count(Class::Compatible),
        drifts.iter().filter(|d| d.risky).count()
    ));
    lines
}

/// `toolcheck verify`: 0 with no drift, 1 with any; with `--update`, the
/// drift approved into the lock, and 0.
///
/// # Errors
/// As [`drift`], and a lock that cannot be written.
pub fn run_verify(
    args: &VerifyArgs,
    host: &mut dyn Host,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, Problem> {
    let servers = read_all(&args.files, host)?;
    let lock = read_lock(&args.lock, host)?;
    let drifts = lock
        .verify(&servers)
        .map_err(|(name, e)| Problem::input(Some(&name), &e))?;
    match args.format {
        VerifyFormat::Text => {
            for line in lines(&args.lock, &drifts) {
                let _ = writeln!(out, "{line}");
            }
        }
        VerifyFormat::Json => {
            let value = json!({
                "lock": args.lock,
                "drifts": drifts,
                "summary": {
                    "drifts": drifts.len(),
                    "breaking": drifts.iter().filter(|d| d.class == Class::Breaking).count(),
                    "review": drifts.iter().filter(|d| d.class == Class::Review).count(),
                    "compatible": drifts.iter().filter(|d| d.class == Class::Compatible).count(),
                    "risky": drifts.iter().filter(|d| d.risky).count(),
                },
            });
            let _ = writeln!(out, "{value:#}");
        }
    }
    if args.update {
        if drifts.is_empty() {
            return Ok(0);
        }
        let updated = lock
            .updated(&servers)
            .map_err(|(name, e)| Problem::input(Some(&name), &e))?;
        host.write(&args.lock, updated.to_text().as_bytes())
            .map_err(|e| Problem::new(format!("cannot write {}: {e}", args.lock)))?;
        let _ = writeln!(
            err,
            "toolcheck: updated {}: {} drift{} approved",
            args.lock,
            drifts.len(),
            if drifts.len() == 1 { "" } else { "s" }
        );
        return Ok(0);
    }
    Ok(u8::from(!drifts.is_empty()))
}
