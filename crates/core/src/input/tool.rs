//! One tool definition as the rules read it: its dialect ([`Flavour`]), its
//! place in the pasted document, the members the rules read most, and what
//! it costs a model in tokens.

use std::cell::OnceCell;
use std::sync::Arc;

use crate::path::Path;
use crate::value::{Map, Value};

/// The dialect of one tool definition, which decides its field names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Flavour {
    /// MCP `Tool`: `name`, `description`, `inputSchema`.
    Mcp,
    /// Chat Completions `function`: `name`, `description`, `parameters`, `strict`.
    OpenAiChat,
    /// Responses flat function tool.
    OpenAiResponses,
    /// Legacy `functions` entry (no `strict`).
    OpenAiLegacy,
    /// Anthropic tool: `name`, `description`, `input_schema`, `strict`.
    Anthropic,
    /// Gemini function declaration with `parameters` (Gemini's OpenAPI subset).
    GeminiParameters,
    /// Gemini function declaration with `parametersJsonSchema` (JSON Schema).
    GeminiJsonSchema,
}

impl Flavour {
    /// The key that holds the input schema.
    #[must_use]
    pub fn schema_key(self) -> &'static str {
        match self {
            Flavour::Mcp => "inputSchema",
            Flavour::OpenAiChat | Flavour::OpenAiResponses | Flavour::OpenAiLegacy => "parameters",
            Flavour::Anthropic => "input_schema",
            Flavour::GeminiParameters => "parameters",
            Flavour::GeminiJsonSchema => "parametersJsonSchema",
        }
    }
}

/// One tool definition in the pasted document.
#[derive(Debug, Clone)]
pub struct Tool<'a> {
    /// Its position in the list.
    pub index: usize,
    /// The raw definition (not necessarily an object).
    pub value: &'a Value,
    /// Where the definition is.
    pub path: Path,
    /// Its dialect.
    pub flavour: Flavour,
    /// [`Tool::label`], made on first use and shared by the tool's findings.
    shared_label: OnceCell<Arc<str>>,
    /// [`Tool::input_schema_path`], made on first use and shared by the rules.
    input_schema_path: OnceCell<Path>,
    /// [`Tool::tokens`], counted on first use and shared by the budget rules
    /// and the report.
    tokens: OnceCell<Measured>,
    /// The members most rules ask for, found in one pass when the tool is made.
    known: Known<'a>,
}

/// The members of a tool definition that the rules read most.
#[derive(Debug, Clone, Copy, Default)]
struct Known<'a> {
    name: Option<&'a Value>,
    description: Option<&'a Value>,
    input_schema: Option<&'a Value>,
    output_schema: Option<&'a Value>,
}

impl<'a> Known<'a> {
    fn of(value: &'a Value, flavour: Flavour) -> Self {
        let mut known = Self::default();
        let schema_key = flavour.schema_key();
        for (key, member) in value.as_object().into_iter().flatten() {
            let slot = match key.as_str() {
                "name" => &mut known.name,
                "description" => &mut known.description,
                "outputSchema" if flavour == Flavour::Mcp => &mut known.output_schema,
                k if k == schema_key => &mut known.input_schema,
                _ => continue,
            };
            *slot = Some(member);
        }
        known
    }
}

impl<'a> Tool<'a> {
    /// The tool at position `index`, `value`, found at `path`.
    #[must_use]
    pub fn new(index: usize, value: &'a Value, path: Path, flavour: Flavour) -> Self {
        Self {
            index,
            value,
            path,
            flavour,
            shared_label: OnceCell::new(),
            input_schema_path: OnceCell::new(),
            tokens: OnceCell::new(),
            known: Known::of(value, flavour),
        }
    }

    /// What the definition costs a model, in tokens ([`tokens`]),
    /// counted once.
    #[must_use]
    pub fn tokens(&self) -> usize {
        self.measured().tokens
    }

    /// A hash of the definition's compact JSON: two definitions with the
    /// same fingerprint are the same text (a check of an edited text tells
    /// the tools the edit left alone by it). Made with [`Tool::tokens`];
    /// without the `incremental` feature, the same for every tool.
    #[must_use]
    pub fn fingerprint(&self) -> u64 {
        self.measured().fingerprint
    }

