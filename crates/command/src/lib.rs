//! Toolcheck's command layer: what each command does, once, for every front
//! end. The native binary (crates/cli) and the npm package's bin
//! (crates/node, packages/npm) hand [`run`] their command line and a
//! [`Host`] that does their I/O; the npm package's typed API ([`api`]) and
//! the MCP server call the commands' functions with options they parsed and
//! text they were given. Each command writes to `impl Write` and returns its
//! exit code, or a [`Problem`] (exit code 2).
//!
//! | command | module |
//! | --- | --- |
//! | `check` (one capture, or live) | [`check`] |
//! | `check` with several captures or a client config | [`servers`] |
//! | `fix`, `check --fix` | [`fix`] |
//! | `diff` | [`diff`] |
//! | `result`, `infer` | [`result`] |
//! | `rules`, `explain` | [`rules`] |
//! | `capture` | [`capture`] |
//! | `probe` | [`probe`] |
//! | `mcp` | the front end ([`Host::serve_mcp`]) |

use std::ffi::OsString;
use std::io::Write;

use clap::Parser as _;

pub mod api;
pub mod args;
pub mod capture;
pub mod check;
pub mod client_config;
pub mod diff;
pub mod fix;
pub mod host;
pub mod input;
pub mod live;
pub mod lock;
pub mod options;
pub mod probe;
pub mod result;
pub mod rules;
pub mod scan;
pub mod servers;

pub use args::Cli;
pub use host::{Host, Live};

/// The exit code of a usage or input error.
pub const INPUT_ERROR: u8 = 2;

/// Why a command could not run: exit code 2, and `toolcheck: MESSAGE` on
/// standard error (the typed API throws it, with the position of invalid
/// JSON and the option whose value is wrong).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// What is wrong, naming the file when there is one.
    pub message: String,
    /// The 1-based line of invalid JSON.
    pub line: Option<usize>,
    /// The 1-based column of invalid JSON.
    pub column: Option<usize>,
    /// The flag whose value is wrong, as its long name (`gemini-field`).
    pub option: Option<String>,
}

impl Problem {
    /// A problem with no position.
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            line: None,
            column: None,
            option: None,
        }
    }

    /// An input that cannot be checked, with its position, after the name
    /// of what was read when it has one.
    #[must_use]
    pub fn input(name: Option<&str>, e: &toolcheck::InputError) -> Self {
        Self {
            message: match name {
                Some(name) => format!("{name}: {e}"),
                None => e.to_string(),
            },
            line: e.line,
            column: e.column,
            option: None,
        }
    }

    /// What needs a process or a connection, where the front end has
    /// neither (the npm package): how to get the native binary.
    #[must_use]
    pub fn native_only(what: &str) -> Self {
        Self::new(format!(
            "{what} needs the native toolcheck binary: this npm package checks the captures it is given, \
             and never starts a server or opens a connection.\n\
             Build the native binary from the Toolcheck repository with \
             `cargo install --locked --path crates/cli` (or install its Python wheel, which carries it), then:\n  \
             toolcheck capture --out tools.json -- <server command…>   # or: --url http://127.0.0.1:3001/mcp\n  \
             npx toolcheck check tools.json\n\
             In a TypeScript test suite, list the tools with the MCP SDK client and pass \
             JSON.stringify(await client.listTools()) to check() from this package instead."
        ))
    }
}

/// Runs a command line (`argv[0]` is the program's name): parses it with
/// the same definitions on every front end ([`args`]), runs the command, and
/// returns the exit code. Usage errors and `--help` are written as clap
/// writes them, in colour where the host's stream is a terminal.
pub fn run<I, T>(argv: I, host: &mut dyn Host, out: &mut dyn Write, err: &mut dyn Write) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(argv) {
        Ok(cli) => cli,
        Err(e) => return usage(&e, host, out, err),
    };
    match execute(cli, host, out, err) {
        Ok(code) => code,
        Err(problem) => {
            let _ = writeln!(err, "toolcheck: {}", problem.message);
            INPUT_ERROR
        }
    }
}

/// Writes a usage error (to standard error) or the help or the version (to
/// standard output), as clap writes them, and returns its exit code.
fn usage(e: &clap::Error, host: &dyn Host, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let to_stderr = e.use_stderr();
    let styled = e.render();
    #[cfg(feature = "color")]
    let text = if host.is_terminal(to_stderr) {
        styled.ansi().to_string()
    } else {
        styled.to_string()
    };
    #[cfg(not(feature = "color"))]
    let text = {
        let _ = host;
        styled.to_string()
    };
    let _ = if to_stderr {
        err.write_all(text.as_bytes())
    } else {
        out.write_all(text.as_bytes())
    };
    u8::try_from(e.exit_code()).unwrap_or(INPUT_ERROR)
}

/// Runs a parsed command line.
///
/// # Errors
/// A [`Problem`]: a usage or input error, exit code 2.
pub fn execute(
    cli: Cli,
    host: &mut dyn Host,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, Problem> {
    use args::Command;
    match cli.command {
        Command::Check(args) if args.fix => fix::run(&args, host, out, err),
        Command::Check(args) if servers::several(&args) => servers::run(&args, host, out, err),
        Command::Check(args) => check::run(&args, host, out, err),
        Command::Fix(args) => fix::run(&args, host, out, err),
        Command::Capture(args) => capture::run(&args, host, out, err),
        Command::Diff(args) => diff::run(&args, host, out),
        Command::Result(args) => result::run_result(&args, host, out),
        Command::Infer(args) => result::run_infer(&args, host, out),
        Command::Probe(args) => probe::run(&args, host, out, err),
        Command::Scan(args) => scan::run(&args, host, out, err),
        Command::Lock(args) => lock::run_lock(&args, host, out, err),
        Command::Verify(args) => lock::run_verify(&args, host, out, err),
        Command::Mcp(args) => host
            .serve_mcp(&args)
            .ok_or_else(|| Problem::native_only("`toolcheck mcp` (Toolcheck as an MCP server)")),
        Command::Rules(args) => rules::list(args.format, out),
        Command::Explain { rule } => rules::explain(&rule, out),
    }
}

/// The exit code for the worst severity found: 1 at or above `fail_on`.
#[must_use]
pub fn exit_code(worst: Option<toolcheck::Severity>, fail_on: toolcheck_config::FailOn) -> u8 {
    match (fail_on.threshold(), worst) {
        (Some(threshold), Some(worst)) if worst <= threshold => 1,
        _ => 0,
    }
}
