//! `toolcheck lock` records the approved tool definitions of some captures;
//! `toolcheck verify` (and `check --locked`) fail when they drift, each
//! change classed as `diff` classes it, risky drift an error
//! ([`toolcheck::lock`]).

use std::io::Write;

use serde_json::json;
use toolcheck::diff::Class;
use toolcheck::lock::{Drift, Lock};
use toolcheck::report::text::counted;

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
    match &args.out {
        Some(file) => {
            host.write(file, text.as_bytes())
                .map_err(|e| Problem::new(format!("cannot write {file}: {e}")))?;
            let _ = writeln!(
                err,
                "toolcheck: locked {} of {} in {file}",
                lock.contents(),
                counted(lock.servers.len(), "server")
            );
        }
        None => {
            let _ = out.write_all(text.as_bytes());
        }
    }
    Ok(0)
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
    let t = Tally::of(drifts);
    lines.push(format!(
        "{} from {file}: {} breaking, {} to review, {} compatible; {} risky",
        counted(t.drifts, "drift"),
        t.breaking,
        t.review,
        t.compatible,
        t.risky
    ));
    lines
}

/// How many drifts there are, of each class, and how many are risky.
#[derive(serde::Serialize)]
struct Tally {
    drifts: usize,
    breaking: usize,
    review: usize,
    compatible: usize,
    risky: usize,
}

impl Tally {
    fn of(drifts: &[Drift]) -> Self {
        let count = |class: Class| drifts.iter().filter(|d| d.class == class).count();
        Self {
            drifts: drifts.len(),
            breaking: count(Class::Breaking),
            review: count(Class::Review),
            compatible: count(Class::Compatible),
            risky: drifts.iter().filter(|d| d.risky).count(),
        }
    }
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
                "summary": Tally::of(&drifts),
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
            "toolcheck: updated {}: {} approved",
            args.lock,
            counted(drifts.len(), "drift")
        );
        return Ok(0);
    }
    Ok(u8::from(!drifts.is_empty()))
}
