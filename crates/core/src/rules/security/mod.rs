//! Hidden or hostile content: invisible characters, lookalike letters,
//! instructions aimed at the model, and parameters that collect secrets.

pub(crate) mod confusable_name;
pub(crate) mod control_characters;
pub(crate) mod encoded_payload;
pub(crate) mod hidden_unicode;
pub(crate) mod injected_instructions;
pub(crate) mod internal_address;
#[cfg(feature = "flows")]
pub(crate) mod lethal_trifecta;
pub(crate) mod secret_in_definition;
pub(crate) mod suspicious_link;
pub(crate) mod tool_shadowing;
pub(crate) mod unexplained_sensitive_parameter;
#[cfg(feature = "flows")]
pub(crate) mod untrusted_content_drives_action;
pub(crate) mod variation_selector_payload;

use crate::value::Value;

use crate::fix::{Fix, Op};
use crate::input::{ListKind, Located, SchemaKind, ServerText, Tool};
use crate::path::Path;
use crate::rules::Definitions;
use crate::value::member;

/// What a piece of text is, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TextKind {
    /// The tool's `name`.
    ToolName,
    /// The tool's `title` or `annotations.title`.
    ToolTitle,
    /// The tool's `description`.
    ToolDescription,
    /// A key of `properties`.
    PropertyName,
    /// A schema's `description`.
    SchemaDescription,
    /// A schema's `title`.
    SchemaTitle,
    /// A string in `enum`, `const`, `default` or `examples`.
    Value,
    /// The server's `instructions`.
    Instructions,
    /// The `name` of a prompt, a prompt's argument, a resource or a
    /// resource template.
    ItemName(Item),
    /// Its `title`.
    ItemTitle(Item),
    /// Its `description`.
    ItemDescription(Item),
    /// A resource's `uri` or a template's `uriTemplate`.
    ItemAddress(Item),
}

/// What the server offers besides its tools, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Item {
    Prompt,
    PromptArgument,
    Resource,
    ResourceTemplate,
}

impl Item {
    fn of(kind: ListKind) -> Self {
        match kind {
            ListKind::Prompts => Item::Prompt,
            ListKind::Resources => Item::Resource,
            ListKind::ResourceTemplates => Item::ResourceTemplate,
        }
    }
}

impl TextKind {
    /// How a message names it.
    pub(crate) fn label(self) -> &'static str {
        match self {
            TextKind::ToolName => "tool name",
            TextKind::ToolTitle => "tool title",
            TextKind::ToolDescription => "tool description",
            TextKind::PropertyName => "property name",
            TextKind::SchemaDescription => "description",
            TextKind::SchemaTitle => "title",
            TextKind::Value => "value",
            TextKind::Instructions => "server instructions field",
            TextKind::ItemName(item) => match item {
                Item::Prompt => "prompt name",
                Item::PromptArgument => "prompt argument name",
                Item::Resource => "resource name",
                Item::ResourceTemplate => "resource template name",
            },
            TextKind::ItemTitle(item) => match item {
                Item::Prompt => "prompt title",
                Item::PromptArgument => "prompt argument title",
                Item::Resource => "resource title",
                Item::ResourceTemplate => "resource template title",
            },
            TextKind::ItemDescription(item) => match item {
                Item::Prompt => "prompt description",
                Item::PromptArgument => "prompt argument description",
                Item::Resource => "resource description",
                Item::ResourceTemplate => "resource template description",
            },
            TextKind::ItemAddress(item) => match item {
                Item::ResourceTemplate => "resource template URI",
                _ => "resource URI",
            },
        }
    }

    /// Whether the text is a name (of a tool, a property, a prompt, an
    /// argument or a resource), which clients send back as it is.
    pub(crate) fn is_name(self) -> bool {
        matches!(
            self,
            TextKind::ToolName | TextKind::PropertyName | TextKind::ItemName(_)
        )
    }

    /// Whether the text is prose (as opposed to a name or a value).
    pub(crate) fn is_prose(self) -> bool {
        matches!(
            self,
            TextKind::ToolTitle
                | TextKind::ToolDescription
                | TextKind::SchemaDescription
                | TextKind::SchemaTitle
                | TextKind::Instructions
                | TextKind::ItemTitle(_)
                | TextKind::ItemDescription(_)
        )
    }
}

