//! The command line: every command and its arguments, as `clap` reads them.
//! The native binary and the npm package's engine parse it with these same
//! definitions; [`crate::run`] dispatches each command to the module that
//! runs it.

use clap::{Parser, Subcommand, ValueEnum};
use toolcheck::Revision;
use toolcheck_config::{FailOn, SettingsArgs};

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
    /// Call a live server's tools with cases made from their schemas, and judge how it answers.
    Probe(ProbeArgs),
    /// Find the agents configured on this machine (Claude, Cursor, VS Code, Gemini CLI, Codex, Windsurf, Zed) and check each one's servers together.
    Scan(ScanArgs),
    /// Record the approved tool definitions: per server and tool, a SHA-256 of the canonical definition, with the definition.
    Lock(LockArgs),
    /// Fail when the captures drift from the lock: each change classed as diff does (breaking, review, compatible), risky drift an error.
    Verify(VerifyArgs),
    /// Serve Toolcheck's checks to an agent: an MCP server over stdio (check, fix, result, explain).
    Mcp(McpArgs),
    /// List every rule.
    Rules(RulesArgs),
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
    /// The stable JSON shape (see docs/cli.md).
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

/// What `toolcheck probe --dry-run --export` writes: the cases as the page
/// exports them.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum CasesExport {
    /// The cases and their tools/call requests, as JSON.
    Json,
    /// A test plan in Markdown, with each case's expected outcome.
    Markdown,
    /// A pytest file that calls a server through the Python SDK's client.
    Pytest,
    /// A vitest file that calls a server through the TypeScript SDK's client.
    Vitest,
}

/// Where the policy comes from, and when to fail: `check`'s and `probe`'s.
#[derive(clap::Args, Debug)]
pub struct PolicyArgs {
    /// Exit with 1 when a finding is at or above this severity [default: error].
    #[arg(long, value_enum)]
    pub fail_on: Option<FailOn>,
    /// Read settings and policy from this file [default: ./toolcheck.toml when present].
    #[arg(long, value_name = "FILE")]
    pub config: Option<String>,
    /// Ignore ./toolcheck.toml.
    #[arg(long, conflicts_with = "config")]
    pub no_config: bool,
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
    /// Check the built-in sample (a three-tool order-support server).
    #[arg(long, conflicts_with = "files")]
    pub sample: bool,
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// Output format (`--output-format` is the same, as in ruff).
    #[arg(long, alias = "output-format", value_enum, default_value = "text")]
    pub format: CheckFormat,
    /// Add which clients (MCP, OpenAI and Claude each with and without strict mode, Gemini) take each tool: a table in text and Markdown, `compatibility` in JSON.
    #[arg(long)]
    pub matrix: bool,
    #[command(flatten)]
    pub policy: PolicyArgs,
    /// Report (and fail on) only the findings that are not in this baseline, and say which of its entries are fixed [default: `baseline` in toolcheck.toml].
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<String>,
    /// Write the findings to this file, as the baseline that --baseline reads, and exit 0 unless a threshold fails.
    #[arg(long, value_name = "FILE", conflicts_with = "baseline")]
    pub write_baseline: Option<String>,
    /// Also fail when the capture drifts from this lock (toolcheck lock): the drift goes to standard error.
    #[arg(long, value_name = "LOCK")]
    pub locked: Option<String>,
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

/// `toolcheck rules`.
#[derive(clap::Args, Debug)]
pub struct RulesArgs {
    /// Output format: a line per rule, or JSON (with each security rule's OWASP MCP Top 10 entries).
    #[arg(long, value_enum, default_value = "text")]
    pub format: RulesFormat,
}

/// Output formats of `rules`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum RulesFormat {
    /// A line per rule.
    Text,
    /// An array of `{id, severity, group, fixability, summary, owasp}`.
    Json,
}

/// `toolcheck lock`.
#[derive(clap::Args, Debug)]
pub struct LockArgs {
    /// The captures to lock, each a server named by its file name.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<String>,
    /// Write the lock here instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub out: Option<String>,
}

