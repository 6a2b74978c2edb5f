//! `toolcheck diff OLD NEW`: breaking changes, changes to review and compatible
//! changes between two captures.

use std::io::Read as _;
use std::process::ExitCode;

use clap::ValueEnum;
use toolcheck::diff::{self, Class, render};
use toolcheck::report::sarif::Source;

use crate::INPUT_ERROR;
use crate::check_cmd::uri_for;

/// Output formats of `diff`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum DiffFormat {
    /// For terminals.
    Text,
    /// A Markdown summary, for a pull-request comment.
    Markdown,
    /// JSON.
    Json,
    /// SARIF 2.1.0, for GitHub code scanning.
    Sarif,
    /// GitHub Actions workflow-command annotations.
    Github,
}

/// When `diff` exits with 1.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum DiffFailOn {
    /// When a change is breaking.
    Breaking,
    /// When a change is breaking or needs review (a changed description).
    Review,
    /// When anything changed.
    Compatible,
    /// Never.
    Never,
}

/// `toolcheck diff`.
#[derive(clap::Args, Debug)]
pub struct DiffArgs {
    /// The old capture (for example the committed baseline); `-` reads standard input.
    pub old: String,
    /// The new capture; `-` reads standard input.
    pub new: String,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: DiffFormat,
    /// Exit with 1 when a change at or above this class exists.
    #[arg(long, value_enum, default_value = "breaking")]
    pub fail_on: DiffFailOn,
}

fn read(path: &str) -> Result<String, String> {
    let bytes = if path == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        buf
    } else {
        std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?
    };
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{path} is not valid UTF-8 (invalid byte at offset {}); JSON must be UTF-8",
            e.utf8_error().valid_up_to()
        )
    })
}

/// `toolcheck diff`.
pub fn run(args: &DiffArgs) -> ExitCode {
    if args.old == "-" && args.new == "-" {
        eprintln!("toolcheck: only one of OLD and NEW can be standard input");
        return ExitCode::from(INPUT_ERROR);
    }
    let (old, new) = match (read(&args.old), read(&args.new)) {
        (Ok(o), Ok(n)) => (o, n),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("toolcheck: {e}");
            return ExitCode::from(INPUT_ERROR);
        }
    };
    let d = match diff::diff(&old, &new) {
        Ok(d) => d,
        Err(e) => {
            let name = match e.side {
                diff::Side::Old => &args.old,
                diff::Side::New => &args.new,
            };
            eprintln!("toolcheck: {name}: {}", e.error);
            return ExitCode::from(INPUT_ERROR);
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
