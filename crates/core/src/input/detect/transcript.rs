//! Newline-delimited JSON-RPC transcripts, such as a saved stdio session.

use crate::value::Value;

use super::collect;
use crate::InputError;
use crate::input::server::{ListKind, is_initialize, list_kind};
use crate::input::{Detected, Discover, Flavour, Format, ServerText, Tool, ToolsField, json};
use crate::path::Path;

/// Splits `text` into JSON lines. Returns `None` unless there are at least two
/// JSON values and every non-blank line is one; an error when a line after the
/// first nests too deep.
pub(super) fn parse_lines(text: &str) -> Result<Option<Vec<(usize, Value)>>, InputError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        match json::from_str(trimmed) {
            Ok(value) => lines.push((i + 1, value)),
            // A line that nests too deep is named as such, with its line.
            Err(e) if e.to_string().contains("recursion limit exceeded") && !lines.is_empty() => {
                let mut err = crate::input::json::describe(trimmed, &e);
                err.line = Some(i + 1);
                return Err(err);
            }
            Err(_) => return Ok(None),
        }
    }
    Ok((lines.len() >= 2).then_some(lines))
}

/// The pages of the last listing in a transcript of the list `member`
/// holds, asked for with `method`.
///
/// A response to a request without a cursor starts a listing; one to a
/// request with a cursor continues it. When the requests are not in the
/// transcript, every page is merged.
fn last_listing<'l>(
    lines: &'l [(usize, Value)],
    member: &str,
    method: &str,
) -> Option<Vec<&'l (usize, Value)>> {
    let mut listings: Vec<Vec<&(usize, Value)>> = Vec::new();
    for entry in lines {
        let (_, value) = entry;
        if !value
            .get("result")
            .and_then(|r| r.get(member))
            .is_some_and(|list| member == "tools" || list.is_array())
        {
            continue;
        }
        let request = value.get("id").and_then(|id| {
            lines.iter().find(|(_, v)| {
                v.get("method").and_then(Value::as_str) == Some(method) && v.get("id") == Some(id)
            })
        });
        let continues = match request {
            Some((_, req)) => req
                .get("params")
                .and_then(|p| p.get("cursor"))
                .is_some_and(|c| !c.is_null()),
            None => true,
        };
        match listings.last_mut() {
            Some(last) if continues => last.push(entry),
            _ => listings.push(vec![entry]),
        }
    }
    listings.pop()
}

/// The instructions of the last `initialize` result and the items of the
/// last listing of prompts, resources and resource templates.
fn read_server_text<'l>(lines: &'l [(usize, Value)], server: &mut ServerText<'l>) {
    if let Some((line, result)) = lines.iter().rev().find_map(|(line, value)| {
        let result = value.get("result")?;
        is_initialize(result).then_some((line, result))
    }) {
        server.read(result, &Path::line(*line).key("result"));
    }
    for kind in ListKind::ALL {
        for (line, value) in last_listing(lines, kind.member(), kind.method()).unwrap_or_default() {
            server.read_list(kind, &value["result"], &Path::line(*line).key("result"));
        }
    }
}

/// Finds every `tools/list` response and merges the pages of the last
/// listing; the same for prompts and resources, and takes the instructions
/// of the last `initialize` or `server/discover` result.
pub(super) fn detect(lines: &[(usize, Value)]) -> Result<Detected<'_>, InputError> {
    // The last server/discover result, if the transcript has one.
    let discover = lines.iter().rev().find_map(|(line, value)| {
        let result = value.get("result")?;
        super::is_discover(result).then(|| Discover {
            value: result,
            path: Path::line(*line).key("result"),
        })
    });
    let mut server = ServerText::default();
    read_server_text(lines, &mut server);
    let Some(pages) = last_listing(lines, "tools", "tools/list") else {
        if let Some(Discover { value, path }) = discover {
            let mut input = super::discover_only(value, path);
            input.server = server;
            return Ok(input);
        }
        // A transcript of the server's other text alone is accepted.
        let has_other = lines.iter().any(|(_, v)| {
            v.get("result").is_some_and(|r| {
                list_kind(r).is_some() || (is_initialize(r) && r.get("instructions").is_some())
            })
        });
        if has_other {
            return Ok(Detected {
                format: Format::Transcript,
                tools: Vec::new(),
                lists: Vec::new(),
                pages: 0,
                discover: None,
                server,
            });
        }
        return Err(InputError::unrecognised(
            "a newline-delimited transcript with no tools/list response in it",
        ));
    };
    let mut tools: Vec<Tool<'_>> = Vec::new();
    let mut lists = Vec::new();
    for (line, value) in &pages {
        let list = &value["result"]["tools"];
        let list_path = Path::line(*line).key("result").key("tools");
        collect(list, &list_path, Flavour::Mcp, &mut tools);
        lists.push(ToolsField {
            path: list_path,
            value: list,
            result: Some(&value["result"]),
        });
    }
    Ok(Detected {
        format: Format::Transcript,
        tools,
        lists,
        pages: pages.len(),
        discover,
        server,
    })
}
