use crate::value::Value;

use crate::capability::{DESTRUCTIVE, WRITE, name_verb};
use crate::input::{Flavour, Tool};
use crate::registry::declare_rule;
use crate::rules::clarity::{lowered, name_tokens};
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::member;

declare_rule! {
    /// ## What it does
    /// Flags tool annotations that contradict the tool:
    /// - `destructiveHint: false` on a tool whose name or description leads
    ///   with a destructive verb (`cancel`, `delete`, `remove`, `drop`,
    ///   `revoke`, `destroy`, `purge`, `erase`, `wipe`, `terminate`,
    ///   `overwrite`, …), unless `readOnlyHint` is `true`;
    /// - `readOnlyHint: true` on a tool whose name or description leads with a
    ///   write verb (`create`, `update`, `delete`, `write`, `send`, `set`, …);
    /// - `readOnlyHint: true` together with `destructiveHint: true`.
    ///
    /// The verb is read from the name, split at `_`, `.`, `-` and camelCase:
    /// the first of its first two tokens that is a known verb, else its last
    /// token (`cancel_order`, `orders.cancel`, `issue_write`). The description counts only through
    /// its first word (`Deletes …`), which keeps prose such as "set or remove
    /// the type" from raising alarms. This is a heuristic and can miss a case.
    ///
    /// ## Why is this bad?
    /// Hosts use the hints to decide how careful to be: a tool that claims to
    /// be non-destructive or read-only may run without the confirmation step a
    /// destructive one gets. The defaults are cautious (`destructiveHint`
    /// defaults to `true`, `readOnlyHint` to `false`), so leaving annotations
    /// off makes a tool look more dangerous, not less; a wrong `false` is what
    /// removes the safeguard. Annotations are also untrusted hints: the
    /// specification tells clients not to rely on them from untrusted servers,
    /// so they are no protection on their own.
    ///
    /// ## Example
    /// ```json
    /// {"name": "cancel_order", "annotations": {"destructiveHint": false}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "cancel_order", "annotations": {"destructiveHint": true, "idempotentHint": true}}
    /// ```
    ///
    /// ## Fix
    /// Correct the hint to match what the tool does, and keep the real
    /// protection (authorization, ownership checks, a confirmation the model
    /// cannot give itself) in the handler.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools (annotations are untrusted): <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP schema.ts 2026-07-28, `ToolAnnotations` defaults: <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    pub ANNOTATION_CONTRADICTS_TOOL,
    id = "annotation-contradicts-tool",
    group = Annotations,
    severity = Warning,
    fix = Unsafe,
    fix_note = "The automatic fix (unsafe: it trusts the name over the author's hint) sets `readOnlyHint` to false, or `destructiveHint` to true, when the name or description contradicts it. Two hints that contradict each other are left to the author.",
    summary = "A tool's annotation hints contradict its name or description",
}

/// The first of `words` found in `set`, looking at the name before the description.
fn find_verb(tool: &Tool<'_>, set: &[&str]) -> Option<(String, &'static str)> {
    // Looked up in place: most tools have no verb of `set`, and then
    // nothing is copied.
    if let Some(name) = tool.name() {
        let tokens = name_tokens(name);
        if let Some(v) = name_verb(&tokens).filter(|v| set.contains(v)) {
            return Some((v.to_owned(), "name"));
        }
    }
    // The first word of the description as a bare verb (`Deletes` → `delete`).
    let first = tool.description().and_then(|d| {
        d.split(|c: char| !c.is_alphanumeric())
            .find(|w| !w.is_empty())
    })?;
    let w = lowered(first);
    [Some(&*w), w.strip_suffix("es"), w.strip_suffix('s')]
        .into_iter()
        .flatten()
        .find(|form| set.contains(form))
        .map(|form| (form.to_owned(), "description"))
}

