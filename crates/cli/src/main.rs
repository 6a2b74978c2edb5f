//! `toolcheck`: check MCP tool definitions from the command line.

use std::io::{Read as _, Write as _};
use std::process::ExitCode;

use clap::Parser as _;
use toolcheck::Severity;

use crate::args::{CheckArgs, Cli, Command};
use crate::config::FailOn;

mod args;
mod capture;
mod check_cmd;
pub(crate) use toolcheck_config as config;
mod diff_cmd;
mod fix_cmd;
mod mcp_config;
mod mcp_server;
mod result_cmd;
mod servers_cmd;

/// Exit code for a usage or input error.
const INPUT_ERROR: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check(args) if args.fix => fix_cmd::run(&args),
        Command::Check(args) if several(&args) => servers_cmd::run(&args),
        Command::Check(args) => check_cmd::run(&args),
        Command::Fix(args) => fix_cmd::run(&args),
        Command::Capture(args) => capture::run(&args),
        Command::Diff(args) => diff_cmd::run(&args),
        Command::Result(args) => result_cmd::run_result(&args),
        Command::Infer(args) => result_cmd::run_infer(&args),
        Command::Mcp(args) => mcp_server::run(&args),
        Command::Rules => {
            // The rules about definitions, then the result rules (group
            // `result`, run by `toolcheck result`).
            emit(&toolcheck::catalog::listing());
            ExitCode::SUCCESS
        }
        Command::Explain { rule } => match toolcheck::catalog::rule(&rule) {
            Some(info) => {
                emit(&toolcheck::catalog::explained(info));
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

/// Whether the arguments ask for several servers at once: several captures,
/// or a client config.
fn several(args: &CheckArgs) -> bool {
    args.files.len() > 1 || !args.mcp_config.is_empty()
}

/// Says what is wrong with the command line or its input, and exits with
/// [`INPUT_ERROR`].
pub(crate) fn input_error(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("toolcheck: {message}");
    ExitCode::from(INPUT_ERROR)
}

/// Reads a file, or standard input for `-` or nothing.
pub(crate) fn read_file_or_stdin(file: Option<&str>) -> Result<String, String> {
    let bytes = match file {
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
            "{} is not valid UTF-8 (invalid byte at offset {}); JSON must be UTF-8",
            match file {
                None | Some("-") => "standard input",
                Some(path) => path,
            },
            e.utf8_error().valid_up_to()
        )
    })
}
