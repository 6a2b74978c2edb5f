//! `toolcheck`: check MCP tool definitions from the command line.

use std::io::Write as _;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use toolcheck::{Revision, Settings, Severity};

use crate::config::FailOn;

mod capture;
mod check_cmd;
mod config;
mod diff_cmd;
mod fix_cmd;
mod mcp_config;
mod servers_cmd;

#[derive(Parser)]
#[command(
    name = "toolcheck",
    version,
    about = "Check MCP tool schemas before an agent calls them"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check a tools/list capture (or OpenAI / Anthropic tool definitions), or a live server.
    Check(check_cmd::CheckArgs),
    /// Capture a live server's tools over stdio or Streamable HTTP.
    Capture(capture::CaptureArgs),
    /// Apply the fixes the rules know: the fixed text (or a diff) on standard output, or the file rewritten.
    Fix(check_cmd::CheckArgs),
    /// Compare two captures: breaking and compatible changes.
    Diff(diff_cmd::DiffArgs),
    /// Check one tools/call result against the tool's outputSchema.
    Result(ResultArgs),
    /// Infer a starting outputSchema from one tools/call result.
    Infer(InferArgs),
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

fn parse_revision(s: &str) -> Result<Revision, String> {
    s.parse()
}

/// Exit code for a usage or input error.
const INPUT_ERROR: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check(args) => check_cmd::run(&args),
        Command::Fix(args) => fix_cmd::run(&args),
        Command::Capture(args) => capture::run(&args),
        Command::Diff(args) => diff_cmd::run(&args),
        Command::Result(args) => run_result(&args),
        Command::Infer(args) => run_infer(&args),
        Command::Rules => {
            let mut out = String::new();
            // The rules about definitions, then the result rules (group
            // `result`, run by `toolcheck result`).
            for rule in toolcheck::catalog::every_rule() {
                out.push_str(&format!(
                    "{:<37} {:<8} {:<12} {:<10} {}\n",
                    rule.id,
                    rule.severity.as_str(),
                    rule.group.as_str(),
                    format!("fix:{}", rule.fixability.as_str()),
                    rule.summary
                ));
            }
            emit(&out);
            ExitCode::SUCCESS
        }
        Command::Explain { rule } => match toolcheck::catalog::rule(&rule) {
            Some(info) => {
                emit(&format!(
                    "# {} ({}, {}, fix: {})\n\n{}\n{}",
                    info.id,
                    info.severity,
                    info.group.as_str(),
                    info.fixability.as_str(),
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

/// Writes to standard output, ignoring a closed pipe (`toolcheck … | head`).
pub(crate) fn emit(s: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(s.as_bytes());
    let _ = stdout.flush();
}

#[derive(clap::Args)]
struct ResultArgs {
    /// The result: a tools/call response, its CallToolResult, or a transcript; `-` or nothing reads standard input.
    file: Option<String>,
    /// The tools capture holding the tool (anything `toolcheck check` accepts).
    #[arg(long, required_unless_present = "sample", conflicts_with = "sample")]
    tools: Option<String>,
    /// The tool the result belongs to.
    #[arg(long, required_unless_present = "sample")]
    tool: Option<String>,
    /// Check the built-in sample result (get_order) against the sample tools.
    #[arg(long, conflicts_with = "file")]
    sample: bool,
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

#[derive(clap::Args)]
struct InferArgs {
    /// The result: a tools/call response, its CallToolResult, a transcript, or a plain JSON value; `-` or nothing reads standard input.
    file: Option<String>,
    /// Output format: json prints the schema alone; text and markdown add a note before it.
    #[arg(long, value_enum, default_value = "text")]
    format: OutputFormat,
}

fn input_error(source: &str, e: impl std::fmt::Display) -> ExitCode {
    eprintln!("toolcheck: {source}: {e}");
    ExitCode::from(INPUT_ERROR)
}

fn run_result(args: &ResultArgs) -> ExitCode {
    let (tools_text, tools_source, tool_name) = if args.sample {
        (
            toolcheck::sample::TOOLS.to_owned(),
            "sample tools".to_owned(),
            args.tool.clone().unwrap_or_else(|| "get_order".to_owned()),
        )
    } else {
        let (Some(path), Some(tool)) = (args.tools.as_deref(), args.tool.as_deref()) else {
            eprintln!("toolcheck: result needs --tools FILE and --tool NAME (or --sample)");
            return ExitCode::from(INPUT_ERROR);
        };
        match check_cmd::read_file_or_stdin(Some(path)) {
            Ok(t) => (t, path.to_owned(), tool.to_owned()),
            Err(e) => return input_error("tools", e),
        }
    };
    let tool = match toolcheck::result::find_tool(&tools_text, &tool_name) {
        Ok(t) => t,
        Err(e) => return input_error(&tools_source, e),
    };
    let (result_text, result_source) = if args.sample {
        (
            toolcheck::sample::RESULT.to_owned(),
            "sample result".to_owned(),
        )
    } else {
        match check_cmd::read_file_or_stdin(args.file.as_deref()) {
            Ok(t) => (t, args.file.clone().unwrap_or_else(|| "<stdin>".to_owned())),
            Err(e) => return input_error("result", e),
        }
    };
    let settings = Settings {
        revision: args.revision,
        ..Settings::default()
    };
    let report = match toolcheck::result::check_result_for(&tool, &result_text, &settings) {
        Ok(r) => r,
        Err(e) => return input_error(&result_source, e),
    };
    let rendered = match args.format {
        OutputFormat::Text => toolcheck::report::result::text(&report),
        OutputFormat::Markdown => toolcheck::report::result::markdown(&report),
        OutputFormat::Json => toolcheck::report::result::json(&report) + "\n",
    };
    emit(&rendered);
    exit_code_for(report.worst(), args.fail_on)
}

fn run_infer(args: &InferArgs) -> ExitCode {
    let text = match check_cmd::read_file_or_stdin(args.file.as_deref()) {
        Ok(t) => t,
        Err(e) => return input_error("result", e),
    };
    let inferred = match toolcheck::result::infer_from_result_text(&text) {
        Ok(i) => i,
        Err(e) => return input_error(args.file.as_deref().unwrap_or("<stdin>"), e),
    };
    match args.format {
        OutputFormat::Text => emit(&toolcheck::report::result::inferred_text(&inferred)),
        OutputFormat::Markdown => emit(&toolcheck::report::result::inferred_markdown(&inferred)),
        OutputFormat::Json => emit(&(toolcheck::report::result::inferred_json(&inferred) + "\n")),
    }
    ExitCode::SUCCESS
}

/// The exit code for the worst severity found: 1 at or above `fail_on`.
pub(crate) fn exit_code_for(worst: Option<Severity>, fail_on: FailOn) -> ExitCode {
    let Some(threshold) = fail_on.threshold() else {
        return ExitCode::SUCCESS;
    };
    match worst {
        Some(worst) if worst <= threshold => ExitCode::from(1),
        _ => ExitCode::SUCCESS,
    }
}
