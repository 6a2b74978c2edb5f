//! Compares two captures of the same server and classifies every change as
//! **breaking**, **review** or **compatible**.
//!
//! A changed description (of a tool, a parameter or an output property) needs
//! review: it breaks no call, yet it is text the model reads as trusted
//! guidance, and changing it after a user approved the server is how a "rug
//! pull" lands. Each such change carries the old and the new text, and what
//! the rules about hostile text (those declared `hostile_text`) find in the new one.
//!
//! Inputs and outputs vary in opposite directions. For an `inputSchema`
//! (what a model sends), accepting less is breaking: a removed or renamed
//! property, a newly required one, a narrowed type, removed enum values, a
//! tightened `additionalProperties`. For an `outputSchema` (what consumers
//! read), promising less is breaking: a removed property, one no longer
//! required, a widened or changed type, added enum values. A tool that turns
//! destructive, stops being read-only or idempotent, or starts reaching an
//! open world is breaking for clients that auto-approve on those hints
//! (defaults applied: `destructiveHint` true, `openWorldHint` true,
//! `readOnlyHint` and `idempotentHint` false).
//!
//! A renamed property is recognised when a removed and an added property have
//! the same type and loosely equal names ([`crate::text::closest`]); a
//! `required` entry left behind by such a rename is the classic incident
//! (`customer_id` renamed to `customerId` in `properties`, still in
//! `required`: every call then fails).
//!
//! Pure: the caller reads the files. Renderers are in [`render`].

pub mod render;

use std::fmt;

use serde::Serialize;

use crate::InputError;
use crate::input::{self, Document, Format, Tool};
use crate::path::Path;
use crate::text::unicode::quote_excerpt;
use crate::text::{closest, quote};
use crate::value::{Map, Value};

/// Whether a change can break a client or consumer. The order is from worst
/// to mildest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// A caller or consumer that worked before can fail now.
    Breaking,
    /// Nothing fails, but what the model reads changed: a person should read
    /// the new text before the new capture is trusted.
    Review,
    /// Everything that worked before still works.
    Compatible,
}

impl Class {
    /// `breaking`, `review` or `compatible`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Class::Breaking => "breaking",
            Class::Review => "review",
            Class::Compatible => "compatible",
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Which capture a change's path points into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The old capture (for things that were removed).
    Old,
    /// The new capture.
    New,
}

impl Side {
    /// `old` or `new`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Old => "old",
            Side::New => "new",
        }
    }
}

macro_rules! kinds {
    ($($variant:ident = $id:literal, $class:ident, $summary:literal;)*) => {
        /// Every kind of change, with a stable id.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Kind {
            $(#[doc = $summary] $variant,)*
        }

        impl Kind {
            /// Every kind, in a fixed order.
            pub const ALL: &[Kind] = &[$(Kind::$variant,)*];

            /// The stable kebab-case id.
            #[must_use]
            pub fn id(self) -> &'static str {
                match self { $(Kind::$variant => $id,)* }
            }

            /// Whether it is breaking or compatible.
            #[must_use]
            pub fn class(self) -> Class {
                match self { $(Kind::$variant => Class::$class,)* }
            }

            /// One line describing the kind.
            #[must_use]
            pub fn summary(self) -> &'static str {
                match self { $(Kind::$variant => $summary,)* }
            }
        }
    };
}

