//! Input detection and normalisation.
//!
//! Every accepted capture format ([`Format`]: `detect.rs` tells which) is
//! turned into a list of [`Tool`]s (`tool.rs`) that borrow from the parsed
//! document and remember their path in it, so findings point into the text
//! exactly as it was pasted.

mod detect;
pub(crate) mod json;
mod server;
mod tool;

pub use detect::{Document, detect};
pub use server::{ListKind, Located, PromptArgument, ServerText};
pub use tool::{Flavour, SchemaKind, Tool, ToolsField, tokens};

use std::fmt;

use serde::Serialize;

use crate::settings::{Provider, Revision};

/// The kind of capture that was pasted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// `{"jsonrpc":"2.0","id":1,"result":{"tools":[…]}}`.
    JsonRpcResponse,
    /// `{"tools":[…],"nextCursor":…}`, what an SDK's `listTools()` returns.
    ListResult,
    /// `[{"name":…,"inputSchema":…}, …]`.
    ToolArray,
    /// One MCP tool object.
    SingleTool,
    /// `[{"type":"function","function":{…}}]`.
    OpenAiChatTools,
    /// A Chat Completions request body with a `tools` array.
    OpenAiChatRequest,
    /// `[{"type":"function","name":…,"parameters":…}]`.
    OpenAiResponsesTools,
    /// A Responses request body with a `tools` array.
    OpenAiResponsesRequest,
    /// The legacy Chat Completions `functions` array.
    OpenAiFunctions,
    /// A legacy Chat Completions request body with a `functions` array.
    OpenAiFunctionsRequest,
    /// `[{"name":…,"input_schema":…}]`.
    AnthropicTools,
    /// A Messages request body with a `tools` array.
    AnthropicRequest,
    /// A Gemini `generateContent` request body: `tools[].functionDeclarations[]`.
    GeminiRequest,
    /// Gemini function declarations: `{"functionDeclarations": […]}` or an
    /// array of declarations.
    GeminiFunctionDeclarations,
    /// A newline-delimited JSON-RPC transcript.
    Transcript,
    /// A `server/discover` response or result (MCP 2026-07-28), with no
    /// tools: `{"supportedVersions": […], "capabilities": {…}, …}`.
    DiscoverResult,
    /// An `initialize` response or result, for its `instructions`.
    InitializeResult,
    /// A `prompts/list` response or result.
    PromptList,
    /// A `resources/list` response or result.
    ResourceList,
    /// A `resources/templates/list` response or result.
    ResourceTemplateList,
}

impl Format {
    /// How the report names it.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Format::JsonRpcResponse => "JSON-RPC tools/list response",
            Format::ListResult => "tools/list result object",
            Format::ToolArray => "array of MCP tools",
            Format::SingleTool => "single MCP tool",
            Format::OpenAiChatTools => "OpenAI Chat Completions tools",
            Format::OpenAiChatRequest => "OpenAI Chat Completions request",
            Format::OpenAiResponsesTools => "OpenAI Responses tools",
            Format::OpenAiResponsesRequest => "OpenAI Responses request",
            Format::OpenAiFunctions => "OpenAI legacy functions",
            Format::OpenAiFunctionsRequest => "OpenAI legacy functions request",
            Format::AnthropicTools => "Anthropic tools",
            Format::AnthropicRequest => "Anthropic Messages request",
            Format::GeminiRequest => "Gemini generateContent request",
            Format::GeminiFunctionDeclarations => "Gemini function declarations",
            Format::Transcript => "JSON-RPC transcript",
            Format::DiscoverResult => "server/discover result",
            Format::InitializeResult => "initialize result",
            Format::PromptList => "prompts/list result",
            Format::ResourceList => "resources/list result",
            Format::ResourceTemplateList => "resources/templates/list result",
        }
    }

    /// The provider a capture in this format is meant for, if any.
    #[must_use]
    pub fn provider(self) -> Option<Provider> {
        match self {
            Format::OpenAiChatTools
            | Format::OpenAiChatRequest
            | Format::OpenAiResponsesTools
            | Format::OpenAiResponsesRequest
            | Format::OpenAiFunctions
            | Format::OpenAiFunctionsRequest => Some(Provider::OpenAi),
            Format::AnthropicTools | Format::AnthropicRequest => Some(Provider::Claude),
            Format::GeminiRequest | Format::GeminiFunctionDeclarations => Some(Provider::Gemini),
            _ => None,
        }
    }
}

