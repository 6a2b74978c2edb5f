//! Input detection and normalisation.
//!
//! Every accepted capture format is turned into a list of [`Tool`]s that
//! borrow from the parsed document and remember their path in it, so findings
//! point into the text exactly as it was pasted.

pub(crate) mod json;
mod transcript;

use crate::value::{Map, Value};
use std::cell::OnceCell;
use std::sync::Arc;

use crate::InputError;
use crate::path::Path;
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

/// The dialect of one tool definition, which decides its field names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Flavour {
    /// MCP `Tool`: `name`, `description`, `inputSchema`.
    Mcp,
    /// Chat Completions `function`: `name`, `description`, `parameters`, `strict`.
    OpenAiChat,
    /// Responses flat function tool.
    OpenAiResponses,
    /// Legacy `functions` entry (no `strict`).
    OpenAiLegacy,
    /// Anthropic tool: `name`, `description`, `input_schema`, `strict`.
    Anthropic,
    /// Gemini function declaration with `parameters` (Gemini's OpenAPI subset).
    GeminiParameters,
    /// Gemini function declaration with `parametersJsonSchema` (JSON Schema).
    GeminiJsonSchema,
}

impl Flavour {
    /// The key that holds the input schema.
    #[must_use]
    pub fn schema_key(self) -> &'static str {
        match self {
            Flavour::Mcp => "inputSchema",
            Flavour::OpenAiChat | Flavour::OpenAiResponses | Flavour::OpenAiLegacy => "parameters",
            Flavour::Anthropic => "input_schema",
            Flavour::GeminiParameters => "parameters",
            Flavour::GeminiJsonSchema => "parametersJsonSchema",
        }
    }
}

/// One tool definition in the pasted document.
#[derive(Debug, Clone)]
pub struct Tool<'a> {
    /// Its position in the list.
    pub index: usize,
    /// The raw definition (not necessarily an object).
    pub value: &'a Value,
    /// Where the definition is.
    pub path: Path,
    /// Its dialect.
    pub flavour: Flavour,
    /// [`Tool::label`], made on first use and shared by the tool's findings.
    shared_label: OnceCell<Arc<str>>,
    /// [`Tool::input_schema_path`], made on first use and shared by the rules.
    input_schema_path: OnceCell<Path>,
    /// [`Tool::tokens`], counted on first use and shared by the budget rules
    /// and the report.
    tokens: OnceCell<usize>,
    /// The members most rules ask for, found in one pass when the tool is made.
    known: Known<'a>,
}

/// The members of a tool definition that the rules read most.
#[derive(Debug, Clone, Copy, Default)]
struct Known<'a> {
    name: Option<&'a Value>,
    description: Option<&'a Value>,
    input_schema: Option<&'a Value>,
    output_schema: Option<&'a Value>,
}

impl<'a> Known<'a> {
    fn of(value: &'a Value, flavour: Flavour) -> Self {
        let mut known = Self::default();
        let schema_key = flavour.schema_key();
        for (key, member) in value.as_object().into_iter().flatten() {
            let slot = match key.as_str() {
                "name" => &mut known.name,
                "description" => &mut known.description,
                "outputSchema" if flavour == Flavour::Mcp => &mut known.output_schema,
                k if k == schema_key => &mut known.input_schema,
                _ => continue,
            };
            *slot = Some(member);
        }
        known
    }
}

impl<'a> Tool<'a> {
    /// The tool at position `index`, `value`, found at `path`.
    #[must_use]
    pub fn new(index: usize, value: &'a Value, path: Path, flavour: Flavour) -> Self {
        Self {
            index,
            value,
            path,
            flavour,
            shared_label: OnceCell::new(),
            input_schema_path: OnceCell::new(),
            tokens: OnceCell::new(),
            known: Known::of(value, flavour),
        }
    }

    /// What the definition costs a model, in tokens ([`tokens`]),
    /// counted once.
    #[must_use]
    pub fn tokens(&self) -> usize {
        *self.tokens.get_or_init(|| tokens(self.value))
    }

