//! What each client does to a tool before a model sees it, as data with its
//! sources: the docs page `docs/clients.md` is generated from it
//! (`clients::page`, checked by `crates/core/tests/clients_page.rs`). What
//! a client does with a tool that has a rule's error (drops it, fails the
//! server, rewrites the problem away) is the rule's declaration
//! (`dropped_by`, `fails_server_in`, `rewritten_away_by`), which the
//! compatibility table's client view reads.
//!
//! The prose is kept only in builds with the `docs` feature (the page's
//! module shows the table, not the profiles).

use super::Client;
use crate::kept::docs_only;

/// When the profiles were last checked against their sources.
pub const AS_OF: &str = "2026-12-03";

/// How sure a behaviour is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Confidence {
    /// Read in the client's own source code.
    Code,
    /// Said by the client's documentation or its maintainers.
    Docs,
    /// Seen only in users' reports: a rule about it never reports above a
    /// warning.
    Reports,
}

impl Confidence {
    /// How the docs page writes it.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Confidence::Code => "its source code",
            Confidence::Docs => "its documentation or maintainers",
            Confidence::Reports => "users' reports only",
        }
    }
}

/// One source a reader can open.
pub struct Source {
    /// What it shows.
    pub shows: &'static str,
    /// Where it is.
    pub url: &'static str,
    /// How sure it makes the behaviour.
    pub confidence: Confidence,
}

/// What one client does to tools.
pub struct Profile {
    /// The client.
    pub client: Client,
    /// The models and APIs the client's column covers, and how it calls them
    /// (strict or not).
    pub models: &'static str,
    /// How it names a tool for the model, and its limits.
    pub names: &'static str,
    /// What it rewrites in a schema before sending it.
    pub rewrites: &'static str,
    /// What it validates itself, and what it does on a failure.
    pub validates: &'static str,
    /// Limits on the list: tool count, total size, description length.
    pub limits: &'static str,
    /// The sources, each with its confidence.
    pub sources: &'static [Source],
}

impl Profile {
    /// The least sure of its sources.
    #[must_use]
    pub fn confidence(&self) -> Confidence {
        self.sources
            .iter()
            .map(|s| s.confidence)
            .max()
            .unwrap_or(Confidence::Reports)
    }
}

/// The profile of `client`.
#[must_use]
pub fn profile(client: Client) -> &'static Profile {
    PROFILES
        .iter()
        .find(|p| p.client == client)
        .unwrap_or(&PROFILES[0])
}

macro_rules! text {
    ($s:literal) => {
        docs_only($s)
    };
}

macro_rules! source {
    ($shows:literal, $url:literal, $confidence:ident) => {
        Source {
            shows: docs_only($shows),
            url: docs_only($url),
            confidence: Confidence::$confidence,
        }
    };
}