kinds! {
    ToolRemoved = "tool-removed", Breaking, "A tool was removed";
    ToolAdded = "tool-added", Compatible, "A tool was added";
    PropertyRemoved = "property-removed", Breaking, "An input property was removed";
    PropertyRenamed = "property-renamed", Breaking, "An input property was renamed";
    PropertyAdded = "property-added", Compatible, "An optional input property was added";
    RequiredAdded = "required-added", Breaking, "An input property became required";
    RequiredRemoved = "required-removed", Compatible, "An input property is no longer required";
    RequiredDangling = "required-dangling", Breaking, "A required entry names a property that is no longer in properties";
    TypeNarrowed = "type-narrowed", Breaking, "An input type accepts fewer values";
    TypeWidened = "type-widened", Compatible, "An input type accepts more values";
    TypeChanged = "type-changed", Breaking, "An input type changed";
    EnumValuesRemoved = "enum-values-removed", Breaking, "Input enum values were removed";
    EnumValuesAdded = "enum-values-added", Compatible, "Input enum values were added";
    EnumIntroduced = "enum-introduced", Breaking, "An input is now restricted to an enum";
    EnumDropped = "enum-dropped", Compatible, "An input is no longer restricted to an enum";
    AdditionalPropertiesTightened = "additional-properties-tightened", Breaking, "An input object no longer accepts unknown properties";
    AdditionalPropertiesLoosened = "additional-properties-loosened", Compatible, "An input object now accepts unknown properties";
    OutputSchemaRemoved = "output-schema-removed", Breaking, "A tool no longer declares an outputSchema";
    OutputSchemaAdded = "output-schema-added", Compatible, "A tool now declares an outputSchema";
    OutputPropertyRemoved = "output-property-removed", Breaking, "An output property was removed";
    OutputPropertyRenamed = "output-property-renamed", Breaking, "An output property was renamed";
    OutputPropertyAdded = "output-property-added", Compatible, "An output property was added";
    OutputRequiredRemoved = "output-required-removed", Breaking, "An output property is no longer guaranteed";
    OutputRequiredAdded = "output-required-added", Compatible, "An output property is now guaranteed";
    OutputTypeNarrowed = "output-type-narrowed", Compatible, "An output type promises fewer kinds of value";
    OutputTypeWidened = "output-type-widened", Breaking, "An output type can return more kinds of value";
    OutputTypeChanged = "output-type-changed", Breaking, "An output type changed";
    OutputEnumValuesRemoved = "output-enum-values-removed", Compatible, "Output enum values were removed";
    OutputEnumValuesAdded = "output-enum-values-added", Breaking, "Output enum values were added";
    OutputEnumIntroduced = "output-enum-introduced", Compatible, "An output is now restricted to an enum";
    OutputEnumDropped = "output-enum-dropped", Breaking, "An output is no longer restricted to an enum";
    BecameDestructive = "became-destructive", Breaking, "A tool is now destructive";
    NoLongerDestructive = "no-longer-destructive", Compatible, "A tool is no longer destructive";
    NoLongerReadOnly = "no-longer-read-only", Breaking, "A tool is no longer read-only";
    BecameReadOnly = "became-read-only", Compatible, "A tool is now read-only";
    NoLongerIdempotent = "no-longer-idempotent", Breaking, "A tool is no longer idempotent";
    BecameIdempotent = "became-idempotent", Compatible, "A tool is now idempotent";
    BecameOpenWorld = "became-open-world", Breaking, "A tool now reaches an open world";
    NoLongerOpenWorld = "no-longer-open-world", Compatible, "A tool no longer reaches an open world";
    DescriptionChanged = "description-changed", Review, "A tool's description changed";
    ParameterDescriptionChanged = "parameter-description-changed", Review, "A parameter's or output property's description changed";
}

impl Serialize for Kind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

/// One change between the two captures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    /// What changed.
    pub kind: Kind,
    /// Breaking or compatible.
    pub class: Class,
    /// The tool's name.
    pub tool: String,
    /// The capture `path` points into.
    pub side: Side,
    /// Where, in that capture as pasted.
    pub path: Path,
    /// One line for people.
    pub message: String,
    /// For a changed description: the two texts, and what the rules about
    /// hostile text find in the new one.
    pub text: Option<TextChange>,
}

/// A changed description.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TextChange {
    /// The text before; `None` when there was none.
    pub old: Option<String>,
    /// The text now; `None` when it was removed.
    pub new: Option<String>,
    /// What the rules about hostile text (those declared `hostile_text`) report about the new
    /// text.
    pub concerns: Vec<Concern>,
}

/// A finding of one of the `hostile_text` rules on a changed description.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Concern {
    /// The rule's id.
    pub rule: &'static str,
    /// The finding's severity.
    pub severity: crate::Severity,
    /// The finding's message.
    pub message: String,
}

/// What one side was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Capture {
    /// The detected format.
    pub format: Format,
    /// The number of tools.
    pub tools: usize,
}

/// The changes from one capture to the next.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Diff {
    /// The old capture.
    pub old: Capture,
    /// The new capture.
    pub new: Capture,
    /// Every change: the old list's tool order, then added tools.
    pub changes: Vec<Change>,
}

impl Diff {
    /// How many changes are of this class.
    #[must_use]
    pub fn count(&self, class: Class) -> usize {
        self.changes.iter().filter(|c| c.class == class).count()
    }

    /// The worst class present, if anything changed.
    #[must_use]
    pub fn worst(&self) -> Option<Class> {
        self.changes.iter().map(|c| c.class).min()
    }

    /// `2 breaking, 1 to review, 1 compatible`.
    #[must_use]
    pub fn summary(&self) -> String {
        format!(
            "{} breaking, {} to review, {} compatible",
            self.count(Class::Breaking),
            self.count(Class::Review),
            self.count(Class::Compatible)
        )
    }

    /// How many changed descriptions have an error-level concern: text that
    /// shows an attack.
    #[must_use]
    pub fn attacks(&self) -> usize {
        self.changes
            .iter()
            .filter(|c| {
                c.text.as_ref().is_some_and(|t| {
                    t.concerns
                        .iter()
                        .any(|f| f.severity == crate::Severity::Error)
                })
            })
            .count()
    }
}