    /// [`Tool::label`], made once: every call returns the same shared text.
    #[must_use]
    pub fn shared_label(&self) -> Arc<str> {
        Arc::clone(self.shared_label.get_or_init(|| Arc::from(self.label())))
    }

    /// The definition as an object, if it is one.
    #[must_use]
    pub fn object(&self) -> Option<&'a Map> {
        self.value.as_object()
    }

    /// A member of the definition.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&'a Value> {
        crate::rules::util::member(self.object()?, key)
    }

    /// The name, when it is a string.
    #[must_use]
    pub fn name(&self) -> Option<&'a str> {
        self.known.name?.as_str()
    }

    /// The description, when it is a string.
    #[must_use]
    pub fn description(&self) -> Option<&'a str> {
        self.known.description?.as_str()
    }

    /// The input schema, whatever its type.
    #[must_use]
    pub fn input_schema(&self) -> Option<&'a Value> {
        self.known.input_schema
    }

    /// The path of the input schema.
    #[must_use]
    pub fn input_schema_path(&self) -> Path {
        self.input_schema_path
            .get_or_init(|| self.path.key(self.flavour.schema_key()))
            .clone()
    }

    /// The output schema (MCP `outputSchema`), whatever its type.
    #[must_use]
    pub fn output_schema(&self) -> Option<&'a Value> {
        self.known.output_schema
    }

    /// Whether the definition itself asks for strict mode (`"strict": true`).
    #[must_use]
    pub fn declares_strict(&self) -> bool {
        self.get("strict").and_then(Value::as_bool) == Some(true)
    }

    /// A label for messages: the name, or the position when there is none.
    #[must_use]
    pub fn label(&self) -> String {
        self.name()
            .map_or_else(|| format!("tool #{}", self.index + 1), str::to_owned)
    }
}

/// The `tools` member that was found, when the document has one.
#[derive(Debug, Clone)]
pub struct ToolsField<'a> {
    /// Where it is.
    pub path: Path,
    /// What it holds (an array, or something that should have been one).
    pub value: &'a Value,
    /// The `tools/list` result that holds it (its parent), when the document
    /// is one: a JSON-RPC response, a result object or a transcript page.
    /// `None` for a provider's request body.
    pub result: Option<&'a Value>,
}

impl<'a> ToolsField<'a> {
    /// Where [`ToolsField::result`] is.
    #[must_use]
    pub fn result_path(&self) -> Path {
        self.path.parent()
    }

    /// A member of the `tools/list` result, when there is one.
    #[must_use]
    pub fn result_member(&self, key: &str) -> Option<&'a Value> {
        self.result?.get(key)
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
pub struct Input<'a> {
    /// What was pasted.
    pub format: Format,
    /// Every tool definition.
    pub tools: Vec<Tool<'a>>,
    /// The list member(s) the tools came from.
    pub lists: Vec<ToolsField<'a>>,
    /// For transcripts: how many `tools/list` pages were merged.
    pub pages: usize,
}

impl<'a> Input<'a> {
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
    /// carries one of [`CACHE_HINTS`], or the capture records that it spoke
    /// 2026-07-28. A bare tool array or a result without these signs does not.
    #[must_use]
    pub fn shows_2026_result(&self) -> bool {
        self.captured_protocol() == Some(Revision::R2026_07_28.as_str())
            || self
                .lists
                .iter()
                .any(|list| CACHE_HINTS.iter().any(|k| list.result_member(k).is_some()))
    }
}

/// The parsed document: one JSON value, or the lines of a transcript.
#[derive(Debug, Clone)]
pub enum Document {
    /// A single JSON document.
    Single(Value),
    /// A newline-delimited transcript: (1-based line number, value).
    Lines(Vec<(usize, Value)>),
}

impl Document {
    /// Parses pasted text: one JSON document, or a newline-delimited transcript.
    ///
    /// # Errors
    /// Invalid JSON, with line and column.
    pub fn parse(text: &str) -> Result<Self, InputError> {
        match json::parse(text) {
            Ok(value) => Ok(Document::Single(value)),
            Err(single_err) => match transcript::parse_lines(text)? {
                Some(lines) => Ok(Document::Lines(lines)),
                None => Err(single_err),
            },
        }
    }
}

