//! What a server gives the model besides its tools: its `instructions`
//! (in the `initialize` result, or in `server/discover` under 2026-07-28),
//! its prompts (`prompts/list`), its resources (`resources/list`) and its
//! resource templates (`resources/templates/list`).
//!
//! They come pasted on their own (a result, or the JSON-RPC response that
//! holds it), in a transcript, or in the record of a capture (under
//! [`super::CAPTURE_META`], with the member names the spec uses).

use crate::path::Path;
use crate::value::Value;

/// One value of the pasted document and where it is.
#[derive(Debug, Clone)]
pub struct Located<'a> {
    /// The value (any JSON value: the rules judge its shape).
    pub value: &'a Value,
    /// Its path in the pasted document.
    pub path: Path,
}

/// The kinds of list a server offers besides its tools.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ListKind {
    /// `prompts/list`: `prompts`.
    Prompts,
    /// `resources/list`: `resources`.
    Resources,
    /// `resources/templates/list`: `resourceTemplates`.
    ResourceTemplates,
}

impl ListKind {
    /// Every kind, in the order the report lists them.
    pub const ALL: [ListKind; 3] = [
        ListKind::Prompts,
        ListKind::Resources,
        ListKind::ResourceTemplates,
    ];

    /// The result's member that holds the list (as the spec names it).
    #[must_use]
    pub fn member(self) -> &'static str {
        match self {
            ListKind::Prompts => "prompts",
            ListKind::Resources => "resources",
            ListKind::ResourceTemplates => "resourceTemplates",
        }
    }

    /// The method that lists them.
    #[must_use]
    pub fn method(self) -> &'static str {
        match self {
            ListKind::Prompts => "prompts/list",
            ListKind::Resources => "resources/list",
            ListKind::ResourceTemplates => "resources/templates/list",
        }
    }

    /// What one item is, for messages.
    #[must_use]
    pub fn item(self) -> &'static str {
        match self {
            ListKind::Prompts => "prompt",
            ListKind::Resources => "resource",
            ListKind::ResourceTemplates => "resource template",
        }
    }

    /// The member that holds an item's address (`uri`, `uriTemplate`), if
    /// it has one.
    #[must_use]
    pub fn address(self) -> Option<&'static str> {
        match self {
            ListKind::Prompts => None,
            ListKind::Resources => Some("uri"),
            ListKind::ResourceTemplates => Some("uriTemplate"),
        }
    }
}

/// The server's text besides its tools, as found in the pasted document.
#[derive(Debug, Clone, Default)]
pub struct ServerText<'a> {
    /// The server's `instructions`.
    pub instructions: Option<Located<'a>>,
    /// Every prompt, resource and resource template, each item with its
    /// path, by kind ([`ListKind::ALL`]'s order).
    pub lists: [Vec<Located<'a>>; 3],
}

impl<'a> ServerText<'a> {
    /// Whether nothing was found.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.instructions.is_none() && self.lists.iter().all(Vec::is_empty)
    }

    /// The items of one kind.
    #[must_use]
    pub fn items(&self, kind: ListKind) -> &[Located<'a>] {
        &self.lists[kind as usize]
    }

    /// Every item, with its kind.
    pub fn all_items(&self) -> impl Iterator<Item = (ListKind, &Located<'a>)> {
        ListKind::ALL
            .into_iter()
            .flat_map(move |kind| self.items(kind).iter().map(move |item| (kind, item)))
    }

    /// The prompts.
    #[must_use]
    pub fn prompts(&self) -> &[Located<'a>] {
        self.items(ListKind::Prompts)
    }

    /// Every argument of every prompt, with its prompt's name, its position
    /// and its path.
    pub fn prompt_arguments(&self) -> impl Iterator<Item = PromptArgument<'a, '_>> {
        self.prompts().iter().flat_map(|prompt| {
            let of = prompt.value.get("name").and_then(Value::as_str);
            let arguments = prompt.value.get("arguments").and_then(Value::as_array);
            arguments
                .into_iter()
                .flatten()
                .enumerate()
                .map(move |(i, value)| PromptArgument {
                    prompt: of,
                    value,
                    at: (&prompt.path, i),
                })
        })
    }

    /// Adds what an object holds under the spec's member names: `instructions`
    /// (a string; the first one found is kept) and the three lists. `obj` is
    /// at `path`.
    ///
    /// Only the rules the page's module leaves to its worker read this text
    /// (the `heavy-rules` feature), but every build reads it, so that every
    /// report counts it ([`crate::OthersSummary`]) and the page's summary line
    /// is the CLI's.
    pub(crate) fn read(&mut self, obj: &'a Value, path: &Path) {
        self.read_instructions(obj, path);
        for kind in ListKind::ALL {
            self.read_list(kind, obj, path);
        }
    }

    /// Adds `obj`'s `instructions` (at `path`), unless some were found
    /// before.
    pub(crate) fn read_instructions(&mut self, obj: &'a Value, path: &Path) {
        if self.instructions.is_some() {
            return;
        }
        if let Some(value) = obj.get("instructions") {
            self.instructions = Some(Located {
                value,
                path: path.key("instructions"),
            });
        }
    }

    /// Adds the items of `obj`'s list of `kind`, when it has one.
    pub(crate) fn read_list(&mut self, kind: ListKind, obj: &'a Value, path: &Path) {
        let Some(items) = obj.get(kind.member()).and_then(Value::as_array) else {
            return;
        };
        let list_path = path.key(kind.member());
        self.lists[kind as usize].extend(items.iter().enumerate().map(|(i, value)| Located {
            value,
            path: list_path.index(i),
        }));
    }
}