/// Every client's profile, in [`Client::ALL`]'s order.
pub static PROFILES: &[Profile] = &[
    Profile {
        client: Client::VsCode,
        models: text!(
            "GitHub Copilot Chat's models: GPT models through OpenAI function tools (Chat Completions, or Responses with `strict: false`) and Claude models through Anthropic Messages. The column is the worst of OpenAI (non-strict) and Claude."
        ),
        names: text!(
            "`mcp_<server>_<tool>`: the server part from `serverInfo.title` or `serverInfo.name` (the configured label before the server answers), lowercased, other characters as `_`, the prefix at most 18 characters (`mcp_x2_` for a second server with the same prefix); characters of the tool name outside `[a-z0-9_-]` and dots as `_`; the whole cut to 64 characters without warning."
        ),
        rewrites: text!(
            "Copilot Chat removes `oneOf`, `anyOf`, `allOf`, `not`, `if`, `then` and `else` at the root of every tool's parameters (for every model); for gpt-4* models it deletes 20 keywords at every depth (`minLength`, `maxLength`, `pattern`, `default`, `format`, `minimum`, `maximum`, `multipleOf`, `patternProperties`, `unevaluatedProperties`, `propertyNames`, `minProperties`, `maxProperties`, `unevaluatedItems`, `contains`, `minContains`, `maxContains`, `minItems`, `maxItems`, `uniqueItems`) and cuts each description inside the parameters to 1,024 characters. For Claude models it strips `$schema`."
        ),
        validates: text!(
            "VS Code validates each `inputSchema` against JSON Schema draft-07 and leaves out a tool that fails, telling the user; the rest of the server works. Copilot Chat then validates every enabled tool before each request (draft-07 meta-schema, and `items` on every array) and throws: one bad tool fails every chat request."
        ),
        limits: text!(
            "More than 128 enabled tools fail the request (\"Tool limit exceeded\"), unless Anthropic tool search is on; above 64, Copilot groups tools into virtual tools."
        ),
        sources: &[
            source!(
                "`McpPrefixGenerator`, `McpTool` (names), `_normalizeTool` and `_getValidatedTools` (draft-07 validation, invalid tools omitted)",
                "https://github.com/microsoft/vscode/blob/main/src/vs/workbench/contrib/mcp/common/mcpServer.ts",
                Code
            ),
            source!(
                "`normalizeToolSchema`: validation that throws, root combinators removed, gpt-4* keywords deleted, descriptions cut",
                "https://github.com/microsoft/vscode-copilot-chat/blob/31acd00a86424e2ee6e980e54919cf31fbf88030/src/extension/tools/common/toolSchemaNormalizer.ts",
                Code
            ),
            source!(
                "`HARD_TOOL_LIMIT = 128`",
                "https://github.com/microsoft/vscode-copilot-chat/blob/31acd00a86424e2ee6e980e54919cf31fbf88030/src/platform/configuration/common/configurationService.ts",
                Code
            ),
            source!(
                "`isValidChatPayload`: \"Tool limit exceeded\"",
                "https://github.com/microsoft/vscode-copilot-chat/blob/31acd00a86424e2ee6e980e54919cf31fbf88030/src/extension/prompt/node/chatMLFetcher.ts",
                Code
            ),
            source!(
                "Responses tools sent with `strict: false`",
                "https://github.com/microsoft/vscode-copilot-chat/blob/31acd00a86424e2ee6e980e54919cf31fbf88030/src/platform/endpoint/node/responsesApi.ts",
                Code
            ),
        ],
    },
    Profile {
        client: Client::ClaudeCode,
        models: text!(
            "Claude, through the Anthropic Messages API (or Bedrock, Vertex AI, Foundry), without `strict`; the schema is passed through as `input_schema`."
        ),
        names: text!(
            "`mcp__<server>__<tool>`; plugin servers `mcp__plugin_<plugin>_<server>__<tool>`, characters outside `[A-Za-z0-9_-]` as `_`. No documented length limit of its own; Claude's API takes at most 128 characters, and 64 on some routes."
        ),
        rewrites: text!("None seen: schemas reach the API as they are (no `$ref` inlining)."),
        validates: text!(
            "It parses `tools/list` strictly: users report that one tool whose `inputSchema` or `outputSchema` is not an object schema, a boolean subschema, or `\"required\": null` makes it drop every tool of the server (\"tools fetch failed\")."
        ),
        limits: text!(
            "Tool descriptions and server instructions are cut at 2 KB each. No per-server tool cap (tool search defers loading). Tool output: a warning above 10,000 tokens, a cap of 25,000 (`MAX_MCP_OUTPUT_TOKENS`)."
        ),
        sources: &[
            source!(
                "Names, the 2 KB cut, no tool cap, output limits",
                "https://code.claude.com/docs/en/mcp",
                Docs
            ),
            source!(
                "One non-object `inputSchema` drops every tool of the server",
                "https://github.com/anthropics/claude-code/issues/88049",
                Reports
            ),
            source!(
                "A boolean subschema drops every tool",
                "https://github.com/anthropics/claude-code/issues/92900",
                Reports
            ),
            source!(
                "A non-object `outputSchema` fails fetching the tools",
                "https://github.com/Wynelson94/longhand/issues/9",
                Reports
            ),
        ],
    },
    Profile {
        client: Client::ClaudeDesktop,
        models: text!("Claude, through Anthropic's own service; not documented."),
        names: text!("Not documented; connectors are named by the server."),
        rewrites: text!(
            "Users report that its Cowork and Code modes reduce nullable type lists (`[\"string\", \"null\"]`) in input schemas."
        ),
        validates: text!(
            "Since August 2026 a tool whose `outputSchema` declares draft-07 (or 04, 06) fails each call before it is sent (\"unsupported dialect … supports JSON Schema 2020-12 only\"); the server's other tools work. The message is the MCP TypeScript SDK's default validator's, since fixed there."
        ),
        limits: text!("None documented."),
        sources: &[
            source!(
                "Draft-07 `outputSchema` rejected by the desktop app and not the CLI (a maintainer's comment)",
                "https://github.com/anthropics/claude-code/issues/86142",
                Reports
            ),
            source!(
                "Draft-07 `outputSchema` rejected",
                "https://github.com/anthropics/claude-code/issues/90245",
                Reports
            ),
            source!(
                "The SDK validator that gives the same message, and its fix",
                "https://github.com/modelcontextprotocol/typescript-sdk/issues/2532",
                Docs
            ),
        ],
    },
    Profile {
        client: Client::Cursor,
        models: text!(
            "The model the user picks (GPT, Claude, Gemini and others) through Cursor's own backend; how it sends tools is not documented. The column is the worst of OpenAI (non-strict) and Claude."
        ),
        names: text!(
            "Tools whose server and tool names together are longer than 60 characters are filtered out, with a warning in the settings (users' reports and screenshots)."
        ),
        rewrites: text!("Not documented."),
        validates: text!(
            "Not documented; users report \"The model returned an error\" for an invalid property schema."
        ),
        limits: text!(
            "Older docs said Cursor sends only the first 40 tools to the agent; the current docs no longer say so."
        ),
        sources: &[
            source!(
                "\"Combined server and tool name length (63) exceeds 60 characters\"",
                "https://github.com/idosal/git-mcp/issues/31",
                Reports
            ),
            source!(
                "Tools filtered out past 60 characters",
                "https://github.com/awslabs/mcp/issues/1283",
                Reports
            ),
            source!(
                "The 40-tool limit",
                "https://forum.cursor.com/t/mcp-40-tools-way-to-less/79686",
                Reports
            ),
        ],
    },
    Profile {
        client: Client::GeminiCli,
        models: text!(
            "Gemini, with the parameters in `parametersJsonSchema` (JSON Schema, not the OpenAPI subset of `parameters`)."
        ),
        names: text!(
            "`mcp_<server>_<tool>`, characters outside `[a-zA-Z0-9_.:-]` as `_`; over 63 characters the first 30 and the last 30 around `...`."
        ),
        rewrites: text!(
            "A two-element type list with `null` becomes the type and `nullable: true`; a `wait_for_previous` boolean property is added to every object root. `$schema` and `additionalProperties` are not stripped."
        ),
        validates: text!("None before sending; Gemini's errors come back from the API."),
        limits: text!("None of its own."),
        sources: &[
            source!(
                "`parametersJsonSchema`, the `wait_for_previous` property",
                "https://github.com/google-gemini/gemini-cli/blob/5411f113cafae26161b4969b0237b8e1e024e2c2/packages/core/src/tools/tools.ts",
                Code
            ),
            source!(
                "The type-list rewrite (`discoverTools`)",
                "https://github.com/google-gemini/gemini-cli/blob/5411f113cafae26161b4969b0237b8e1e024e2c2/packages/core/src/tools/mcp-client.ts",
                Code
            ),
            source!(
                "Names (`generateValidName`)",
                "https://github.com/google-gemini/gemini-cli/blob/5411f113cafae26161b4969b0237b8e1e024e2c2/packages/core/src/tools/mcp-tool.ts",
                Code
            ),
        ],
    },
    Profile {
        client: Client::Codex,
        models: text!("OpenAI models through the Responses API, with `strict: false`."),
        names: text!(
            "`mcp__<server>__<tool>`, characters outside `[a-zA-Z0-9_]` as `_`, kept within 64 bytes with a 12-character SHA-1 suffix."
        ),
        rewrites: text!(
            "It re-parses every schema into a subset that keeps only `type`, `description`, `enum`, `items`, `properties`, `required`, `additionalProperties` and `anyOf`: everything else is dropped (`pattern`, `format`, bounds, lengths, `default`, `oneOf`, `allOf`, `not`, …). `const` becomes a one-value `enum`, local `$ref`s are inlined, a boolean schema becomes `{\"type\": \"string\"}`, a schema without a type gets one (`string` by default), an object gets `properties` and an array `items`."
        ),
        validates: text!("A root of `\"type\": \"null\"` is refused; nothing else."),
        limits: text!("None of its own."),
        sources: &[
            source!(
                "`strict: false` for MCP tools",
                "https://github.com/openai/codex/blob/074b7692d8f9a5abaa9ae7de117960dc55ce6089/codex-rs/tools/src/mcp_tool.rs",
                Code
            ),
            source!(
                "The schema subset and `sanitize_json_schema`",
                "https://github.com/openai/codex/blob/1048c68e183b97cfec9f78d5c2b951b026350c07/codex-rs/tools/src/json_schema.rs",
                Code
            ),
            source!(
                "Names within 64 bytes",
                "https://github.com/openai/codex/blob/00a35b1bf7756fef83d5100d40804d2a9c4e6a04/codex-rs/codex-mcp/src/tools.rs",
                Code
            ),
        ],
    },
    Profile {
        client: Client::Chatgpt,
        models: text!(
            "OpenAI's own models inside ChatGPT; the API and mode are not public. The column uses OpenAI's non-strict rules."
        ),
        names: text!("Not documented."),
        rewrites: text!("Not documented."),
        validates: text!(
            "Not documented. Developer mode supports remote servers only (SSE and streaming HTTP)."
        ),
        limits: text!("None documented."),
        sources: &[source!(
            "Developer mode: full MCP client support, remote transports, authentication",
            "https://developers.openai.com/api/docs/guides/developer-mode",
            Docs
        )],
    },
    Profile {
        client: Client::Agents,
        models: text!(
            "OpenAI models, Chat Completions or Responses, with `strict: false`: `convert_schemas_to_strict` (Python) and `convertSchemasToStrict` (JavaScript) are off by default."
        ),
        names: text!(
            "The tool's own name (Python; `mcp_<server>__<tool>` with `include_server_in_tool_names`, within 64 with a SHA-1 suffix); JavaScript turns characters outside `[a-zA-Z0-9]` into `_`."
        ),
        rewrites: text!(
            "Python adds `properties: {}` to a root without it; JavaScript adds `type`, `properties`, `required: []` and, without strict, `additionalProperties: true` at the root."
        ),
        validates: text!("None."),
        limits: text!("None of its own."),
        sources: &[
            source!(
                "`convert_schemas_to_strict` defaults to false",
                "https://github.com/openai/openai-agents-python/blob/7f7a44f8dc0650296bd5ab6c745c9bcbaa6ac3b7/src/agents/agent.py",
                Code
            ),
            source!(
                "MCP tools to function tools, the root rewrites",
                "https://github.com/openai/openai-agents-python/blob/7f7a44f8dc0650296bd5ab6c745c9bcbaa6ac3b7/src/agents/mcp/util.py",
                Code
            ),
            source!(
                "`mcpToFunctionTool`, `convertSchemasToStrict` off by default",
                "https://github.com/openai/openai-agents-js/blob/6d0c61a5f62a5ed8142996a25b33446c810f84b3/packages/agents-core/src/mcp.ts",
                Code
            ),
        ],
    },
    Profile {
        client: Client::AgentsStrict,
        models: text!(
            "OpenAI models with `strict: true`, after `ensure_strict_json_schema` (Python; JavaScript's converter differs in details, see the sources). When the conversion raises, the SDK logs it and sends the tool without `strict`."
        ),
        names: text!("As the Agents SDK's."),
        rewrites: text!(
            "`ensure_strict_json_schema` sets `additionalProperties: false` where it is missing, lists every property in `required` (without making it nullable, so the model must send a value for every optional parameter), turns nested `oneOf` into `anyOf`, inlines a `$ref` whose siblings are descriptive, and removes `default: null`. It leaves other keywords, formats and patterns alone, and the API rejects those that strict mode does not take."
        ),
        validates: text!(
            "The conversion raises on `additionalProperties` that is `true` or a schema, an object without declared properties, a boolean subschema, a root `anyOf` or `oneOf`, and a `$ref` with constraining siblings; the tool then goes without `strict` (`agents-strict-conversion-fails`)."
        ),
        limits: text!("None of its own."),
        sources: &[
            source!(
                "`ensure_strict_json_schema`",
                "https://github.com/openai/openai-agents-python/blob/7f7a44f8dc0650296bd5ab6c745c9bcbaa6ac3b7/src/agents/strict_schema.py",
                Code
            ),
            source!(
                "The fallback to non-strict when conversion raises",
                "https://github.com/openai/openai-agents-python/blob/7f7a44f8dc0650296bd5ab6c745c9bcbaa6ac3b7/src/agents/mcp/util.py",
                Code
            ),
            source!(
                "JavaScript's strict conversion",
                "https://github.com/openai/openai-agents-js/blob/6d0c61a5f62a5ed8142996a25b33446c810f84b3/packages/agents-core/src/utils/strictToolSchema.ts",
                Code
            ),
        ],
    },
];