/// Detects the format of a parsed document and finds its tools.
///
/// # Errors
/// When the document is valid JSON but not a recognisable capture.
pub fn detect(doc: &Document) -> Result<Input<'_>, InputError> {
    match doc {
        Document::Single(value) => detect_value(value, &Path::root()),
        Document::Lines(lines) => transcript::detect(lines),
    }
}

fn is_chat_tool(v: &Value) -> bool {
    v.get("type").and_then(Value::as_str) == Some("function")
        && v.get("function").is_some_and(Value::is_object)
}

fn is_responses_tool(v: &Value) -> bool {
    v.get("type").and_then(Value::as_str) == Some("function")
        && v.get("name").is_some()
        && v.get("function").is_none()
}

fn is_anthropic_tool(v: &Value) -> bool {
    v.get("input_schema").is_some()
}

/// A Gemini function declaration: it has `parametersJsonSchema`, or
/// `parameters` whose `type` is written in Gemini's upper case (`"OBJECT"`).
fn is_gemini_declaration(v: &Value) -> bool {
    v.get("parametersJsonSchema").is_some()
        || v.get("parameters")
            .and_then(|p| p.get("type"))
            .and_then(Value::as_str)
            .is_some_and(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_uppercase()))
}

/// The flavour of one Gemini declaration: by the field its parameters are in.
fn gemini_flavour(v: &Value) -> Flavour {
    if v.get("parameters").is_none() && v.get("parametersJsonSchema").is_some() {
        Flavour::GeminiJsonSchema
    } else {
        Flavour::GeminiParameters
    }
}

/// The `functionDeclarations` of a Gemini `Tool` (either spelling).
fn declarations(tool: &Value) -> Option<(&'static str, &Value)> {
    ["functionDeclarations", "function_declarations"]
        .into_iter()
        .find_map(|k| tool.get(k).map(|v| (k, v)))
}

fn is_legacy_function(v: &Value) -> bool {
    v.get("parameters").is_some() && v.get("type").is_none() && v.get("inputSchema").is_none()
}

fn is_mcp_tool(v: &Value) -> bool {
    v.get("inputSchema").is_some() || (v.get("name").is_some() && v.get("type").is_none())
}

/// Classifies an array of tool definitions by its first recognisable element.
fn classify_array(items: &[Value]) -> Option<Flavour> {
    items.iter().filter(|v| v.is_object()).find_map(|v| {
        if is_chat_tool(v) {
            Some(Flavour::OpenAiChat)
        } else if is_responses_tool(v) {
            Some(Flavour::OpenAiResponses)
        } else if is_anthropic_tool(v) {
            Some(Flavour::Anthropic)
        } else if is_gemini_declaration(v) {
            Some(Flavour::GeminiParameters)
        } else if is_legacy_function(v) {
            Some(Flavour::OpenAiLegacy)
        } else if is_mcp_tool(v) {
            Some(Flavour::Mcp)
        } else {
            None
        }
    })
}

/// Collects the tools of one list, skipping provider built-ins (for
/// example `{"type":"web_search"}`) that are not function definitions.
fn collect<'a>(list: &'a Value, list_path: &Path, flavour: Flavour, out: &mut Vec<Tool<'a>>) {
    let Some(items) = list.as_array() else { return };
    for (i, item) in items.iter().enumerate() {
        let path = list_path.index(i);
        let (value, path) = match flavour {
            Flavour::OpenAiChat => {
                let ty = item.get("type").and_then(Value::as_str);
                if ty.is_some_and(|t| t != "function") {
                    continue;
                }
                match item.get("function") {
                    Some(f) => (f, path.key("function")),
                    None => (item, path),
                }
            }
            Flavour::OpenAiResponses => {
                let ty = item.get("type").and_then(Value::as_str);
                if ty.is_some_and(|t| t != "function") {
                    continue;
                }
                (item, path)
            }
            Flavour::Anthropic => {
                let ty = item.get("type").and_then(Value::as_str);
                if ty.is_some_and(|t| t != "custom") && item.get("input_schema").is_none() {
                    continue;
                }
                (item, path)
            }
            Flavour::Mcp | Flavour::OpenAiLegacy => (item, path),
            Flavour::GeminiParameters | Flavour::GeminiJsonSchema => {
                out.push(Tool::new(out.len(), item, path, gemini_flavour(item)));
                continue;
            }
        };
        out.push(Tool::new(out.len(), value, path, flavour));
    }
}

