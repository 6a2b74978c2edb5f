//! Format detection: which kind of capture was pasted, and where its tools
//! are (a transcript's, in `transcript.rs`).

mod transcript;

use super::server::{ListKind, is_initialize, list_kind};
use super::{
    CAPTURE_META, Detected, Discover, Flavour, Format, ServerText, Tool, ToolsField, json,
};
use crate::InputError;
use crate::path::Path;
use crate::value::{Map, Value};

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
pub fn detect(doc: &Document) -> Result<Detected<'_>, InputError> {
    let mut input = match doc {
        Document::Single(value) => detect_value(value, &Path::root()),
        Document::Lines(lines) => transcript::detect(lines),
    }?;
    if input.discover.is_none() {
        input.discover = input.lists.iter().find_map(|list| {
            let value = list
                .result_member("_meta")?
                .get(CAPTURE_META)?
                .get("discover")?;
            Some(Discover {
                value,
                path: list
                    .result_path()
                    .key("_meta")
                    .key(CAPTURE_META)
                    .key("discover"),
            })
        });
    }
    // What the capture recorded of the server's other text.
    for list in &input.lists {
        if let Some(record) = list
            .result_member("_meta")
            .and_then(|meta| meta.get(CAPTURE_META))
        {
            input
                .server
                .read(record, &list.result_path().key("_meta").key(CAPTURE_META));
        }
    }
    // Under 2026-07-28 the instructions are in the discover result.
    if let Some(discover) = &input.discover {
        input
            .server
            .read_instructions(discover.value, &discover.path);
    }
    Ok(input)
}

/// The input of a pasted result that holds no tools but other text of the
/// server: an `initialize` result or a list of prompts or resources.
fn server_only<'a>(format: Format, result: &'a Value, path: &Path) -> Detected<'a> {
    let mut server = ServerText::default();
    match format {
        Format::InitializeResult => server.read(result, path),
        _ => {
            for kind in ListKind::ALL {
                server.read_list(kind, result, path);
            }
        }
    }
    Detected {
        format,
        tools: Vec::new(),
        lists: Vec::new(),
        pages: 1,
        discover: None,
        server,
    }
}

/// The format of a result that holds the server's other text, if it is one.
fn server_format(result: &Value) -> Option<Format> {
    if let Some(kind) = list_kind(result) {
        return Some(match kind {
            ListKind::Prompts => Format::PromptList,
            ListKind::Resources => Format::ResourceList,
            ListKind::ResourceTemplates => Format::ResourceTemplateList,
        });
    }
    is_initialize(result).then_some(Format::InitializeResult)
}

/// Whether a result is a `server/discover` result: it has
/// `supportedVersions`, which no other result has.
fn is_discover(result: &Value) -> bool {
    result.get("supportedVersions").is_some()
}

/// The input of a pasted `server/discover` result: no tools.
fn discover_only<'a>(result: &'a Value, path: Path) -> Detected<'a> {
    Detected {
        format: Format::DiscoverResult,
        tools: Vec::new(),
        lists: Vec::new(),
        pages: 0,
        discover: Some(Discover {
            value: result,
            path,
        }),
        server: ServerText::default(),
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
pub(super) fn collect<'a>(
    list: &'a Value,
    list_path: &Path,
    flavour: Flavour,
    out: &mut Vec<Tool<'a>>,
) {
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
fn gemini_request<'a>(obj: &'a Map, base: &Path) -> Option<Detected<'a>> {
    let tools = obj.get("tools")?.as_array()?;
    if !tools.iter().any(|t| declarations(t).is_some()) {
        return None;
    }
    let mut input = Detected {
        format: Format::GeminiRequest,
        tools: Vec::new(),
        lists: Vec::new(),
        pages: 1,
        discover: None,
        server: ServerText::default(),
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

fn detect_value<'a>(value: &'a Value, base: &Path) -> Result<Detected<'a>, InputError> {
    let single = |format, flavour, value: &'a Value, path: Path| Detected {
        format,
        tools: vec![Tool::new(0, value, path, flavour)],
        lists: Vec::new(),
        pages: 1,
        discover: None,
        server: ServerText::default(),
    };
    let from_list =
        |format, flavour, list: &'a Value, list_path: Path, result: Option<&'a Value>| {
            let mut tools = Vec::new();
            collect(list, &list_path, flavour, &mut tools);
            Detected {
                format,
                tools,
                lists: vec![ToolsField {
                    path: list_path,
                    value: list,
                    result,
                }],
                pages: 1,
                discover: None,
                server: ServerText::default(),
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
                    if is_discover(result) {
                        return Ok(discover_only(result, base.key("result")));
                    }
                    if let Some(format) = server_format(result) {
                        return Ok(server_only(format, result, &base.key("result")));
                    }
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
            if is_discover(value) {
                return Ok(discover_only(value, base.clone()));
            }
            if let Some(format) = server_format(value) {
                return Ok(server_only(format, value, base));
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
