//! `toolcheck diff OLD NEW`: breaking changes, changes to review and compatible
//! changes between two captures.

use std::process::ExitCode;

use toolcheck::diff::{self, Class, render};
use toolcheck::report::sarif::Source;

use crate::args::{DiffArgs, DiffFailOn, DiffFormat};
use crate::check_cmd::uri_for;
use crate::{input_error, read_file_or_stdin};

/// `toolcheck diff`.
pub fn run(args: &DiffArgs) -> ExitCode {
    if args.old == "-" && args.new == "-" {
        return input_error("only one of OLD and NEW can be standard input");
    }
    let read = |path: &str| read_file_or_stdin(Some(path));
    let (old, new) = match (read(&args.old), read(&args.new)) {
        (Ok(o), Ok(n)) => (o, n),
        (Err(e), _) | (_, Err(e)) => return input_error(e),
    };
    let d = match diff::diff(&old, &new) {
        Ok(d) => d,
        Err(e) => {
            let name = match e.side {
                diff::Side::Old => &args.old,
                diff::Side::New => &args.new,
            };
            return input_error(format!("{name}: {}", e.error));
        }
    };
    let uri = |p: &str| (p != "-").then(|| uri_for(p));
    let (old_uri, new_uri) = (uri(&args.old), uri(&args.new));
    let old_source = Source::new(old_uri.as_deref(), &old);
    let new_source = Source::new(new_uri.as_deref(), &new);
    let rendered = match args.format {
        DiffFormat::Text => render::text(&d),
        DiffFormat::Markdown => render::markdown(&d),
        DiffFormat::Json => render::json(&d) + "\n",
        DiffFormat::Sarif => render::sarif(&d, &old_source, &new_source) + "\n",
        DiffFormat::Github => render::github(&d, &old_source, &new_source),
    };
    crate::emit(&rendered);
    let threshold = match args.fail_on {
        DiffFailOn::Breaking => Class::Breaking,
        DiffFailOn::Review => Class::Review,
        DiffFailOn::Compatible => Class::Compatible,
        DiffFailOn::Never => return ExitCode::SUCCESS,
    };
    match d.worst() {
        Some(worst) if worst <= threshold => ExitCode::from(1),
        _ => ExitCode::SUCCESS,
    }
}
