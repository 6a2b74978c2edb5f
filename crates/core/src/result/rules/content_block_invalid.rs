use serde_json::Value;

use super::{CallResult, ResultEmitter};
use crate::path::Path;
use crate::registry::declare_rule;
use crate::value::json_kind as kind;

declare_rule! {
    /// ## What it does
    /// Flags an item of `content` that is not an object, has no string `type`, or
    /// is a text block without a string `text`. At most ten are reported.
    ///
    /// ## Why is this bad?
    /// Each content item is a content block: an object with a string `type`
    /// (`text`, `image`, `audio`, `resource_link` or `resource`) and that type's
    /// fields. Clients that parse the result reject a malformed block, and with
    /// it the whole result.
    ///
    /// ## Example
    /// ```json
    /// {"content": ["done"]}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "done"}]}
    /// ```
    ///
    /// ## Fix
    /// Make each item a content block such as `{"type": "text", "text": "…"}`.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, tool result: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2026-07-28 schema, ContentBlock: <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    pub CONTENT_BLOCK_INVALID,
    id = "content-block-invalid",
    group = Result,
    severity = Error,
    fix_note = "No automatic fix: the result comes from the server at run time: fix the handler that builds the content blocks.",
    summary = "a content item is not a content block",
}

fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    if rx.input_required {
        return;
    }
    let Some(blocks) = rx.blocks else { return };
    let path = Path::root().key("content");
    let mut reported = 0;
    for (i, block) in blocks.iter().enumerate() {
        let at = path.index(i);
        let problem = match block {
            Value::Object(obj) => match obj.get("type") {
                None => Some((at.clone(), format!("{at} has no type"))),
                Some(Value::String(t)) if t == "text" => match obj.get("text") {
                    Some(Value::String(_)) => None,
                    Some(other) => Some((
                        at.key("text"),
                        format!("{at}.text is {}, not a string", kind(other)),
                    )),
                    None => Some((at.key("text"), format!("{at} is a text block with no text"))),
                },
                Some(Value::String(_)) => None,
                Some(other) => Some((
                    at.key("type"),
                    format!("{at}.type is {}, not a string", kind(other)),
                )),
            },
            other => Some((
                at.clone(),
                format!("{at} is {}, not a content block object", kind(other)),
            )),
        };
        if let Some((p, message)) = problem {
            reported += 1;
            if reported > MAX_BLOCK_FINDINGS {
                continue;
            }
            out.report(p, message).help(format!(
                "Make {at} a content block such as {{\"type\": \"text\", \"text\": \"…\"}}"
            ));
        }
    }
}

/// Invalid content blocks reported at most.
const MAX_BLOCK_FINDINGS: usize = 10;