/// A Gemini `generateContent` body: a `tools` array of which some entry has
/// `functionDeclarations`. Each entry's declarations are one list.
fn gemini_request<'a>(obj: &'a Map, base: &Path) -> Option<Input<'a>> {
    let tools = obj.get("tools")?.as_array()?;
    if !tools.iter().any(|t| declarations(t).is_some()) {
        return None;
    }
    let mut input = Input {
        format: Format::GeminiRequest,
        tools: Vec::new(),
        lists: Vec::new(),
        pages: 1,
    };
    for (i, tool) in tools.iter().enumerate() {
        // Other entries (`googleSearch`, `codeExecution`) are built-ins.
        let Some((key, list)) = declarations(tool) else {
            continue;
        };
        let path = base.key("tools").index(i).key(key);
        collect(list, &path, Flavour::GeminiParameters, &mut input.tools);
        input.lists.push(ToolsField {
            path,
            value: list,
            result: None,
        });
    }
    Some(input)
}

pub(crate) fn detect_value<'a>(value: &'a Value, base: &Path) -> Result<Input<'a>, InputError> {
    let single = |format, flavour, value: &'a Value, path: Path| Input {
        format,
        tools: vec![Tool::new(0, value, path, flavour)],
        lists: Vec::new(),
        pages: 1,
    };
    let from_list =
        |format, flavour, list: &'a Value, list_path: Path, result: Option<&'a Value>| {
            let mut tools = Vec::new();
            collect(list, &list_path, flavour, &mut tools);
            Input {
                format,
                tools,
                lists: vec![ToolsField {
                    path: list_path,
                    value: list,
                    result,
                }],
                pages: 1,
            }
        };

    match value {
        Value::Array(items) => {
            let flavour = classify_array(items).unwrap_or(Flavour::Mcp);
            let format = match flavour {
                Flavour::Mcp => Format::ToolArray,
                Flavour::OpenAiChat => Format::OpenAiChatTools,
                Flavour::OpenAiResponses => Format::OpenAiResponsesTools,
                Flavour::OpenAiLegacy => Format::OpenAiFunctions,
                Flavour::Anthropic => Format::AnthropicTools,
                Flavour::GeminiParameters | Flavour::GeminiJsonSchema => {
                    Format::GeminiFunctionDeclarations
                }
            };
            if items.iter().any(|v| !v.is_object())
                && classify_array(items).is_none()
                && !items.is_empty()
            {
                return Err(InputError::unrecognised(
                    "an array, but its items are not tool definitions",
                ));
            }
            Ok(from_list(format, flavour, value, base.clone(), None))
        }
        Value::Object(obj) => {
            if obj.contains_key("jsonrpc")
                || (obj.contains_key("id")
                    && (obj.contains_key("result") || obj.contains_key("error")))
            {
                if let Some(err) = obj.get("error") {
                    let msg = err
                        .get("message")
                        .and_then(Value::as_str)
                        .unwrap_or("no message");
                    return Err(InputError::unrecognised(&format!(
                        "a JSON-RPC error response (\"{msg}\"), not a tools/list result"
                    )));
                }
                let Some(result) = obj.get("result") else {
                    if obj.contains_key("method") {
                        return Err(InputError::unrecognised(
                            "a JSON-RPC request; paste the server's response to tools/list instead",
                        ));
                    }
                    return Err(InputError::unrecognised(
                        "a JSON-RPC message with no result",
                    ));
                };
                let Some(tools) = result.get("tools") else {
                    return Err(InputError::unrecognised(
                        "a JSON-RPC response whose result has no tools member; is it the response to tools/list?",
                    ));
                };
                return Ok(from_list(
                    Format::JsonRpcResponse,
                    Flavour::Mcp,
                    tools,
                    base.key("result").key("tools"),
                    Some(result),
                ));
            }
            if let Some(input) = gemini_request(obj, base) {
                return Ok(input);
            }
            if let Some((key, list)) = declarations(value) {
                return Ok(from_list(
                    Format::GeminiFunctionDeclarations,
                    Flavour::GeminiParameters,
                    list,
                    base.key(key),
                    None,
                ));
            }
            let is_request = ["model", "messages", "input", "max_tokens", "instructions"]
                .iter()
                .any(|k| obj.contains_key(k));
            if let Some(tools) = obj.get("tools") {
                let flavour = tools
                    .as_array()
                    .and_then(classify_array)
                    .unwrap_or(if is_request {
                        if obj.contains_key("input") || obj.contains_key("instructions") {
                            Flavour::OpenAiResponses
                        } else {
                            Flavour::OpenAiChat
                        }
                    } else {
                        Flavour::Mcp
                    });
                let format = match (flavour, is_request) {
                    (Flavour::OpenAiChat, _) => Format::OpenAiChatRequest,
                    (Flavour::OpenAiResponses, _) => Format::OpenAiResponsesRequest,
                    (Flavour::Anthropic, _) => Format::AnthropicRequest,
                    (Flavour::OpenAiLegacy, _) => Format::OpenAiFunctionsRequest,
                    (Flavour::Mcp, true) => {
                        // A request body whose tools carry MCP field names: treat
                        // them as MCP tools, but say what the body was.
                        Format::ListResult
                    }
                    (Flavour::Mcp, false) => Format::ListResult,
                    (Flavour::GeminiParameters | Flavour::GeminiJsonSchema, _) => {
                        Format::GeminiFunctionDeclarations
                    }
                };
                let result = (flavour == Flavour::Mcp && !is_request).then_some(value);
                return Ok(from_list(format, flavour, tools, base.key("tools"), result));
            }
            if let Some(functions) = obj.get("functions") {
                return Ok(from_list(
                    Format::OpenAiFunctionsRequest,
                    Flavour::OpenAiLegacy,
                    functions,
                    base.key("functions"),
                    None,
                ));
            }
            if is_chat_tool(value) {
                return Ok(single(
                    Format::OpenAiChatTools,
                    Flavour::OpenAiChat,
                    &obj["function"],
                    base.key("function"),
                ));
            }
            if is_responses_tool(value) {
                return Ok(single(
                    Format::OpenAiResponsesTools,
                    Flavour::OpenAiResponses,
                    value,
                    base.clone(),
                ));
            }
            if is_anthropic_tool(value) {
                return Ok(single(
                    Format::AnthropicTools,
                    Flavour::Anthropic,
                    value,
                    base.clone(),
                ));
            }
            if obj.contains_key("inputSchema")
                || obj.contains_key("name") && !is_legacy_function(value)
            {
                return Ok(single(
                    Format::SingleTool,
                    Flavour::Mcp,
                    value,
                    base.clone(),
                ));
            }
            if is_legacy_function(value) {
                return Ok(single(
                    Format::OpenAiFunctions,
                    Flavour::OpenAiLegacy,
                    value,
                    base.clone(),
                ));
            }
            Err(InputError::unrecognised(
                "an object with none of the members of a tool list or tool definition",
            ))
        }
        Value::Null => Err(InputError::unrecognised("null")),
        Value::Bool(_) => Err(InputError::unrecognised("a boolean")),
        Value::Number(_) => Err(InputError::unrecognised("a number")),
        Value::String(_) => Err(InputError::unrecognised("a string")),
    }
}

/// What one definition costs a model, in tokens: its compact JSON, in bytes,
/// divided by four and rounded up, the estimate the size check uses. A tool
/// reaches the model as its compact JSON whatever the capture's layout.
#[must_use]
pub fn tokens(value: &Value) -> usize {
    /// Counts the bytes written to it.
    struct Counter(usize);
    impl std::io::Write for Counter {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut counter = Counter(0);
    // Writing to a counter cannot fail, and a value always serialises.
    let _ = serde_json::to_writer(&mut counter, value);
    counter.0.div_ceil(4)
}
