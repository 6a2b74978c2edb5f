//! The lock of what a server gives the model besides its tools: its
//! instructions, prompts, resources and resource templates, and how it is
//! reached (its transport), as its capture records them; and their drift.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Drift, LockedServer, sha256, sorted};
use crate::diff::Class;
use crate::input::{CAPTURE_META, Detected, ListKind};
use crate::path::Path;

/// One approved prompt, resource or resource template.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LockedItem {
    /// What names it: a prompt's `name`, a resource's `uri`, a template's
    /// `uriTemplate`.
    pub name: String,
    /// The SHA-256 of its canonical definition, in hex.
    pub sha256: String,
    /// The definition, every member but `_meta`, keys sorted.
    pub definition: Value,
}

/// The approved instructions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LockedText {
    /// The SHA-256 of the text as JSON, in hex.
    pub sha256: String,
    /// The text.
    pub text: Value,
}

/// What names an item of `kind`.
fn identity(kind: ListKind) -> &'static str {
    kind.address().unwrap_or("name")
}

/// An item's canonical definition: every member but `_meta`, keys sorted.
fn canonical_item(item: &Value) -> Value {
    let mut item = item.clone();
    if let Some(obj) = item.as_object_mut() {
        obj.remove("_meta");
    }
    sorted(&item)
}

/// The server's other text as a capture has it, with where each is.
pub(super) struct Others {
    pub(super) transport: Option<String>,
    pub(super) instructions: Option<(Value, Path)>,
    /// By kind, in [`ListKind::ALL`]'s order: each item's canonical
    /// definition and path.
    pub(super) items: [Vec<(LockedItem, Path)>; 3],
}

impl Others {
    pub(super) fn of(input: &Detected<'_>) -> Self {
        let transport = input.lists.iter().find_map(|list| {
            list.result_member("_meta")?
                .get(CAPTURE_META)?
                .get("transport")?
                .as_str()
                .map(str::to_owned)
        });
        let instructions = input
            .server
            .instructions
            .as_ref()
            .map(|l| (l.value.to_serde(), l.path.clone()));
        let items = ListKind::ALL.map(|kind| {
            input
                .server
                .items(kind)
                .iter()
                .map(|located| {
                    let definition = canonical_item(&located.value.to_serde());
                    let name = definition
                        .get(identity(kind))
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_owned();
                    (
                        LockedItem {
                            name,
                            sha256: sha256(&definition),
                            definition,
                        },
                        located.path.clone(),
                    )
                })
                .collect()
        });
        Self {
            transport,
            instructions,
            items,
        }
    }

    /// Puts them in a server's lock.
    pub(super) fn lock(self, server: &mut LockedServer) {
        server.transport = self.transport;
        server.instructions = self.instructions.map(|(text, _)| LockedText {
            sha256: sha256(&text),
            text,
        });
        let [prompts, resources, templates] = self
            .items
            .map(|items| items.into_iter().map(|(i, _)| i).collect());
        server.prompts = prompts;
        server.resources = resources;
        server.resource_templates = templates;
    }
}

impl LockedServer {
    /// The locked items of one kind.
    pub(super) fn items(&self, kind: ListKind) -> &[LockedItem] {
        match kind {
            ListKind::Prompts => &self.prompts,
            ListKind::Resources => &self.resources,
            ListKind::ResourceTemplates => &self.resource_templates,
        }
    }

    /// An edit made by hand to an item or the instructions: the name of the
    /// first whose hash does not match.
    pub(super) fn edited_other(&self) -> Option<String> {
        if let Some(i) = &self.instructions
            && sha256(&sorted(&i.text)) != i.sha256
        {
            return Some("the instructions".into());
        }
        ListKind::ALL.into_iter().find_map(|kind| {
            self.items(kind)
                .iter()
                .find(|i| sha256(&sorted(&i.definition)) != i.sha256)
                .map(|i| format!("{} {}", kind.item(), i.name))
        })
    }
}

/// The drift of the server's other text from the lock. `hostile(path)`
/// names the findings of the rules about hostile text inside `path` of the
/// new capture.
pub(super) fn drift(
    locked: &LockedServer,
    now: &Others,
    server: &str,
    hostile: &mut dyn FnMut(&Path) -> Vec<&'static str>,
) -> Vec<Drift> {
    let mut out = Vec::new();
    let mut push = |kind: String, class: Class, gained: Vec<&'static str>, message: String| {
        let risky = !gained.is_empty();
        let message = if risky {
            format!(
                "{message} (the new text gains findings: {})",
                gained.join(", ")
            )
        } else {
            message
        };
        out.push(Drift {
            server: server.to_owned(),
            tool: None,
            kind,
            class,
            risky,
            message,
        });
    };
    match (&locked.instructions, &now.instructions) {
        (None, Some((_, path))) => push(
            "instructions-added".into(),
            Class::Review,
            hostile(path),
            "the server's instructions were added".into(),
        ),
        (Some(_), None) => push(
            "instructions-removed".into(),
            Class::Compatible,
            Vec::new(),
            "the server's instructions were removed".into(),
        ),
        (Some(was), Some((text, path))) if sha256(&sorted(text)) != was.sha256 => push(
            "instructions-changed".into(),
            Class::Review,
            hostile(path),
            "the server's instructions changed".into(),
        ),
        _ => {}
    }
    for (kind, items) in ListKind::ALL.into_iter().zip(&now.items) {
        let what = kind.item();
        let id = what.replace(' ', "-");
        let approved = locked.items(kind);
        for (item, path) in items {
            match approved.iter().find(|a| a.name == item.name) {
                None => push(
                    format!("{id}-added"),
                    Class::Review,
                    hostile(path),
                    format!("{what} `{}` was added", item.name),
                ),
                Some(a) if a.sha256 != item.sha256 => push(
                    format!("{id}-changed"),
                    Class::Review,
                    hostile(path),
                    format!("{what} `{}` changed", item.name),
                ),
                Some(_) => {}
            }
        }
        for a in approved {
            if !items.iter().any(|(i, _)| i.name == a.name) {
                push(
                    format!("{id}-removed"),
                    Class::Breaking,
                    Vec::new(),
                    format!("{what} `{}` was removed", a.name),
                );
            }
        }
    }
    if let (Some(was), Some(is)) = (&locked.transport, &now.transport)
        && was != is
    {
        let risky = was == "stdio" && is == "http";
        out.push(Drift {
            server: server.to_owned(),
            tool: None,
            kind: "transport-changed".into(),
            class: Class::Review,
            risky,
            message: if risky {
                format!(
                    "the server moved from {was} to {is}: it was a local process and is now reached over the network"
                )
            } else {
                format!("the server moved from {was} to {is}")
            },
        });
    }
    out
}