/// The `_meta` key under which `toolcheck capture` records how it made a
/// capture: `{"protocolVersion": "2026-07-28"}`. A reverse-DNS key outside
/// the prefixes MCP reserves, so the capture stays a valid response.
pub const CAPTURE_META: &str = "dev.toolcheck/capture";

/// The `tools/list` result members that MCP 2026-07-28 adds: their presence
/// shows a 2026-07-28 result.
pub const CACHE_HINTS: [&str; 3] = ["resultType", "ttlMs", "cacheScope"];

/// A detected, normalised capture.
#[derive(Debug, Clone)]
pub struct Detected<'a> {
    /// What was pasted.
    pub format: Format,
    /// Every tool definition.
    pub tools: Vec<Tool<'a>>,
    /// The list member(s) the tools came from.
    pub lists: Vec<ToolsField<'a>>,
    /// For transcripts: how many `tools/list` pages were merged.
    pub pages: usize,
    /// The `server/discover` result, when one was pasted, is in the
    /// transcript, or was recorded by `toolcheck capture`.
    pub discover: Option<Discover<'a>>,
    /// The server's instructions, prompts and resources, when the capture
    /// has them.
    pub server: ServerText<'a>,
}

/// A `server/discover` result (MCP 2026-07-28) and where it is.
#[derive(Debug, Clone)]
pub struct Discover<'a> {
    /// The result (any JSON value: the rules judge its shape).
    pub value: &'a crate::value::Value,
    /// Its path in the pasted document.
    pub path: crate::path::Path,
}

impl<'a> Detected<'a> {
    /// The protocol version a capture records it was made with (under
    /// [`CAPTURE_META`] in a result's `_meta`), when it records one.
    #[must_use]
    pub fn captured_protocol(&self) -> Option<&'a str> {
        self.lists.iter().find_map(|list| {
            list.result_member("_meta")?
                .get(CAPTURE_META)?
                .get("protocolVersion")?
                .as_str()
        })
    }

    /// Whether the pasted `tools/list` result shows MCP 2026-07-28: a page
    /// carries one of [`CACHE_HINTS`], the capture records that it spoke
    /// 2026-07-28, or a `server/discover` result came with it. A bare tool
    /// array or a result without these signs does not.
    #[must_use]
    pub fn shows_2026_result(&self) -> bool {
        self.discover.is_some()
            || self.captured_protocol() == Some(Revision::R2026_07_28.as_str())
            || self
                .lists
                .iter()
                .any(|list| CACHE_HINTS.iter().any(|k| list.result_member(k).is_some()))
    }
}

/// Why a paste could not be checked at all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct InputError {
    /// What is wrong, in one sentence.
    pub message: String,
    /// 1-based line, when the problem has a position.
    pub line: Option<usize>,
    /// 1-based column, when the problem has a position.
    pub column: Option<usize>,
}

impl InputError {
    pub(crate) fn empty() -> Self {
        Self {
            message: "The input is empty: paste a tools/list response or tool definitions".into(),
            line: None,
            column: None,
        }
    }

    pub(crate) fn unrecognised(found: &str) -> Self {
        Self {
            message: format!(
                "Not a recognisable tool capture: found {found}. Expected a tools/list response, its result object, \
                 an array of tools, one tool, OpenAI or Anthropic tool definitions (alone or in a request body), \
                 or a newline-delimited JSON-RPC transcript"
            ),
            line: None,
            column: None,
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for InputError {}