/// One argument of a prompt.
#[derive(Debug, Clone, Copy)]
pub struct PromptArgument<'a, 's> {
    /// The name of its prompt, when it has a string one.
    pub prompt: Option<&'a str>,
    /// The argument (any JSON value).
    pub value: &'a Value,
    /// Its prompt's path and its position in `arguments`.
    at: (&'s Path, usize),
}

impl PromptArgument<'_, '_> {
    /// Its `name`, or `""`.
    #[must_use]
    pub fn name(&self) -> &str {
        self.value
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default()
    }

    /// Where it is.
    #[must_use]
    pub fn path(&self) -> Path {
        self.at.0.key("arguments").index(self.at.1)
    }

    /// ` of prompt "review"`, for messages, or nothing.
    #[must_use]
    pub fn of_prompt(&self) -> String {
        self.prompt
            .map(|p| format!(" of prompt {}", crate::text::quote(p)))
            .unwrap_or_default()
    }
}

/// Whether a result is one of the lists a server offers besides its tools
/// (it holds one of their members as an array, and no tools), and which.
pub(crate) fn list_kind(result: &Value) -> Option<ListKind> {
    if result.get("tools").is_some() {
        return None;
    }
    ListKind::ALL
        .into_iter()
        .find(|kind| result.get(kind.member()).is_some_and(Value::is_array))
}

/// Whether a result is an `initialize` result: it has `protocolVersion`
/// and `capabilities` or `serverInfo`.
pub(crate) fn is_initialize(result: &Value) -> bool {
    result.get("protocolVersion").is_some()
        && (result.get("capabilities").is_some() || result.get("serverInfo").is_some())
        && result.get("tools").is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_members_the_spec_names() {
        let doc = crate::input::json::parse(
            r#"{"instructions": "Use search first.", "prompts": [{"name": "a"}, {"name": "b"}],
                "resources": [{"uri": "file:///x", "name": "x"}], "resourceTemplates": "not a list"}"#,
        )
        .unwrap();
        let mut text = ServerText::default();
        text.read(&doc, &Path::root().key("r"));
        assert_eq!(
            text.instructions.as_ref().unwrap().path.to_string(),
            "r.instructions"
        );
        let paths: Vec<String> = text
            .all_items()
            .map(|(k, i)| format!("{} {}", k.item(), i.path))
            .collect();
        assert_eq!(
            paths,
            [
                "prompt r.prompts[0]",
                "prompt r.prompts[1]",
                "resource r.resources[0]"
            ]
        );
        assert!(!text.is_empty());
        assert!(ServerText::default().is_empty());
    }

    #[test]
    fn tells_the_results_apart() {
        let v = |t: &str| crate::input::json::parse(t).unwrap();
        assert_eq!(list_kind(&v(r#"{"prompts": []}"#)), Some(ListKind::Prompts));
        assert_eq!(
            list_kind(&v(r#"{"resourceTemplates": [], "nextCursor": "2"}"#)),
            Some(ListKind::ResourceTemplates)
        );
        assert_eq!(list_kind(&v(r#"{"tools": [], "prompts": []}"#)), None);
        assert!(is_initialize(&v(
            r#"{"protocolVersion": "2025-11-25", "capabilities": {}, "serverInfo": {"name": "s", "version": "1"}}"#
        )));
        assert!(!is_initialize(&v(r#"{"protocolVersion": "2025-11-25"}"#)));
    }
}