/// `toolcheck verify`.
#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// The captures to verify, each named by its file name as in the lock.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<String>,
    /// The lock to verify against.
    #[arg(long, value_name = "FILE", default_value = "toolcheck.lock")]
    pub lock: String,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: VerifyFormat,
    /// After showing the drift, approve it: rewrite the lock with these
    /// captures (other servers in the lock are kept), and exit 0.
    #[arg(long)]
    pub update: bool,
}

/// Output formats of `verify`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum VerifyFormat {
    /// A line per drift, then the counts.
    Text,
    /// `{"lock", "drifts": [...], "summary"}`.
    Json,
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

fn parse_revision(s: &str) -> Result<Revision, String> {
    s.parse()
}

/// `toolcheck mcp`.
#[derive(clap::Args, Debug)]
pub struct McpArgs {
    /// A directory whose files the tools may read by `path` (repeatable): a
    /// relative path is read inside these, the first that holds it. Without
    /// it, the working directory.
    #[arg(long = "root", value_name = "DIR")]
    pub roots: Vec<String>,
    /// The longest message accepted, in bytes; a longer one gets a JSON-RPC
    /// error and is skipped.
    #[arg(long, value_name = "BYTES", default_value_t = 16 * 1024 * 1024)]
    pub max_request_bytes: usize,
    /// What a call that leaves a setting out (null) gets: these flags are the
    /// server's defaults, as `toolcheck check`'s are a check's.
    #[command(flatten)]
    pub defaults: SettingsArgs,
}

/// The protocol `capture` speaks.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Protocol {
    /// `server/discover` first; `initialize` if the server does not know it.
    #[default]
    Auto,
    /// 2026-07-28: no handshake, `server/discover` and `_meta` on every request.
    #[value(name = "2026-07-28")]
    V2026_07_28,
    /// 2025-11-25: `initialize`.
    #[value(name = "2025-11-25")]
    V2025_11_25,
    /// 2025-06-18: `initialize`.
    #[value(name = "2025-06-18")]
    V2025_06_18,
}

/// Options shared by `capture` and `check --stdio/--url`.
#[derive(clap::Args, Debug, Clone)]
pub struct LiveArgs {
    /// Capture over Streamable HTTP from this endpoint (for example http://127.0.0.1:3001/mcp).
    #[arg(long, value_name = "URL")]
    pub url: Option<String>,
    /// An HTTP header for every request, `Name: value` (repeatable; with --url).
    #[arg(long = "header", value_name = "NAME:VALUE", requires = "url")]
    pub headers: Vec<String>,
    /// Give up after this many seconds [default: 30; for each call of a probe, 10].
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<u64>,
    /// The protocol to speak: auto tries 2026-07-28 (server/discover) and falls back to initialize.
    #[arg(long, value_enum, value_name = "VERSION", default_value_t = Protocol::Auto)]
    pub protocol: Protocol,
    /// Show the server's standard error and the protocol exchange.
    #[arg(long)]
    pub verbose: bool,
}

/// `toolcheck capture`.
#[derive(clap::Args, Debug)]
pub struct CaptureArgs {
    /// Write the capture here instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub out: Option<String>,
    /// List the tools this many times, each in a new session, and record the
    /// later listings in the capture, so that `tools-list-unstable` reports a
    /// tool order or definition that changed between them.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=10))]
    pub repeat: u32,
    /// Capture from the stdio server command given after `--`, as `check --stdio` and `probe --stdio` do (the command alone says as much).
    #[arg(long, conflicts_with = "url")]
    pub stdio: bool,
    #[command(flatten)]
    pub live: LiveArgs,
    /// The stdio server to start, after `--`: `toolcheck capture -- npx my-server`.
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<String>,
}

