//! The command line: every command and its arguments, as `clap` reads them.
//! `main.rs` dispatches each command to the module that runs it.

use clap::{Parser, Subcommand, ValueEnum};
use toolcheck::{GeminiField, Revision, Targets};

use crate::capture::{CaptureArgs, LiveArgs};
use crate::config::FailOn;

#[derive(Parser)]
#[command(
    name = "toolcheck",
    version,
    about = "Check MCP tool schemas before an agent calls them"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Check a tools/list capture (or OpenAI / Anthropic tool definitions), or a live server.
    Check(CheckArgs),
    /// Capture a live server's tools over stdio or Streamable HTTP.
    Capture(CaptureArgs),
    /// Apply the fixes the rules know: the fixed text (or a diff) on standard output, or the file rewritten.
    Fix(CheckArgs),
    /// Compare two captures: breaking and compatible changes.
    Diff(DiffArgs),
    /// Check one tools/call result against the tool's outputSchema.
    Result(ResultArgs),
    /// Infer a starting outputSchema from one tools/call result.
    Infer(InferArgs),
    /// Serve Toolcheck's checks to an agent: an MCP server over stdio (check, fix, result, explain).
    Mcp(McpArgs),
    /// List every rule.
    Rules,
    /// Print one rule's docs.
    Explain {
        /// The rule id, for example `required-not-in-properties`.
        rule: String,
    },
}

#[derive(Clone, Copy, ValueEnum)]
pub enum OutputFormat {
    Text,
    Markdown,
    Json,
}

/// Output formats of `check`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum CheckFormat {
    /// For terminals: each finding from its FILE:LINE:COL, with the fix, and each rule's why once.
    #[value(alias = "full")]
    Text,
    /// For terminals and editors: one FILE:LINE:COL line per finding, then the counts.
    Concise,
    /// The Markdown report.
    Markdown,
    /// The stable JSON shape (see the README).
    Json,
    /// SARIF 2.1.0, for GitHub code scanning.
    Sarif,
    /// GitHub Actions workflow-command annotations.
    Github,
}

impl From<CheckFormat> for toolcheck::report::ReportFormat {
    fn from(f: CheckFormat) -> Self {
        match f {
            CheckFormat::Text => Self::Text,
            CheckFormat::Concise => Self::Concise,
            CheckFormat::Markdown => Self::Markdown,
            CheckFormat::Json => Self::Json,
            CheckFormat::Sarif => Self::Sarif,
            CheckFormat::Github => Self::Github,
        }
    }
}

/// `toolcheck check`.
#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// The captures to check; `-` or nothing reads standard input. Several are checked together, as one client's servers (each named by its file name).
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
    /// Start every server of a client's MCP config (Claude Desktop, Claude Code, Cursor or VS Code), capture their tools, and check them together with any captures given (repeatable).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["sample", "stdio", "url"])]
    pub mcp_config: Vec<String>,
    /// The most tokens the tool definitions may cost together (of every server, when several are checked): token-budget-exceeded.
    #[arg(long, value_name = "TOKENS")]
    pub budget: Option<usize>,
    /// The most tokens one tool definition may cost: tool-over-budget.
    #[arg(long, value_name = "TOKENS")]
    pub tool_budget: Option<usize>,
    /// Check the built-in sample (a three-tool order-support server).
    #[arg(long, conflicts_with = "files")]
    pub sample: bool,
    /// What to check against: mcp, openai, claude, gemini, all (OpenAI and Claude), a client (vscode, claude-code, claude-desktop, cursor, gemini-cli, codex, chatgpt, agents-sdk, agents-sdk-strict: its own rules and those of the APIs it forwards to), or a comma-separated list [default: mcp].
    #[arg(long, value_parser = parse_targets)]
    pub against: Option<Targets>,
    /// Apply the providers' strict-mode subsets to every tool.
    #[arg(long)]
    pub strict: bool,
    /// The Gemini field MCP tools are sent in: parameters (Gemini's OpenAPI subset, what Google's Python SDK sends) or json-schema (parametersJsonSchema, what its JavaScript SDK sends) [default: parameters].
    #[arg(long, value_parser = parse_gemini_field, value_name = "FIELD")]
    pub gemini_field: Option<GeminiField>,
    /// The MCP revision: 2026-07-28, 2025-11-25 or 2025-06-18 [default: 2026-07-28].
    #[arg(long, value_parser = parse_revision)]
    pub revision: Option<Revision>,
    /// Output format (`--output-format` is the same, as in ruff).
    #[arg(long, alias = "output-format", value_enum, default_value = "text")]
    pub format: CheckFormat,
    /// Add which clients (MCP, OpenAI and Claude each with and without strict mode, Gemini) take each tool: a table in text and Markdown, `compatibility` in JSON.
    #[arg(long)]
    pub matrix: bool,
    /// Exit with 1 when a finding is at or above this severity [default: error].
    #[arg(long, value_enum)]
    pub fail_on: Option<FailOn>,
    /// Run only these rules (comma-separated ids); replaces `select` from the config.
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    pub select: Option<Vec<String>>,
    /// Never run these rules (comma-separated ids); replaces `ignore` from the config.
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    pub ignore: Option<Vec<String>>,
    /// Read settings and policy from this file [default: ./toolcheck.toml when present].
    #[arg(long, value_name = "FILE")]
    pub config: Option<String>,
    /// Ignore ./toolcheck.toml.
    #[arg(long, conflicts_with = "config")]
    pub no_config: bool,
    /// Capture from the stdio server command given after `--`, then check it.
    #[arg(long, conflicts_with_all = ["files", "sample", "url"])]
    pub stdio: bool,
    #[command(flatten)]
    pub live: LiveArgs,
    /// With --stdio or --url: also write the capture to this file (SARIF and
    /// annotations then point into it).
    #[arg(long, value_name = "FILE")]
    pub save_capture: Option<String>,
    /// The stdio server command (after `--`, with --stdio).
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<String>,
    /// Apply the fixes instead of reporting: the same as `toolcheck fix`.
    #[arg(long)]
    pub fix: bool,
    #[command(flatten)]
    pub fixing: FixArgs,
}