/// One string a model or a user reads.
pub(crate) struct Text<'a> {
    /// The tool it belongs to; `None` for the server's text besides its
    /// tools.
    pub(crate) tool: Option<&'a Tool<'a>>,
    /// What it is.
    pub(crate) kind: TextKind,
    /// The text.
    pub(crate) text: &'a str,
    /// The property whose schema holds it (its description, title or a
    /// value), or that it names; `None` for the tool's own fields and the
    /// server's text.
    pub(crate) property: Option<&'a str>,
    /// Where it is (for a property name: the property), as a base and the
    /// keys below it, joined only for a finding.
    base: &'a Path,
    tail: Tail,
}

/// The segments below [`Text::base`].
#[derive(Clone, Copy)]
enum Tail {
    None,
    Key(&'static str),
    Keys(&'static str, &'static str),
    Item(&'static str, usize),
    ItemKey(&'static str, usize, &'static str),
}

impl Text<'_> {
    /// Where the text is.
    pub(crate) fn path(&self) -> Path {
        match self.tail {
            Tail::None => self.base.clone(),
            Tail::Key(k) => self.base.key(k),
            Tail::Keys(a, b) => self.base.key(a).key(b),
            Tail::Item(k, i) => self.base.key(k).index(i),
            Tail::ItemKey(k, i, m) => self.base.key(k).index(i).key(m),
        }
    }
}

impl Text<'_> {
    /// The fix that puts `clean` in place of this text: safe in a title or a
    /// description, which only people and models read; unsafe in a name or a
    /// value, which clients send back and must then match (a property name is
    /// renamed; so is the name or address of a prompt or a resource).
    ///
    /// None (an empty fix, which is not attached) for the server's text
    /// besides its tools: the fixer edits tool definitions.
    pub(crate) fn replaced_by(&self, title: &'static str, clean: String) -> Fix {
        if self.tool.is_none() {
            return Fix::default();
        }
        match self.kind {
            TextKind::PropertyName => Fix::r#unsafe(
                title,
                vec![Op::Rename {
                    path: self.path(),
                    key: clean,
                }],
            ),
            TextKind::ToolName
            | TextKind::Value
            | TextKind::ItemName(_)
            | TextKind::ItemAddress(_) => Fix::r#unsafe(
                title,
                vec![Op::Replace {
                    path: self.path(),
                    json: crate::fix::json(&clean),
                }],
            ),
            _ => Fix::safe(
                title,
                vec![Op::Replace {
                    path: self.path(),
                    json: crate::fix::json(&clean),
                }],
            ),
        }
    }
}

/// Visits every name, title, description and string value of every tool: the
/// tool's own fields, then every subschema of its input and output schemas;
/// then, when the rule is to see them ([`Definitions::server`]), the
/// server's instructions and the names, titles, descriptions and addresses
/// of its prompts (and their arguments), resources and resource templates.
pub(crate) fn each_text<'a>(cx: &Definitions<'a>, visit: &mut dyn FnMut(&Text<'_>)) {
    each_tool_text(cx, visit);
    if let Some(server) = cx.server() {
        each_server_text(server, visit);
    }
}

/// The server's text besides its tools, for [`each_text`].
fn each_server_text(server: &ServerText<'_>, visit: &mut dyn FnMut(&Text<'_>)) {
    if let Some(Located { value, path }) = &server.instructions
        && let Some(text) = value.as_str()
    {
        visit(&Text {
            tool: None,
            kind: TextKind::Instructions,
            text,
            property: None,
            base: path,
            tail: Tail::None,
        });
    }
    for (list, Located { value, path }) in server.all_items() {
        let item = Item::of(list);
        let mut fields = vec![
            ("name", TextKind::ItemName(item)),
            ("title", TextKind::ItemTitle(item)),
            ("description", TextKind::ItemDescription(item)),
        ];
        if let Some(address) = list.address() {
            fields.push((address, TextKind::ItemAddress(item)));
        }
        for (key, kind) in fields {
            if let Some(text) = value.get(key).and_then(Value::as_str) {
                visit(&Text {
                    tool: None,
                    kind,
                    text,
                    property: None,
                    base: path,
                    tail: Tail::Key(key),
                });
            }
        }
        let arguments = value.get("arguments").and_then(Value::as_array);
        for (i, argument) in arguments.into_iter().flatten().enumerate() {
            for (key, kind) in [
                ("name", TextKind::ItemName(Item::PromptArgument)),
                ("title", TextKind::ItemTitle(Item::PromptArgument)),
                (
                    "description",
                    TextKind::ItemDescription(Item::PromptArgument),
                ),
            ] {
                if let Some(text) = argument.get(key).and_then(Value::as_str) {
                    visit(&Text {
                        tool: None,
                        kind,
                        text,
                        property: None,
                        base: path,
                        tail: Tail::ItemKey("arguments", i, key),
                    });
                }
            }
        }
    }
}

