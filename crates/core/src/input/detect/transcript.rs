//! Newline-delimited JSON-RPC transcripts, such as a saved stdio session.

use crate::value::Value;

use super::collect;
use crate::InputError;
use crate::input::{Detected, Discover, Flavour, Format, Tool, ToolsField, json};
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

fn is_list_response(v: &Value) -> bool {
    v.get("result").and_then(|r| r.get("tools")).is_some()
}

/// Finds every `tools/list` response and merges the pages of the last listing.
///
/// A response to a `tools/list` request without a cursor starts a listing; one
/// to a request with a cursor continues it. When the requests are not in the
/// transcript, every page is merged.
pub(super) fn detect(lines: &[(usize, Value)]) -> Result<Detected<'_>, InputError> {
    let mut listings: Vec<Vec<&(usize, Value)>> = Vec::new();
    for entry in lines {
        let (_, value) = entry;
        if !is_list_response(value) {
            continue;
        }
        let request = value.get("id").and_then(|id| {
            lines.iter().find(|(_, v)| {
                v.get("method").and_then(Value::as_str) == Some("tools/list")
                    && v.get("id") == Some(id)
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
    // The last server/discover result, if the transcript has one.
    let discover = lines.iter().rev().find_map(|(line, value)| {
        let result = value.get("result")?;
        super::is_discover(result).then(|| Discover {
            value: result,
            path: Path::line(*line).key("result"),
        })
    });
    let Some(pages) = listings.pop() else {
        if let Some(Discover { value, path }) = discover {
            return Ok(super::discover_only(value, path));
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
    })
}