/// `toolcheck scan`.
#[derive(clap::Args, Debug)]
pub struct ScanArgs {
    /// List the agents, their config files and their servers (secrets redacted), and start nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Scan only this agent (repeatable): claude-desktop, claude-code, cursor, vscode, gemini-cli, codex, windsurf, zed.
    #[arg(long, value_name = "NAME")]
    pub agent: Vec<String>,
    /// Also scan the servers of this client config file (repeatable), as one more agent (--config names toolcheck.toml, as for every command).
    #[arg(long, value_name = "FILE")]
    pub mcp_config: Vec<String>,
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// Output format (`--output-format` is the same).
    #[arg(long, alias = "output-format", value_enum, default_value = "text")]
    pub format: CheckFormat,
    #[command(flatten)]
    pub policy: PolicyArgs,
    /// Give up on a server after this many seconds [default: 30].
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<u64>,
    /// The protocol to speak: auto tries 2026-07-28 (server/discover) and falls back to initialize.
    #[arg(long, value_enum, value_name = "VERSION", default_value_t = Protocol::Auto)]
    pub protocol: Protocol,
    /// Show the servers' standard error and the protocol exchange.
    #[arg(long)]
    pub verbose: bool,
    /// The lock of what the scans saw: written by the first scan, and each later scan reports drift from it [default: a file in your user state folder, which the first scan names].
    #[arg(long, value_name = "FILE", conflicts_with = "no_lock")]
    pub lock: Option<String>,
    /// Neither read nor write the lock.
    #[arg(long)]
    pub no_lock: bool,
    /// Approve the drift: write the lock again from what this scan saw.
    #[arg(long, conflicts_with = "no_lock")]
    pub update_lock: bool,
}

/// `toolcheck probe`.
#[derive(clap::Args, Debug)]
pub struct ProbeArgs {
    /// A capture to make the cases from, with --dry-run (no server is started).
    #[arg(value_name = "FILE", conflicts_with_all = ["stdio", "url", "mcp_config"])]
    pub file: Option<String>,
    /// Probe the stdio server command given after `--`.
    #[arg(long, conflicts_with_all = ["url", "mcp_config"])]
    pub stdio: bool,
    /// Probe a server of a client's MCP config (Claude Desktop, Claude Code, Cursor or VS Code); --server names it when the config has several.
    #[arg(long, value_name = "FILE", conflicts_with = "url")]
    pub mcp_config: Option<String>,
    /// The server of --mcp-config to probe, by its key in the config.
    #[arg(long, value_name = "NAME", requires = "mcp_config")]
    pub server: Option<String>,
    #[command(flatten)]
    pub live: LiveArgs,
    /// Also call these tools, which are not read-only (comma-separated names).
    #[arg(long, value_delimiter = ',', value_name = "TOOLS")]
    pub tools: Vec<String>,
    /// Call every tool, whatever its annotations say: tools that may write or delete too (without it, only tools annotated readOnlyHint: true, and those --tools names).
    #[arg(long)]
    pub allow_writes: bool,
    /// Print the plan (every case, as the tools/call request it would send) and call nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// With --dry-run, write the cases as this instead of the plan: JSON (the tools/call requests), a Markdown test plan, or a test file for pytest (Python SDK) or vitest (TypeScript SDK).
    #[arg(long, value_enum, value_name = "KIND", requires = "dry_run")]
    pub export: Option<CasesExport>,
    /// At most this many calls in all [default: 200].
    #[arg(long, value_name = "N")]
    pub max_calls: Option<usize>,
    /// At most this many calls to one tool [default: 40].
    #[arg(long, value_name = "N")]
    pub per_tool: Option<usize>,
    /// The seed of the cases: the same seed, the same cases [default: 1].
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Argument values to send instead of made-up ones: a JSON object of values by tool ({"read_note": {"identifier": "…"}}) or by argument name for every tool ({"project": "main"}); over [probe.arguments].
    #[arg(long, value_name = "FILE")]
    pub arguments: Option<String>,
    /// Output format (`--output-format` is the same).
    #[arg(long, alias = "output-format", value_enum, default_value = "text")]
    pub format: CheckFormat,
    #[command(flatten)]
    pub policy: PolicyArgs,
    /// The stdio server command (after `--`, with --stdio).
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<String>,
}