/// Why a diff could not be computed: one of the captures is unreadable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiffError {
    /// Which capture.
    pub side: Side,
    /// What is wrong with it.
    pub error: InputError,
}

impl fmt::Display for DiffError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} capture: {}", self.side.as_str(), self.error)
    }
}

impl std::error::Error for DiffError {}

/// Compares two captures in any accepted format.
///
/// # Errors
/// A [`DiffError`] naming the capture that is not valid JSON or not a
/// recognisable tool list.
pub fn diff(old: &str, new: &str) -> Result<Diff, DiffError> {
    let err = |side| move |error| DiffError { side, error };
    let old_doc = Document::parse(old).map_err(err(Side::Old))?;
    let old_input = input::detect(&old_doc).map_err(err(Side::Old))?;
    let new_doc = Document::parse(new).map_err(err(Side::New))?;
    let new_input = input::detect(&new_doc).map_err(err(Side::New))?;
    let mut changes = compare_lists(&old_input.tools, &new_input.tools);
    judge_new_texts(new, &mut changes);
    Ok(Diff {
        old: Capture {
            format: old_input.format,
            tools: old_input.tools.len(),
        },
        new: Capture {
            format: new_input.format,
            tools: new_input.tools.len(),
        },
        changes,
    })
}

/// Runs the `hostile_text` rules on the new capture when a description changed,
/// and gives each changed description the findings at its path.
fn judge_new_texts(new: &str, changes: &mut [Change]) {
    if !changes
        .iter()
        .any(|c| c.text.as_ref().is_some_and(|t| t.new.is_some()))
    {
        return;
    }
    let mut settings = crate::Settings::default();
    settings.rules.select = Some(
        crate::catalog::every_rule()
            .filter(|rule| rule.hostile_text)
            .map(|rule| rule.id.to_owned())
            .collect(),
    );
    let Ok(report) = crate::check(new, &settings) else {
        return;
    };
    for change in changes {
        let Some(text) = change.text.as_mut().filter(|t| t.new.is_some()) else {
            continue;
        };
        text.concerns = report
            .findings
            .iter()
            .filter(|f| f.path == change.path)
            .map(|f| Concern {
                rule: f.rule.id,
                severity: f.severity,
                message: f.message.clone(),
            })
            .collect();
    }
}

