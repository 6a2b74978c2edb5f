//! The annotation hints compared, with the specification's defaults
//! applied: a tool that turns destructive, stops being read-only or
//! idempotent, or starts reaching an open world breaks the clients that
//! auto-approve on those hints.

use super::{Changes, Kind, Side};
use crate::input::Tool;
use crate::value::Value;

/// One annotation hint as the diff compares it: its key, the
/// specification's default, and each direction of change with its wording
/// (completing "the tool …").
struct Hint {
    key: &'static str,
    default: bool,
    became: (Kind, &'static str),
    no_longer: (Kind, &'static str),
}

const HINTS: [Hint; 4] = [
    Hint {
        key: "readOnlyHint",
        default: false,
        became: (Kind::BecameReadOnly, "is now read-only"),
        no_longer: (
            Kind::NoLongerReadOnly,
            "is no longer read-only; clients that auto-approve read-only tools will now let it change data unless they ask",
        ),
    },
    Hint {
        key: "destructiveHint",
        default: true,
        became: (
            Kind::BecameDestructive,
            "is now destructive; clients that run non-destructive tools without confirmation must now ask first",
        ),
        no_longer: (Kind::NoLongerDestructive, "is no longer destructive"),
    },
    Hint {
        key: "idempotentHint",
        default: false,
        became: (Kind::BecameIdempotent, "is now idempotent"),
        no_longer: (
            Kind::NoLongerIdempotent,
            "is no longer idempotent; clients that retry it on failure can now repeat its effect",
        ),
    },
    Hint {
        key: "openWorldHint",
        default: true,
        became: (
            Kind::BecameOpenWorld,
            "now reaches an open world (external systems); clients that trust closed-world tools should review it",
        ),
        no_longer: (Kind::NoLongerOpenWorld, "no longer reaches an open world"),
    },
];

/// A hint's value with the specification's default applied; a read-only
/// tool does not modify anything, whatever `destructiveHint` says.
fn effective_hint(tool: &Tool<'_>, key: &str, default: bool) -> bool {
    if key == "destructiveHint" && hint_raw(tool, "readOnlyHint", false) {
        return false;
    }
    hint_raw(tool, key, default)
}

pub(super) fn compare_annotations(name: &str, o: &Tool<'_>, n: &Tool<'_>, out: &mut Changes) {
    let ann = n.get("annotations").and_then(Value::as_object);
    let path_for = |key: &str| match ann {
        Some(a) if a.contains_key(key) => n.path.key("annotations").key(key),
        Some(_) => n.path.key("annotations"),
        None => n.path.clone(),
    };
    for hint in &HINTS {
        let now = effective_hint(n, hint.key, hint.default);
        if effective_hint(o, hint.key, hint.default) == now {
            continue;
        }
        let (kind, what) = if now { hint.became } else { hint.no_longer };
        let detail = if hint.key == "destructiveHint" && hint_raw(n, "readOnlyHint", false) {
            "readOnlyHint is true".to_owned()
        } else {
            match ann.and_then(|a| a.get(hint.key)).and_then(Value::as_bool) {
                Some(value) => format!("{} is {value}", hint.key),
                None => format!("{} is unset, which means {}", hint.key, hint.default),
            }
        };
        out.push(
            kind,
            name,
            Side::New,
            path_for(hint.key),
            format!("the tool {what} ({detail})"),
        );
    }
}

fn hint_raw(tool: &Tool<'_>, key: &str, default: bool) -> bool {
    tool.get("annotations")
        .and_then(|a| a.get(key))
        .and_then(Value::as_bool)
        .unwrap_or(default)
}
