//! The MCP clients people run servers in, and what each does to a tool
//! before a model sees it: [`Client`] names them, [`profiles`] records what
//! each does with its sources, [`converters`] models the strict-mode
//! converters some of them use, and the client rules (`rules/clients/`)
//! report where a client differs from the model API it forwards to.
//!
//! A check asks about a client with `--against vscode,cursor`: that runs the
//! client's rules and those of the APIs it forwards to. The compatibility
//! table has a column for every client whatever the check asked
//! ([`crate::compat`]).

pub mod converters;
pub mod page;
pub mod profiles;

use std::fmt;
use std::str::FromStr;

/// An MCP client (a host app or an SDK) whose handling of tools the checker
/// knows, from its own source where that is open.
#[derive(
    Debug, Hash, PartialOrd, Ord, enumset::EnumSetType, serde::Serialize, serde::Deserialize,
)]
#[enumset(serialize_repr = "list")]
#[serde(rename_all = "kebab-case")]
pub enum Client {
    /// VS Code with GitHub Copilot Chat.
    #[serde(rename = "vscode")]
    VsCode,
    /// Claude Code.
    ClaudeCode,
    /// Claude Desktop.
    ClaudeDesktop,
    /// Cursor.
    Cursor,
    /// Gemini CLI.
    GeminiCli,
    /// Codex (CLI and IDE extension).
    Codex,
    /// ChatGPT (developer mode and apps).
    Chatgpt,
    /// The OpenAI Agents SDK (Python or JavaScript), as configured by default.
    #[serde(rename = "agents-sdk")]
    Agents,
    /// The OpenAI Agents SDK with `convert_schemas_to_strict` (Python) or
    /// `convertSchemasToStrict` (JavaScript) on.
    #[serde(rename = "agents-sdk-strict")]
    AgentsStrict,
}

/// A set of clients.
pub type Clients = enumset::EnumSet<Client>;

impl Client {
    /// Every client, in the table's order.
    pub const ALL: [Client; 9] = [
        Client::VsCode,
        Client::ClaudeCode,
        Client::ClaudeDesktop,
        Client::Cursor,
        Client::GeminiCli,
        Client::Codex,
        Client::Chatgpt,
        Client::Agents,
        Client::AgentsStrict,
    ];

    /// The name `--against` and JSON use.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Client::VsCode => "vscode",
            Client::ClaudeCode => "claude-code",
            Client::ClaudeDesktop => "claude-desktop",
            Client::Cursor => "cursor",
            Client::GeminiCli => "gemini-cli",
            Client::Codex => "codex",
            Client::Chatgpt => "chatgpt",
            Client::Agents => "agents-sdk",
            Client::AgentsStrict => "agents-sdk-strict",
        }
    }

    /// The column heading.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Client::VsCode => "VS Code",
            Client::ClaudeCode => "Claude Code",
            Client::ClaudeDesktop => "Claude Desktop",
            Client::Cursor => "Cursor",
            Client::GeminiCli => "Gemini CLI",
            Client::Codex => "Codex",
            Client::Chatgpt => "ChatGPT",
            Client::Agents => "Agents SDK",
            Client::AgentsStrict => "Agents SDK strict",
        }
    }

    /// The model APIs it forwards tools to, as the table's API columns name
    /// them; a client whose API depends on the model the user picks names
    /// each it covers, and its verdict is the worst of theirs.
    #[must_use]
    pub fn apis(self) -> &'static [Api] {
        match self {
            Client::VsCode | Client::Cursor => &[Api::OpenAi, Api::Claude],
            Client::ClaudeCode | Client::ClaudeDesktop => &[Api::Claude],
            Client::GeminiCli => &[Api::Gemini],
            Client::Codex | Client::Chatgpt | Client::Agents => &[Api::OpenAi],
            Client::AgentsStrict => &[Api::OpenAiStrict],
        }
    }
}

impl fmt::Display for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for Client {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        let s = s.trim().to_ascii_lowercase();
        Client::ALL
            .into_iter()
            .find(|c| c.key() == s)
            .or(match s.as_str() {
                "vs-code" | "copilot" => Some(Client::VsCode),
                "agents" | "openai-agents" => Some(Client::Agents),
                _ => None,
            })
            .ok_or(())
    }
}

/// A model API a client forwards tools to, in the mode the client uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Api {
    /// OpenAI without `strict` (Chat Completions, or Responses with
    /// `strict: false`).
    OpenAi,
    /// OpenAI with `strict: true`, after the client's converter.
    OpenAiStrict,
    /// Claude tool use, without `strict`.
    Claude,
    /// Gemini, with the parameters in `parametersJsonSchema`.
    Gemini,
}