/// The named tools, first occurrence of each name, in list order.
fn named<'t, 'a>(tools: &'t [Tool<'a>]) -> Vec<(&'a str, &'t Tool<'a>)> {
    let mut out: Vec<(&str, &Tool<'_>)> = Vec::new();
    for t in tools {
        if let Some(name) = t.name()
            && !out.iter().any(|(n, _)| *n == name)
        {
            out.push((name, t));
        }
    }
    out
}

fn compare_lists(old: &[Tool<'_>], new: &[Tool<'_>]) -> Vec<Change> {
    let old = named(old);
    let new = named(new);
    let added: Vec<&str> = new
        .iter()
        .map(|(n, _)| *n)
        .filter(|n| !old.iter().any(|(o, _)| o == n))
        .collect();
    let mut out = Out::default();
    for (name, o) in &old {
        match new.iter().find(|(n, _)| n == name) {
            Some((_, n)) => compare_tool(name, o, n, &mut out),
            None => {
                let hint = closest(name, added.iter().copied())
                    .map(|a| format!(" (a tool named {} was added: if it is the same tool, the rename breaks every caller that uses the old name)", quote(a)))
                    .unwrap_or_default();
                out.push(
                    Kind::ToolRemoved,
                    name,
                    Side::Old,
                    o.path.clone(),
                    format!("tool {} was removed; agents and clients that call it get an unknown-tool error{hint}", quote(name)),
                );
            }
        }
    }
    for name in &added {
        if let Some((_, n)) = new.iter().find(|(x, _)| x == name) {
            out.push(
                Kind::ToolAdded,
                name,
                Side::New,
                n.path.clone(),
                format!("tool {} was added", quote(name)),
            );
        }
    }
    out.changes
}

#[derive(Default)]
struct Out {
    changes: Vec<Change>,
}

impl Out {
    fn push(&mut self, kind: Kind, tool: &str, side: Side, path: Path, message: String) {
        self.push_with_text(kind, tool, side, path, message, None);
    }

    fn push_with_text(
        &mut self,
        kind: Kind,
        tool: &str,
        side: Side,
        path: Path,
        message: String,
        text: Option<TextChange>,
    ) {
        self.changes.push(Change {
            kind,
            class: kind.class(),
            tool: tool.to_owned(),
            side,
            path,
            message,
            text,
        });
    }

    /// A changed description: `what` (`the description of tool "x"`) at
    /// `old` and `new`, the paths of the two schemas or tools.
    fn text(
        &mut self,
        kind: Kind,
        tool: &str,
        what: &str,
        old: (&Path, &Value),
        new: (&Path, &Value),
    ) {
        let (ot, nt) = (description(old.1), description(new.1));
        if ot == nt {
            return;
        }
        let (side, path) = if nt.is_some() {
            (Side::New, new.0.key("description"))
        } else {
            (Side::Old, old.0.key("description"))
        };
        let message = match (ot, nt) {
            (None, Some(n)) => format!("{what} was added: {}", quote_excerpt(n, EXCERPT)),
            (Some(o), None) => format!("{what} was removed; it was {}", quote_excerpt(o, EXCERPT)),
            (Some(o), Some(n)) => format!("{what} changed: {}", changed_part(o, n)),
            (None, None) => return,
        };
        let text = TextChange {
            old: ot.map(str::to_owned),
            new: nt.map(str::to_owned),
            concerns: Vec::new(),
        };
        self.push_with_text(kind, tool, side, path, message, Some(text));
    }
}

/// The longest quote of a changed text in a message, in characters.
const EXCERPT: usize = 120;

/// The characters of context kept around a change.
const CONTEXT: usize = 20;

fn description(v: &Value) -> Option<&str> {
    v.get("description").and_then(Value::as_str)
}

/// Where two texts differ: `"…now reads [was: "a"] [now: "b"]…"`, each side
/// quoted with invisible and control characters escaped, the common start and
/// end cut to a little context.
fn changed_part(old: &str, new: &str) -> String {
    let (o, n): (Vec<char>, Vec<char>) = (old.chars().collect(), new.chars().collect());
    let prefix = o.iter().zip(&n).take_while(|(a, b)| a == b).count();
    let suffix = o[prefix..]
        .iter()
        .rev()
        .zip(n[prefix..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let from = prefix.saturating_sub(CONTEXT);
    let lead = if from > 0 { "…" } else { "" };
    let trail = if suffix > CONTEXT { "…" } else { "" };
    let keep = suffix.min(CONTEXT);
    let side = |chars: &[char]| -> String {
        let text: String = chars[from..chars.len() - suffix + keep].iter().collect();
        let quoted = quote_excerpt(&text, EXCERPT);
        let inner = &quoted[1..quoted.len() - 1];
        format!("\"{lead}{inner}{trail}\"")
    };
    format!("was {}, now {}", side(&o), side(&n))
}

/// Input or output schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scope {
    Input,
    Output,
}

impl Scope {
    fn pick(self, input: Kind, output: Kind) -> Kind {
        match self {
            Scope::Input => input,
            Scope::Output => output,
        }
    }
}

/// Where a comparison is: the tool, both paths, and a label for messages.
struct At<'p> {
    tool: &'p str,
    old: Path,
    new: Path,
    /// `customerId`, `filters.status`, `items[]`; empty at the schema root.
    label: String,
    scope: Scope,
}

impl At<'_> {
    fn child(&self, old: Path, new: Path, label: String) -> At<'_> {
        At {
            tool: self.tool,
            old,
            new,
            label,
            scope: self.scope,
        }
    }

    /// `property "x"` or `the input schema`.
    fn what(&self) -> String {
        if self.label.is_empty() {
            match self.scope {
                Scope::Input => "the input schema".to_owned(),
                Scope::Output => "the output schema".to_owned(),
            }
        } else {
            format!("{} {}", self.noun(), quote(&self.label))
        }
    }

    fn noun(&self) -> &'static str {
        match self.scope {
            Scope::Input => "parameter",
            Scope::Output => "output property",
        }
    }

    fn join(&self, name: &str) -> String {
        if self.label.is_empty() {
            name.to_owned()
        } else {
            format!("{}.{name}", self.label)
        }
    }
}

fn compare_tool(name: &str, o: &Tool<'_>, n: &Tool<'_>, out: &mut Out) {
    out.text(
        Kind::DescriptionChanged,
        name,
        &format!("the description of tool {}", quote(name)),
        (&o.path, o.value),
        (&n.path, n.value),
    );
    let empty = Value::Object(Map::new());
    let at = At {
        tool: name,
        old: o.input_schema_path(),
        new: n.input_schema_path(),
        label: String::new(),
        scope: Scope::Input,
    };
    compare_schema(
        o.input_schema().unwrap_or(&empty),
        n.input_schema().unwrap_or(&empty),
        &at,
        out,
    );
    match (o.output_schema(), n.output_schema()) {
        (Some(_), None) => out.push(
            Kind::OutputSchemaRemoved,
            name,
            Side::Old,
            o.path.key("outputSchema"),
            "outputSchema was removed: consumers that read structuredContent can no longer rely on its shape".to_owned(),
        ),
        (None, Some(_)) => out.push(
            Kind::OutputSchemaAdded,
            name,
            Side::New,
            n.path.key("outputSchema"),
            "outputSchema was added".to_owned(),
        ),
        (Some(os), Some(ns)) => {
            let at = At {
                tool: name,
                old: o.path.key("outputSchema"),
                new: n.path.key("outputSchema"),
                label: String::new(),
                scope: Scope::Output,
            };
            compare_schema(os, ns, &at, out);
        }
        (None, None) => {}
    }
    compare_annotations(name, o, n, out);
}