/// Where the fixes go, and which.
#[derive(clap::Args, Debug, Default)]
pub struct FixArgs {
    /// Apply the unsafe fixes too: those that change a tool's contract or guess what was meant.
    #[arg(long)]
    pub unsafe_fixes: bool,
    /// Print a unified diff of the changes instead of the fixed text.
    #[arg(long, conflicts_with_all = ["in_place", "output"])]
    pub diff: bool,
    /// Rewrite FILE with the fixed text.
    #[arg(long, conflicts_with = "output")]
    pub in_place: bool,
    /// Write the fixed text to OUT instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: Option<String>,
}

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

#[derive(clap::Args)]
pub struct ResultArgs {
    /// The result: a tools/call response, its CallToolResult, or a transcript; `-` or nothing reads standard input.
    pub file: Option<String>,
    /// The tools capture holding the tool (anything `toolcheck check` accepts).
    #[arg(long, required_unless_present = "sample", conflicts_with = "sample")]
    pub tools: Option<String>,
    /// The tool the result belongs to.
    #[arg(long, required_unless_present = "sample")]
    pub tool: Option<String>,
    /// Check the built-in sample result (get_order) against the sample tools.
    #[arg(long, conflicts_with = "file")]
    pub sample: bool,
    /// The MCP revision: 2026-07-28, 2025-11-25 or 2025-06-18.
    #[arg(long, default_value = "2026-07-28", value_parser = parse_revision)]
    pub revision: Revision,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: OutputFormat,
    /// Exit with 1 when a finding is at or above this severity.
    #[arg(long, value_enum, default_value = "error")]
    pub fail_on: FailOn,
}

#[derive(clap::Args)]
pub struct InferArgs {
    /// The result: a tools/call response, its CallToolResult, a transcript, or a plain JSON value; `-` or nothing reads standard input.
    pub file: Option<String>,
    /// Output format: json prints the schema alone; text and markdown add a note before it.
    #[arg(long, value_enum, default_value = "text")]
    pub format: OutputFormat,
}

fn parse_targets(s: &str) -> Result<Targets, String> {
    s.parse()
}

fn parse_revision(s: &str) -> Result<Revision, String> {
    s.parse()
}

fn parse_gemini_field(s: &str) -> Result<GeminiField, String> {
    s.parse()
}

/// `toolcheck mcp`.
#[derive(clap::Args, Debug)]
pub struct McpArgs {
    /// A directory whose files the tools may read by `path` (repeatable).
    /// Without it, only files under the working directory are read.
    #[arg(long = "root", value_name = "DIR")]
    pub roots: Vec<String>,
    /// The longest message accepted, in bytes; a longer one gets a JSON-RPC
    /// error and is skipped.
    #[arg(long, value_name = "BYTES", default_value_t = 16 * 1024 * 1024)]
    pub max_request_bytes: usize,
    /// What a check or a fix is against when the call does not say: mcp, openai, claude, gemini, all (OpenAI and Claude), a client (vscode, cursor, …), or a comma-separated list [default: mcp].
    #[arg(long, value_parser = parse_targets)]
    pub against: Option<Targets>,
    /// Apply the providers' strict-mode subsets when the call does not say.
    #[arg(long)]
    pub strict: bool,
    /// The MCP revision when the call does not say: 2026-07-28, 2025-11-25 or 2025-06-18 [default: 2026-07-28].
    #[arg(long, value_parser = parse_revision)]
    pub revision: Option<Revision>,
}
