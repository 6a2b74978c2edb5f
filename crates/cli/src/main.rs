//! `toolcheck`: check MCP tool definitions from the command line.

use std::io::{Read as _, Write as _};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use toolcheck::{Report, Revision, Settings, Severity, Targets};

#[derive(Parser)]
#[command(name = "toolcheck", version, about = "Check MCP tool schemas before an agent calls them")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check a tools/list capture (or OpenAI / Anthropic tool definitions).
    Check(CheckArgs),
    /// List every rule.
    Rules,
    /// Print one rule's docs.
    Explain {
        /// The rule id, for example `required-not-in-properties`.
        rule: String,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum OutputFormat {
    Text,
    Markdown,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum FailOn {
    Error,
    Warning,
    Info,
    Never,
}

#[derive(clap::Args)]
struct CheckArgs {
    /// The capture to check; `-` or nothing reads standard input.
    file: Option<String>,
    /// Check the built-in sample (a three-tool order-support server).
    #[arg(long, conflicts_with = "file")]
    sample: bool,
    /// What to check against: mcp, openai, claude, all, or a comma-separated list.
    #[arg(long, default_value = "mcp", value_parser = parse_targets)]
    against: Targets,
    /// Apply the providers' strict-mode subsets to every tool.
    #[arg(long)]
    strict: bool,
    /// The MCP revision: 2026-07-28, 2025-11-25 or 2025-06-18.
    #[arg(long, default_value = "2026-07-28", value_parser = parse_revision)]
    revision: Revision,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: OutputFormat,
    /// Exit with 1 when a finding is at or above this severity.
    #[arg(long, value_enum, default_value = "error")]
    fail_on: FailOn,
}

fn parse_targets(s: &str) -> Result<Targets, String> {
    s.parse()
}

fn parse_revision(s: &str) -> Result<Revision, String> {
    s.parse()
}

/// Exit code for a usage or input error.
const INPUT_ERROR: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check(args) => run_check(&args),
        Command::Rules => {
            let mut out = String::new();
            for rule in toolcheck::RULES {
                out.push_str(&format!(
                    "{:<34} {:<8} {:<12} {}\n",
                    rule.id,
                    rule.severity,
                    rule.group.as_str(),
                    rule.summary
                ));
            }
            emit(&out);
            ExitCode::SUCCESS
        }
        Command::Explain { rule } => match toolcheck::registry::rule(&rule) {
            Some(info) => {
                emit(&format!(
                    "# {} ({}, {})\n\n{}\n{}",
                    info.id,
                    info.severity,
                    info.group.as_str(),
                    info.summary,
                    info.docs()
                ));
                ExitCode::SUCCESS
            }
            None => {
                eprintln!("toolcheck: no rule named \"{rule}\"; `toolcheck rules` lists them");
                ExitCode::from(INPUT_ERROR)
            }
        },
    }
}

fn read_input(args: &CheckArgs) -> Result<String, String> {
    if args.sample {
        return Ok(toolcheck::sample::TOOLS.to_owned());
    }
    let bytes = match args.file.as_deref() {
        None | Some("-") => {
            let mut buf = Vec::new();
            std::io::stdin()
                .read_to_end(&mut buf)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            buf
        }
        Some(path) => std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?,
    };
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "the input is not valid UTF-8 (invalid byte at offset {}); JSON must be UTF-8",
            e.utf8_error().valid_up_to()
        )
    })
}

fn run_check(args: &CheckArgs) -> ExitCode {
    let text = match read_input(args) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("toolcheck: {e}");
            return ExitCode::from(INPUT_ERROR);
        }
    };
    let settings = Settings {
        targets: args.against,
        strict: args.strict,
        revision: args.revision,
        ..Settings::default()
    };
    let report = match toolcheck::check(&text, &settings) {
        Ok(r) => r,
        Err(e) => {
            let source = if args.sample { "sample" } else { args.file.as_deref().unwrap_or("<stdin>") };
            eprintln!("toolcheck: {source}: {e}");
            return ExitCode::from(INPUT_ERROR);
        }
    };
    let rendered = match args.format {
        OutputFormat::Text => toolcheck::report::text(&report),
        OutputFormat::Markdown => toolcheck::report::markdown(&report),
        OutputFormat::Json => toolcheck::report::json(&report) + "\n",
    };
    emit(&rendered);
    exit_code(&report, args.fail_on)
}

fn exit_code(report: &Report, fail_on: FailOn) -> ExitCode {
    let threshold = match fail_on {
        FailOn::Error => Severity::Error,
        FailOn::Warning => Severity::Warning,
        FailOn::Info => Severity::Info,
        FailOn::Never => return ExitCode::SUCCESS,
    };
    match report.worst() {
        Some(worst) if worst <= threshold => ExitCode::from(1),
        _ => ExitCode::SUCCESS,
    }
}

/// Writes to standard output, ignoring a closed pipe (`toolcheck … | head`).
fn emit(s: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(s.as_bytes());
    let _ = stdout.flush();
}
