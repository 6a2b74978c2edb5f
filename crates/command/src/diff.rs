//! `toolcheck diff OLD NEW`: breaking changes, changes to review and
//! compatible changes between two captures.

use std::io::Write;

use toolcheck::diff::{self, Class, render};
use toolcheck::report::sarif::Source;

use crate::Problem;
use crate::args::{DiffArgs, DiffFailOn, DiffFormat};
use crate::host::Host;
use crate::input::{read_file_or_stdin, uri_for};

/// One side of a diff: its text, its name in messages, and its URI when it
/// is a file.
pub struct Side {
    /// The capture.
    pub text: String,
    /// Its path as given (`-` for standard input), or nothing for text
    /// handed over.
    pub name: Option<String>,
    /// Its path in SARIF and annotations.
    pub uri: Option<String>,
}

/// `toolcheck diff`.
///
/// # Errors
/// Both sides on standard input, a file that cannot be read, or a side
/// that is not a capture.
pub fn run(args: &DiffArgs, host: &mut dyn Host, out: &mut dyn Write) -> Result<u8, Problem> {
    if args.old == "-" && args.new == "-" {
        return Err(Problem::new(
            "only one of OLD and NEW can be standard input",
        ));
    }
    let read = |path: &str| read_file_or_stdin(host, Some(path));
    let (old, new) = match (read(&args.old), read(&args.new)) {
        (Ok(o), Ok(n)) => (o, n),
        (Err(e), _) | (_, Err(e)) => return Err(Problem::new(e)),
    };
    let side = |text: String, path: &str| Side {
        text,
        name: Some(path.to_owned()),
        uri: (path != "-").then(|| uri_for(host, path)),
    };
    let (old, new) = (side(old, &args.old), side(new, &args.new));
    compare(&old, &new, args.format, args.fail_on, out)
}

/// Compares the two sides, writes the changes in `format`, and returns the
/// exit code for `fail_on`.
///
/// # Errors
/// A side that is not a capture, named as given.
pub fn compare(
    old: &Side,
    new: &Side,
    format: DiffFormat,
    fail_on: DiffFailOn,
    out: &mut dyn Write,
) -> Result<u8, Problem> {
    let d = diff::diff(&old.text, &new.text).map_err(|e| {
        let side = match e.side {
            diff::Side::Old => old,
            diff::Side::New => new,
        };
        Problem::input(side.name.as_deref(), &e.error)
    })?;
    let old_source = Source::new(old.uri.as_deref(), &old.text);
    let new_source = Source::new(new.uri.as_deref(), &new.text);
    let rendered = match format {
        DiffFormat::Text => render::text(&d),
        DiffFormat::Markdown => render::markdown(&d),
        DiffFormat::Json => render::json(&d) + "\n",
        DiffFormat::Sarif => render::sarif(&d, &old_source, &new_source) + "\n",
        DiffFormat::Github => render::github(&d, &old_source, &new_source),
    };
    let _ = out.write_all(rendered.as_bytes());
    let threshold = match fail_on {
        DiffFailOn::Breaking => Class::Breaking,
        DiffFailOn::Review => Class::Review,
        DiffFailOn::Compatible => Class::Compatible,
        DiffFailOn::Never => return Ok(0),
    };
    Ok(match d.worst() {
        Some(worst) if worst <= threshold => 1,
        _ => 0,
    })
}