    fn measured(&self) -> Measured {
        *self.tokens.get_or_init(|| measure(self.value))
    }

    /// [`Tool::label`], made once: every call returns the same shared text.
    #[must_use]
    pub fn shared_label(&self) -> Arc<str> {
        Arc::clone(self.shared_label.get_or_init(|| Arc::from(self.label())))
    }

    /// The definition as an object, if it is one.
    #[must_use]
    pub fn object(&self) -> Option<&'a Map> {
        self.value.as_object()
    }

    /// A member of the definition.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&'a Value> {
        crate::value::member(self.object()?, key)
    }

    /// The name, when it is a string.
    #[must_use]
    pub fn name(&self) -> Option<&'a str> {
        self.known.name?.as_str()
    }

    /// The description, when it is a string.
    #[must_use]
    pub fn description(&self) -> Option<&'a str> {
        self.known.description?.as_str()
    }

    /// The input schema, whatever its type.
    #[must_use]
    pub fn input_schema(&self) -> Option<&'a Value> {
        self.known.input_schema
    }

    /// The path of the input schema.
    #[must_use]
    pub fn input_schema_path(&self) -> Path {
        self.input_schema_path
            .get_or_init(|| self.path.key(self.flavour.schema_key()))
            .clone()
    }

    /// The output schema (MCP `outputSchema`), whatever its type.
    #[must_use]
    pub fn output_schema(&self) -> Option<&'a Value> {
        self.known.output_schema
    }

    /// Whether the definition itself asks for strict mode (`"strict": true`).
    #[must_use]
    pub fn declares_strict(&self) -> bool {
        self.get("strict").and_then(Value::as_bool) == Some(true)
    }

    /// A label for messages: the name, or the position when there is none.
    #[must_use]
    pub fn label(&self) -> String {
        self.name()
            .map_or_else(|| format!("tool #{}", self.index + 1), str::to_owned)
    }
}

/// The `tools` member that was found, when the document has one.
#[derive(Debug, Clone)]
pub struct ToolsField<'a> {
    /// Where it is.
    pub path: Path,
    /// What it holds (an array, or something that should have been one).
    pub value: &'a Value,
    /// The `tools/list` result that holds it (its parent), when the document
    /// is one: a JSON-RPC response, a result object or a transcript page.
    /// `None` for a provider's request body.
    pub result: Option<&'a Value>,
}

impl<'a> ToolsField<'a> {
    /// Where [`ToolsField::result`] is.
    #[must_use]
    pub fn result_path(&self) -> Path {
        self.path.parent()
    }

    /// A member of the `tools/list` result, when there is one.
    #[must_use]
    pub fn result_member(&self, key: &str) -> Option<&'a Value> {
        self.result?.get(key)
    }
}

/// What one definition costs a model, in tokens: its compact JSON, in bytes,
/// divided by four and rounded up, the estimate the size check uses. A tool
/// reaches the model as its compact JSON whatever the capture's layout.
#[must_use]
pub fn tokens(value: &Value) -> usize {
    measure(value).tokens
}

/// A definition's tokens and fingerprint, from one pass over its compact
/// JSON.
#[derive(Debug, Clone, Copy)]
struct Measured {
    tokens: usize,
    fingerprint: u64,
}

fn measure(value: &Value) -> Measured {
    use std::hash::Hasher as _;
    /// Counts and hashes the bytes written to it.
    struct Counter(usize, rustc_hash::FxHasher);
    impl std::io::Write for Counter {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len();
            // Only a check after an edit reads the fingerprint.
            if cfg!(feature = "incremental") {
                self.1.write(buf);
            }
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut counter = Counter(0, rustc_hash::FxHasher::default());
    // Writing to a counter cannot fail, and a value always serialises.
    let _ = serde_json::to_writer(&mut counter, value);
    Measured {
        tokens: counter.0.div_ceil(4),
        fingerprint: counter.1.finish(),
    }
}

/// Which schema of a tool: what the rules walk and what the diff compares
/// (an input schema accepts what a model sends, an output schema promises
/// what consumers read).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SchemaKind {
    /// The input schema (`inputSchema`, `parameters`, `input_schema`).
    Input,
    /// MCP `outputSchema`.
    Output,
}
