//! `toolcheck capture`: a live server's tools, listed once or `--repeat`
//! times, written out with a summary line. The front end speaks to the
//! server ([`crate::host::Live`]).

use std::io::Write;

use serde_json::Value;

use crate::Problem;
use crate::args::CaptureArgs;
use crate::host::Host;
use crate::live::{Captured, Target, summary};

/// `toolcheck capture`.
///
/// # Errors
/// A target that cannot be reached, a capture that fails, a file that
/// cannot be written.
pub fn run(
    args: &CaptureArgs,
    host: &mut dyn Host,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, Problem> {
    crate::live::stdio_command(args.stdio, &args.command, "capture").map_err(Problem::new)?;
    let target = Target::from_args(&args.live, &args.command).map_err(Problem::new)?;
    let Some(live) = host.live() else {
        return Err(Problem::native_only(
            "`toolcheck capture` (capturing a live server's tools)",
        ));
    };
    let mut captured = live
        .capture(&target, &args.live)
        .map_err(|e| Problem::new(format!("capture from {} failed: {e}", target.label())))?;
    let mut later = Vec::new();
    for n in 2..=args.repeat {
        let again = live.capture(&target, &args.live).map_err(|e| {
            Problem::new(format!(
                "listing {n} of {} from {} failed: {e}",
                args.repeat,
                target.label()
            ))
        })?;
        later.push(again);
    }
    record_repeats(&mut captured, later).map_err(Problem::new)?;
    match &args.out {
        Some(path) => {
            host.write(path, captured.text().as_bytes())
                .map_err(|e| Problem::new(format!("cannot write {path}: {e}")))?;
            let _ = writeln!(err, "{}", summary(&captured, Some(path)));
        }
        None => {
            let _ = out.write_all(captured.text().as_bytes());
            if args.live.verbose {
                let _ = writeln!(err, "{}", summary(&captured, None));
            }
        }
    }
    Ok(0)
}

/// Records the tools that each later session listed in the capture's
/// record (`repeats`, in [`toolcheck::input::CAPTURE_META`]), in the order
/// they came, for `tools-list-unstable`.
fn record_repeats(captured: &mut Captured, later: Vec<Captured>) -> Result<(), String> {
    if later.is_empty() {
        return Ok(());
    }
    let listings = later.len();
    let repeats: Vec<Value> = later
        .into_iter()
        .map(|mut c| serde_json::json!({ "tools": c.doc["result"]["tools"].take() }))
        .collect();
    let record = captured.doc["result"]["_meta"][toolcheck::input::CAPTURE_META]
        .as_object_mut()
        .ok_or("a capture without its record")?;
    record.insert("repeats".into(), Value::Array(repeats));
    captured.listings += listings;
    Ok(())
}
