//! Hidden or hostile content: invisible characters, lookalike letters,
//! instructions aimed at the model, and parameters that collect secrets.

pub(crate) mod confusable_name;
pub(crate) mod control_characters;
pub(crate) mod encoded_payload;
pub(crate) mod hidden_unicode;
pub(crate) mod injected_instructions;
pub(crate) mod internal_address;
pub(crate) mod secret_in_definition;
pub(crate) mod suspicious_link;
pub(crate) mod tool_shadowing;
pub(crate) mod unexplained_sensitive_parameter;
pub(crate) mod variation_selector_payload;

use crate::value::Value;

use crate::fix::{Fix, Op};
use crate::input::SchemaKind;
use crate::input::Tool;
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
        }
    }

    /// Whether the text is prose (as opposed to a name or a value).
    pub(crate) fn is_prose(self) -> bool {
        matches!(
            self,
            TextKind::ToolTitle
                | TextKind::ToolDescription
                | TextKind::SchemaDescription
                | TextKind::SchemaTitle
        )
    }
}

/// One string a model or a user reads.
pub(crate) struct Text<'a> {
    /// The tool it belongs to.
    pub(crate) tool: &'a Tool<'a>,
    /// What it is.
    pub(crate) kind: TextKind,
    /// The text.
    pub(crate) text: &'a str,
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
}

impl Text<'_> {
    /// Where the text is.
    pub(crate) fn path(&self) -> Path {
        match self.tail {
            Tail::None => self.base.clone(),
            Tail::Key(k) => self.base.key(k),
            Tail::Keys(a, b) => self.base.key(a).key(b),
            Tail::Item(k, i) => self.base.key(k).index(i),
        }
    }
}

impl Text<'_> {
    /// The fix that puts `clean` in place of this text: safe in a title or a
    /// description, which only people and models read; unsafe in a name or a
    /// value, which clients send back and must then match (a property name is
    /// renamed).
    pub(crate) fn replaced_by(&self, title: &'static str, clean: String) -> Fix {
        match self.kind {
            TextKind::PropertyName => Fix::r#unsafe(
                title,
                vec![Op::Rename {
                    path: self.path(),
                    key: clean,
                }],
            ),
            TextKind::ToolName | TextKind::Value => Fix::r#unsafe(
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
/// tool's own fields, then every subschema of its input and output schemas.
pub(crate) fn each_text<'a>(cx: &Definitions<'a>, visit: &mut dyn FnMut(&Text<'_>)) {
    for tool in cx.tools() {
        let Some(obj) = tool.object() else { continue };
        let mut own = |kind, value: Option<&'a Value>, tail| {
            if let Some(text) = value.and_then(Value::as_str) {
                visit(&Text {
                    tool,
                    kind,
                    text,
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
                tool,
                kind: TextKind::PropertyName,
                text: name,
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
                    tool,
                    kind,
                    text,
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
                        tool,
                        kind: TextKind::Value,
                        text,
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