/// The declared `type`s, or `None` when unconstrained.
fn types(schema: &Value) -> Option<Vec<&str>> {
    match schema.get("type")? {
        Value::String(s) => Some(vec![s.as_str()]),
        Value::Array(a) => Some(a.iter().filter_map(Value::as_str).collect()),
        _ => None,
    }
}

/// Whether every type in `inner` is accepted by `outer` (`integer` is a `number`).
fn covers(outer: &[&str], inner: &[&str]) -> bool {
    inner
        .iter()
        .all(|t| outer.contains(t) || (*t == "integer" && outer.contains(&"number")))
}

fn type_label(t: Option<&Vec<&str>>) -> String {
    match t {
        None => "any type".to_owned(),
        Some(v) if v.len() == 1 => quote(v[0]),
        Some(v) => format!(
            "[{}]",
            v.iter().map(|t| quote(t)).collect::<Vec<_>>().join(", ")
        ),
    }
}

fn properties(schema: &Value) -> Option<&Map> {
    schema.get("properties")?.as_object()
}

fn required(schema: &Value) -> Vec<&str> {
    schema
        .get("required")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

fn compare_schema(o: &Value, n: &Value, at: &At<'_>, out: &mut Out) {
    out.text(
        Kind::ParameterDescriptionChanged,
        at.tool,
        &format!("the description of {}", at.what()),
        (&at.old, o),
        (&at.new, n),
    );
    compare_types(o, n, at, out);
    compare_enums(o, n, at, out);
    if properties(o).is_some() || properties(n).is_some() {
        compare_properties(o, n, at, out);
    }
    if at.scope == Scope::Input {
        compare_additional(o, n, at, out);
    }
    if let (Some(oi), Some(ni)) = (o.get("items"), n.get("items"))
        && oi.is_object()
        && ni.is_object()
    {
        let label = format!("{}[]", at.label);
        let child = at.child(at.old.key("items"), at.new.key("items"), label);
        compare_schema(oi, ni, &child, out);
    }
}

fn compare_types(o: &Value, n: &Value, at: &At<'_>, out: &mut Out) {
    let (ot, nt) = (types(o), types(n));
    let (narrower, wider) = match (&ot, &nt) {
        (None, None) => return,
        (None, Some(_)) => (true, false),
        (Some(_), None) => (false, true),
        (Some(a), Some(b)) => (covers(a, b), covers(b, a)),
    };
    let kind = match (narrower, wider) {
        (true, true) => return,
        (true, false) => at.scope.pick(Kind::TypeNarrowed, Kind::OutputTypeNarrowed),
        (false, true) => at.scope.pick(Kind::TypeWidened, Kind::OutputTypeWidened),
        (false, false) => at.scope.pick(Kind::TypeChanged, Kind::OutputTypeChanged),
    };
    let consequence = match (kind.class(), at.scope) {
        (Class::Compatible | Class::Review, _) => String::new(),
        (Class::Breaking, Scope::Input) => {
            "; arguments that were valid before are now rejected".to_owned()
        }
        (Class::Breaking, Scope::Output) => {
            "; consumers may receive values they do not handle".to_owned()
        }
    };
    let path = if n.get("type").is_some() {
        at.new.key("type")
    } else {
        at.new.clone()
    };
    out.push(
        kind,
        at.tool,
        Side::New,
        path,
        format!(
            "the type of {} changed from {} to {}{consequence}",
            at.what(),
            type_label(ot.as_ref()),
            type_label(nt.as_ref())
        ),
    );
}

fn values(list: &[&Value]) -> String {
    list.iter()
        .map(|v| serde_json::to_string(v).unwrap_or_default())
        .collect::<Vec<_>>()
        .join(", ")
}

fn compare_enums(o: &Value, n: &Value, at: &At<'_>, out: &mut Out) {
    let oe = o.get("enum").and_then(Value::as_array);
    let ne = n.get("enum").and_then(Value::as_array);
    let path = if n.get("enum").is_some() {
        at.new.key("enum")
    } else {
        at.new.clone()
    };
    match (oe, ne) {
        (None, None) => {}
        (None, Some(ne)) => {
            let kind = at
                .scope
                .pick(Kind::EnumIntroduced, Kind::OutputEnumIntroduced);
            let all: Vec<&Value> = ne.iter().collect();
            out.push(
                kind,
                at.tool,
                Side::New,
                path,
                format!("{} is now restricted to {}", at.what(), values(&all)),
            );
        }
        (Some(_), None) => {
            let kind = at.scope.pick(Kind::EnumDropped, Kind::OutputEnumDropped);
            out.push(
                kind,
                at.tool,
                Side::New,
                path,
                format!("{} is no longer restricted to an enum", at.what()),
            );
        }
        (Some(oe), Some(ne)) => {
            let removed: Vec<&Value> = oe.iter().filter(|v| !ne.contains(v)).collect();
            let added: Vec<&Value> = ne.iter().filter(|v| !oe.contains(v)).collect();
            if !removed.is_empty() {
                let kind = at
                    .scope
                    .pick(Kind::EnumValuesRemoved, Kind::OutputEnumValuesRemoved);
                let consequence = match (at.scope, removed.len()) {
                    (Scope::Input, 1) => "; calls that send it are now rejected",
                    (Scope::Input, _) => "; calls that send them are now rejected",
                    (Scope::Output, _) => "",
                };
                out.push(
                    kind,
                    at.tool,
                    Side::New,
                    path.clone(),
                    format!(
                        "{} no longer allows {}{consequence}",
                        at.what(),
                        values(&removed)
                    ),
                );
            }
            if !added.is_empty() {
                let kind = at
                    .scope
                    .pick(Kind::EnumValuesAdded, Kind::OutputEnumValuesAdded);
                let consequence = if at.scope == Scope::Output {
                    "; consumers that switch over the values may not handle them"
                } else {
                    ""
                };
                out.push(
                    kind,
                    at.tool,
                    Side::New,
                    path,
                    format!(
                        "{} now also allows {}{consequence}",
                        at.what(),
                        values(&added)
                    ),
                );
            }
        }
    }
}

/// `additionalProperties: false`.
fn closed(schema: &Value) -> bool {
    schema.get("additionalProperties") == Some(&Value::Bool(false))
}

fn compare_additional(o: &Value, n: &Value, at: &At<'_>, out: &mut Out) {
    let is_object =
        |v: &Value| properties(v).is_some() || types(v).is_some_and(|t| t.contains(&"object"));
    if !is_object(o) || !is_object(n) {
        return;
    }
    let path = if n.get("additionalProperties").is_some() {
        at.new.key("additionalProperties")
    } else {
        at.new.clone()
    };
    match (closed(o), closed(n)) {
        (false, true) => out.push(
            Kind::AdditionalPropertiesTightened,
            at.tool,
            Side::New,
            path,
            format!(
                "{} now sets additionalProperties to false; calls that send any other property are rejected",
                at.what()
            ),
        ),
        (true, false) => out.push(
            Kind::AdditionalPropertiesLoosened,
            at.tool,
            Side::New,
            path,
            format!("{} now accepts properties it does not list", at.what()),
        ),
        _ => {}
    }
}

/// The properties of a schema compared across the change: the two `properties`
/// objects and `required` lists, which names went and came, and which of those
/// are renames.
struct Properties<'v, 'p> {
    /// The new schema.
    n: &'v Value,
    op: &'v Map,
    np: &'v Map,
    oreq: Vec<&'v str>,
    nreq: Vec<&'v str>,
    removed: Vec<&'v str>,
    added: Vec<&'v str>,
    /// A removed and an added property with the same type and close names.
    renames: Vec<(&'v str, &'v str)>,
    old_props: Path,
    new_props: Path,
    /// Whether they are a tool's parameters (its output otherwise).
    input: bool,
    at: &'p At<'p>,
}

impl<'v, 'p> Properties<'v, 'p> {
    fn new(o: &'v Value, n: &'v Value, at: &'p At<'p>, empty: &'v Map) -> Self {
        let op = properties(o).unwrap_or(empty);
        let np = properties(n).unwrap_or(empty);
        let removed: Vec<&str> = op
            .keys()
            .map(crate::value::Str::as_str)
            .filter(|k| !np.contains_key(k))
            .collect();
        let added: Vec<&str> = np
            .keys()
            .map(crate::value::Str::as_str)
            .filter(|k| !op.contains_key(k))
            .collect();
        let mut renames: Vec<(&str, &str)> = Vec::new();
        for r in &removed {
            let candidates = added
                .iter()
                .copied()
                .filter(|a| !renames.iter().any(|(_, b)| b == a))
                .filter(|a| types(&op[*r]) == types(&np[*a]));
            if let Some(a) = closest(r, candidates) {
                renames.push((r, a));
            }
        }
        Self {
            n,
            op,
            np,
            oreq: required(o),
            nreq: required(n),
            removed,
            added,
            renames,
            old_props: at.old.key("properties"),
            new_props: at.new.key("properties"),
            input: at.scope == Scope::Input,
            at,
        }
    }

    /// What the removed property `old` was renamed to.
    fn renamed_to(&self, old: &str) -> Option<&'v str> {
        self.renames
            .iter()
            .find(|(r, _)| *r == old)
            .map(|(_, a)| *a)
    }

    /// What the added property `new` was renamed from.
    fn renamed_from(&self, new: &str) -> Option<&'v str> {
        self.renames
            .iter()
            .find(|(_, a)| *a == new)
            .map(|(r, _)| *r)
    }

    /// Where `name` is in the new `required` (or where `required` is, or the schema).
    fn required_path(&self, name: &str) -> Path {
        match self.nreq.iter().position(|r| *r == name) {
            Some(i) => self.at.new.key("required").index(i),
            None if self.n.get("required").is_some() => self.at.new.key("required"),
            None => self.at.new.clone(),
        }
    }

    /// The removed properties, and the renamed ones with their schemas compared.
    fn removed_or_renamed(&self, out: &mut Out) {
        for r in &self.removed {
            if let Some(a) = self.renamed_to(r) {
                let message = if self.input {
                    format!(
                        "{} {} was renamed to {}; callers that still send {} send an argument the tool no longer reads",
                        self.at.noun(),
                        quote(&self.at.join(r)),
                        quote(a),
                        quote(r)
                    )
                } else {
                    format!(
                        "{} {} was renamed to {}; consumers that read {} find nothing",
                        self.at.noun(),
                        quote(&self.at.join(r)),
                        quote(a),
                        quote(r)
                    )
                };
                out.push(
                    self.at
                        .scope
                        .pick(Kind::PropertyRenamed, Kind::OutputPropertyRenamed),
                    self.at.tool,
                    Side::New,
                    self.new_props.key(a),
                    message,
                );
                let child = self.at.child(
                    self.old_props.key(r),
                    self.new_props.key(a),
                    self.at.join(a),
                );
                compare_schema(&self.op[r], &self.np[a], &child, out);
            } else {
                let message = if self.input {
                    format!(
                        "{} {} was self.removed; callers that send it lose what it did, or are rejected when additional properties are not allowed",
                        self.at.noun(),
                        quote(&self.at.join(r))
                    )
                } else {
                    format!(
                        "{} {} was self.removed; consumers that read it find nothing",
                        self.at.noun(),
                        quote(&self.at.join(r))
                    )
                };
                out.push(
                    self.at
                        .scope
                        .pick(Kind::PropertyRemoved, Kind::OutputPropertyRemoved),
                    self.at.tool,
                    Side::Old,
                    self.old_props.key(r),
                    message,
                );
            }
        }
    }

    /// The added properties that are not renames.
    fn added(&self, out: &mut Out) {
        for a in &self.added {
            if self.renamed_from(a).is_some() {
                continue;
            }
            if self.input && self.nreq.contains(a) {
                out.push(
                    Kind::RequiredAdded,
                    self.at.tool,
                    Side::New,
                    self.new_props.key(a),
                    format!(
                        "new parameter {} is required; calls made the old way are rejected",
                        quote(&self.at.join(a))
                    ),
                );
            } else {
                out.push(
                    self.at
                        .scope
                        .pick(Kind::PropertyAdded, Kind::OutputPropertyAdded),
                    self.at.tool,
                    Side::New,
                    self.new_props.key(a),
                    format!(
                        "{} {} was self.added",
                        self.at.noun(),
                        quote(&self.at.join(a))
                    ),
                );
            }
        }
    }

    /// The schemas of the properties on both sides.
    fn shared(&self, out: &mut Out) {
        for (name, ov) in self.op {
            if let Some(nv) = self.np.get(name) {
                let child = self.at.child(
                    self.old_props.key(name),
                    self.new_props.key(name),
                    self.at.join(name),
                );
                compare_schema(ov, nv, &child, out);
            }
        }
    }

    /// Newly required properties, and entries left behind in `required`.
    fn newly_required(&self, out: &mut Out) {
        for name in &self.nreq {
            if self.np.contains_key(name) {
                if self.added.contains(name) && self.renamed_from(name).is_none() {
                    continue; // reported as a new property
                }
                let old_name = self.renamed_from(name).unwrap_or(name);
                if !self.oreq.contains(&old_name) {
                    let kind = self
                        .at
                        .scope
                        .pick(Kind::RequiredAdded, Kind::OutputRequiredAdded);
                    let message = if self.input {
                        format!(
                            "{} {} is now required; calls that omit it are rejected",
                            self.at.noun(),
                            quote(&self.at.join(name))
                        )
                    } else {
                        format!(
                            "{} {} is now always present",
                            self.at.noun(),
                            quote(&self.at.join(name))
                        )
                    };
                    out.push(
                        kind,
                        self.at.tool,
                        Side::New,
                        self.required_path(name),
                        message,
                    );
                }
            } else if self.input
                && (self.op.contains_key(name) || !self.oreq.contains(name))
                && properties(self.n).is_some()
            {
                let message = match self.renamed_to(name) {
                    Some(a) => format!(
                        "{} is still in required after the property was renamed to {}; every call now fails validation, because a model is never told {} exists",
                        quote(name),
                        quote(a),
                        quote(name)
                    ),
                    None => format!(
                        "required names {}, which is no longer in properties; every call now fails validation",
                        quote(&self.at.join(name))
                    ),
                };
                out.push(
                    Kind::RequiredDangling,
                    self.at.tool,
                    Side::New,
                    self.required_path(name),
                    message,
                );
            }
        }
    }

    /// Properties no longer required.
    fn no_longer_required(&self, out: &mut Out) {
        for name in &self.oreq {
            let new_name = self.renamed_to(name).unwrap_or(name);
            if new_name != *name && self.nreq.contains(name) {
                continue; // the old name was left behind: reported as required-dangling
            }
            if self.np.contains_key(new_name) && !self.nreq.contains(&new_name) {
                let kind = self
                    .at
                    .scope
                    .pick(Kind::RequiredRemoved, Kind::OutputRequiredRemoved);
                let message = if self.input {
                    format!(
                        "{} {} is no longer required",
                        self.at.noun(),
                        quote(&self.at.join(new_name))
                    )
                } else {
                    format!(
                        "{} {} is no longer required; consumers that rely on it being present can fail",
                        self.at.noun(),
                        quote(&self.at.join(new_name))
                    )
                };
                let path = if self.n.get("required").is_some() {
                    self.at.new.key("required")
                } else {
                    self.at.new.clone()
                };
                out.push(kind, self.at.tool, Side::New, path, message);
            }
        }
    }
}