/// The tools' text, for [`each_text`].
fn each_tool_text<'a>(cx: &Definitions<'a>, visit: &mut dyn FnMut(&Text<'_>)) {
    for tool in cx.tools() {
        let Some(obj) = tool.object() else { continue };
        let mut own = |kind, value: Option<&'a Value>, tail| {
            if let Some(text) = value.and_then(Value::as_str) {
                visit(&Text {
                    tool: Some(tool),
                    kind,
                    text,
                    property: None,
                    base: &tool.path,
                    tail,
                });
            }
        };
        own(TextKind::ToolName, member(obj, "name"), Tail::Key("name"));
        own(
            TextKind::ToolTitle,
            member(obj, "title"),
            Tail::Key("title"),
        );
        own(
            TextKind::ToolTitle,
            member(obj, "annotations")
                .and_then(Value::as_object)
                .and_then(|a| member(a, "title")),
            Tail::Keys("annotations", "title"),
        );
        own(
            TextKind::ToolDescription,
            member(obj, "description"),
            Tail::Key("description"),
        );
    }
    // Definitions nothing references are still text the model reads.
    cx.each_schema_node_everywhere(&mut |tool, _kind: SchemaKind, node| {
        if let Some(name) = node.property_name() {
            visit(&Text {
                tool: Some(tool),
                kind: TextKind::PropertyName,
                text: name,
                property: Some(name),
                base: &node.path,
                tail: Tail::None,
            });
        }
        let Some(obj) = node.object() else { return };
        // One pass over the keywords (keys are unique), then the texts in a
        // fixed order.
        let mut texts: [Option<&str>; 4] = [None; 4];
        let mut lists: [Option<&[Value]>; 2] = [None; 2];
        for (key, value) in obj {
            match key.as_str() {
                "description" => texts[0] = value.as_str(),
                "title" => texts[1] = value.as_str(),
                "const" => texts[2] = value.as_str(),
                "default" => texts[3] = value.as_str(),
                "enum" => lists[0] = value.as_array(),
                "examples" => lists[1] = value.as_array(),
                _ => {}
            }
        }
        for ((key, kind), text) in [
            ("description", TextKind::SchemaDescription),
            ("title", TextKind::SchemaTitle),
            ("const", TextKind::Value),
            ("default", TextKind::Value),
        ]
        .into_iter()
        .zip(texts)
        {
            if let Some(text) = text {
                visit(&Text {
                    tool: Some(tool),
                    kind,
                    text,
                    property: node.property_name(),
                    base: &node.path,
                    tail: Tail::Key(key),
                });
            }
        }
        for (key, items) in ["enum", "examples"].into_iter().zip(lists) {
            let Some(items) = items else {
                continue;
            };
            for (i, item) in items.iter().enumerate() {
                if let Some(text) = item.as_str() {
                    visit(&Text {
                        tool: Some(tool),
                        kind: TextKind::Value,
                        text,
                        property: node.property_name(),
                        base: &node.path,
                        tail: Tail::Item(key, i),
                    });
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    /// The security rules split names with `clarity::name_tokens`.
    #[test]
    fn splits_names_into_words() {
        use crate::rules::clarity::name_tokens;
        assert_eq!(name_tokens("apiKey"), ["api", "key"]);
        assert_eq!(name_tokens("X-Auth-Token"), ["x", "auth", "token"]);
        assert_eq!(name_tokens("APIKey"), ["api", "key"]);
        assert_eq!(name_tokens("secret_type"), ["secret", "type"]);
    }
}