const WHY_TAIL: &str = "Leaving annotations off does not help: `destructiveHint` defaults to true and `readOnlyHint` to \
false, so a tool without hints looks more dangerous to a host, not less. Annotations are also untrusted hints that \
clients must not rely on from an untrusted server, so the real protection belongs in the handler.";

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for tool in cx.tools() {
        if tool.flavour != Flavour::Mcp {
            continue;
        }
        let Some(annotations) = tool.get("annotations").and_then(Value::as_object) else {
            continue;
        };
        let read_only = member(annotations, "readOnlyHint").and_then(Value::as_bool);
        let destructive = member(annotations, "destructiveHint").and_then(Value::as_bool);
        // Built only for a finding: most tools have none.
        let hint_path = |hint: &str| tool.path.key("annotations").key(hint);
        let label = || quote(&tool.label());

        if read_only == Some(true) && destructive == Some(true) {
            out.report(
                Some(tool),
                hint_path("destructiveHint"),
                "readOnlyHint is true and destructiveHint is true",
            )
            .explanation(
                format!(
                    "A read-only tool cannot be destructive, so a host has to guess which hint is wrong; `destructiveHint` \
                     only means something when `readOnlyHint` is false. {WHY_TAIL}"
                ),
            )
            .help(
                "Keep the hint that is true: remove \"destructiveHint\" if the tool only reads, or set \"readOnlyHint\": false if it changes anything",
            );
            continue;
        }
        if read_only == Some(true) {
            if let Some((verb, place)) = find_verb(tool, &WRITE) {
                let label = label();
                out.report(
                    Some(tool),
                    hint_path("readOnlyHint"),
                    format!("readOnlyHint is true, but the tool's {place} says {}", quote(&verb)),
                )
                .explanation(
                    format!(
                        "`readOnlyHint: true` tells an honest host that {label} changes nothing, so it may call it without \
                         asking the user. A tool that {verb}s something is not read-only. {WHY_TAIL}"
                    ),
                )
                .help(
                    format!(
                        "Set \"readOnlyHint\": false on {label} (and \"destructiveHint\" to match what it does), and keep the real protection in the handler"
                    ),
                )
.with_fix(|| crate::fix::Fix::r#unsafe(
    "Set \"readOnlyHint\": false",
    vec![crate::fix::Op::Replace { path: hint_path("readOnlyHint"), json: "false".into() }],
));
            }
            continue;
        }
        if destructive == Some(false)
            && let Some((verb, place)) = find_verb(tool, &DESTRUCTIVE)
        {
            let label = label();
            out.report(
                Some(tool),
                hint_path("destructiveHint"),
                format!("destructiveHint is false, but the tool's {place} says {}", quote(&verb)),
            )
            .explanation(
                format!(
                    "`destructiveHint: false` tells an honest host that {label} only adds things, which may remove a \
                     confirmation step before a call that can {verb} something. {WHY_TAIL}"
                ),
            )
            .help(
                format!(
                    "Set \"destructiveHint\": true on {label} (or remove it: true is the default), and keep the real protection in the handler"
                ),
            )
.with_fix(|| crate::fix::Fix::r#unsafe(
    "Set \"destructiveHint\": true",
    vec![crate::fix::Op::Replace { path: hint_path("destructiveHint"), json: "true".into() }],
));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{name_tokens, name_verb};

    #[test]
    fn verbs_from_names() {
        let verb = |name: &str| name_verb(&name_tokens(name)).map(str::to_owned);
        assert_eq!(verb("cancel_order").as_deref(), Some("cancel"));
        assert_eq!(verb("orders.cancel").as_deref(), Some("cancel"));
        assert_eq!(verb("issue_write").as_deref(), Some("write"));
        assert_eq!(verb("get_update_status").as_deref(), Some("get"));
        assert_eq!(verb("deleteUser").as_deref(), Some("delete"));
        assert_eq!(verb("list_cancel_reasons").as_deref(), Some("list"));
        assert_eq!(verb("issue_dependency_read").as_deref(), Some("read"));
        assert_eq!(verb("").as_deref(), None);
    }

    crate::rule_snapshot!(
        ANNOTATION_CONTRADICTS_TOOL,
        "annotations/annotation-contradicts-tool.json"
    );
}