fn compare_properties(o: &Value, n: &Value, at: &At<'_>, out: &mut Out) {
    let empty = Map::new();
    let properties = Properties::new(o, n, at, &empty);
    properties.removed_or_renamed(out);
    properties.added(out);
    properties.shared(out);
    properties.newly_required(out);
    properties.no_longer_required(out);
}

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

fn compare_annotations(name: &str, o: &Tool<'_>, n: &Tool<'_>, out: &mut Out) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(old: &str, new: &str) -> Vec<&'static str> {
        diff(old, new)
            .expect("both parse")
            .changes
            .iter()
            .map(|c| c.kind.id())
            .collect()
    }

    #[test]
    fn identical_captures_have_no_changes() {
        let d = diff(crate::sample::TOOLS, crate::sample::TOOLS).unwrap();
        assert!(d.changes.is_empty(), "{:#?}", d.changes);
        assert_eq!(d.worst(), None);
        assert_eq!(d.summary(), "0 breaking, 0 to review, 0 compatible");
    }

    #[test]
    fn kind_ids_are_unique_kebab_case() {
        let mut ids: Vec<&str> = Kind::ALL.iter().map(|k| k.id()).collect();
        assert!(
            ids.iter()
                .all(|id| id.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        );
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), Kind::ALL.len());
    }

    #[test]
    fn types_vary_with_direction() {
        let t = |ty: &str| {
            format!(
                r#"{{"name":"t","inputSchema":{{"type":"object","properties":{{"x":{{"type":{ty}}}}}}},"outputSchema":{{"type":"object","properties":{{"y":{{"type":{ty}}}}}}}}}"#
            )
        };
        assert_eq!(
            kinds(&t(r#""number""#), &t(r#""integer""#)),
            ["type-narrowed", "output-type-narrowed"]
        );
        assert_eq!(
            kinds(&t(r#""integer""#), &t(r#""number""#)),
            ["type-widened", "output-type-widened"]
        );
        assert_eq!(
            kinds(&t(r#""string""#), &t(r#"["string","null"]"#)),
            ["type-widened", "output-type-widened"]
        );
        assert_eq!(
            kinds(&t(r#""string""#), &t(r#""boolean""#)),
            ["type-changed", "output-type-changed"]
        );
    }

    #[test]
    fn wrong_types_do_not_panic() {
        let odd = [
            r#"{"tools":[{"name":"t","inputSchema":"x","annotations":5}]}"#,
            r#"{"tools":[{"name":"t","inputSchema":{"properties":[],"required":{"a":1}}}]}"#,
            r#"{"tools":[{"name":"t","inputSchema":{"properties":{"a":null},"required":[1,"a"]},"outputSchema":[]}]}"#,
            r#"{"tools":[null, 3, {"name":7}]}"#,
        ];
        for a in odd {
            for b in odd {
                let _ = diff(a, b).unwrap();
            }
        }
    }
}
