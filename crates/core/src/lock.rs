//! A lock of approved tool definitions: per server and per tool, a SHA-256
//! of the definition in canonical form (name, title, description, both
//! schemas and annotations; keys sorted, no whitespace), with the
//! definition itself, so that a drift can be classed and named by
//! [`crate::diff`] (breaking, compatible, review) and read in review.
//!
//! When the capture records them, the server's instructions, prompts,
//! resources and resource templates are pinned the same way, and how the
//! server is reached (`others.rs`).
//!
//! Some drift is risky whatever else the settings say, and is an error: a
//! tool that appears destructive or reaching an open world, or that sends
//! data out, destroys data or runs code as `crate::capability` tells it, a tool that is
//! no longer read-only or that became destructive or open-world, a
//! description, an instruction, a prompt or a resource whose new text has a
//! finding of the rules about hostile text, and a stdio server that moves to
//! HTTP.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use crate::InputError;
use crate::diff::{self, Class, Kind};
use crate::input::{Document, Flavour, detect};

mod others;

pub use others::{LockedItem, LockedText};

/// The format's version, which the file carries.
pub const VERSION: u32 = 1;

/// The members of a tool definition a lock pins.
const PINNED: &[&str] = &[
    "name",
    "title",
    "description",
    "inputSchema",
    "outputSchema",
    "annotations",
];

/// A lock file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Lock {
    /// The format's version.
    pub version: u32,
    /// Each server locked, in the order given.
    pub servers: Vec<LockedServer>,
}

/// One server's approved tools.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LockedServer {
    /// Its name: the capture's file name.
    pub name: String,
    /// Each tool, in the capture's order.
    pub tools: Vec<LockedTool>,
    /// How the server was reached (`stdio`, `http`), when the capture says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transport: Option<String>,
    /// Its instructions, when the capture has them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instructions: Option<LockedText>,
    /// Its prompts, by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prompts: Vec<LockedItem>,
    /// Its resources, by URI.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resources: Vec<LockedItem>,
    /// Its resource templates, by URI template.
    #[serde(
        default,
        rename = "resourceTemplates",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub resource_templates: Vec<LockedItem>,
}

/// One approved tool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LockedTool {
    /// The tool's name.
    pub name: String,
    /// The SHA-256 of its canonical definition, in hex.
    pub sha256: String,
    /// The canonical definition.
    pub definition: Value,
}

/// A drift from the lock.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Drift {
    /// The server.
    pub server: String,
    /// The tool, when the drift is about one.
    pub tool: Option<String>,
    /// `diff`'s kind (`required-added`), or `server-added`,
    /// `server-removed` and `definition-changed` for what `diff` does not
    /// class.
    pub kind: String,
    /// Breaking, compatible or review.
    pub class: Class,
    /// Whether it is risky: reported as an error, whatever the settings.
    pub risky: bool,
    /// What changed, for people.
    pub message: String,
}

/// The definition in canonical form: the pinned members, every object's
/// keys sorted.
#[must_use]
pub fn canonical(tool: &Value) -> Value {
    let mut out = Map::new();
    for key in PINNED {
        if let Some(v) = tool.get(*key) {
            out.insert((*key).to_owned(), sorted(v));
        }
    }
    sorted(&Value::Object(out))
}

fn sorted(v: &Value) -> Value {
    match v {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            Value::Object(
                keys.into_iter()
                    .map(|k| (k.clone(), sorted(&map[k])))
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
        other => other.clone(),
    }
}

/// The SHA-256 of a canonical definition's compact text, in hex.
#[must_use]
pub fn sha256(canonical: &Value) -> String {
    let digest = Sha256::digest(canonical.to_string().as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// The tools of a capture, as plain values in MCP's terms (a provider's
/// schema member, such as OpenAI's `parameters`, as `inputSchema`), and
/// the server's other text.
fn tools_of(text: &str) -> Result<(Vec<Value>, others::Others), InputError> {
    let doc = Document::parse(text)?;
    let input = detect(&doc)?;
    let tools = input
        .tools
        .iter()
        .map(|t| {
            let mut value = t.value.to_serde();
            if t.flavour != Flavour::Mcp
                && let (Some(tool), Some(schema)) = (value.as_object_mut(), t.input_schema())
            {
                tool.remove(t.flavour.schema_key());
                tool.insert("inputSchema".to_owned(), schema.to_serde());
            }
            value
        })
        .collect();
    Ok((tools, others::Others::of(&input)))
}

impl Lock {
    /// The lock of `servers`: each one's name and capture text.
    ///
    /// # Errors
    /// The name of a capture that is not one, and why.
    pub fn of(servers: &[(String, String)]) -> Result<Self, (String, InputError)> {
        let servers = servers
            .iter()
            .map(|(name, text)| {
                let (tools, others) = tools_of(text).map_err(|e| (name.clone(), e))?;
                let mut server = LockedServer {
                    name: name.clone(),
                    tools: tools
                        .iter()
                        .map(|t| {
                            let definition = canonical(t);
                            LockedTool {
                                name: t
                                    .get("name")
                                    .and_then(Value::as_str)
                                    .unwrap_or_default()
                                    .to_owned(),
                                sha256: sha256(&definition),
                                definition,
                            }
                        })
                        .collect(),
                    transport: None,
                    instructions: None,
                    prompts: Vec::new(),
                    resources: Vec::new(),
                    resource_templates: Vec::new(),
                };
                others.lock(&mut server);
                Ok(server)
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self {
            version: VERSION,
            servers,
        })
    }

    /// What it holds, for a summary line: `5 tools, 2 prompts, 1 resource
    /// and the instructions`.
    #[must_use]
    pub fn contents(&self) -> String {
        let sum = |count: fn(&LockedServer) -> usize| self.servers.iter().map(count).sum();
        let others = crate::OthersSummary {
            instructions: self.servers.iter().any(|s| s.instructions.is_some()),
            prompts: sum(|s| s.prompts.len()),
            resources: sum(|s| s.resources.len()),
            resource_templates: sum(|s| s.resource_templates.len()),
        };
        let mut parts = vec![crate::text::quoting::counted(
            sum(|s| s.tools.len()),
            "tool",
        )];
        parts.extend(others.counted());
        if others.instructions {
            parts.push("the instructions".to_owned());
        }
        crate::text::quoting::join_and(&parts)
    }

    /// The file's text: pretty JSON, so that a change reads well in review.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Reads a lock's text.
    ///
    /// # Errors
    /// Text that is not a lock, with its line and column; a version this
    /// build does not read; a definition whose hash does not match it (an
    /// edited lock).
    pub fn parse(text: &str) -> Result<Self, String> {
        let lock: Self = serde_json::from_str(text).map_err(|e| {
            format!(
                "not a Toolcheck lock (line {}, column {}): {e}",
                e.line(),
                e.column()
            )
        })?;
        if lock.version != VERSION {
            return Err(format!(
                "a lock of version {}, which this Toolcheck does not read (it reads version {VERSION})",
                lock.version
            ));
        }
        for server in &lock.servers {
            if let Some(what) = server.edited_other() {
                return Err(format!(
                    "{what} in {} does not match its sha256: the lock was edited by hand; write it again with toolcheck lock",
                    server.name
                ));
            }
            for tool in &server.tools {
                if sha256(&sorted(&tool.definition)) != tool.sha256 {
                    return Err(format!(
                        "the definition of {} in {} does not match its sha256: the lock was edited by hand; write it again with toolcheck lock",
                        tool.name, server.name
                    ));
                }
            }
        }
        Ok(lock)
    }

    /// The lock with `servers` (name and capture text) approved: each one's
    /// entry written again from its capture, in its place, or added at the
    /// end; the lock's other servers kept.
    ///
    /// # Errors
    /// As [`Lock::of`].
    pub fn updated(&self, servers: &[(String, String)]) -> Result<Self, (String, InputError)> {
        let mut fresh = Self::of(servers)?.servers;
        let mut kept: Vec<LockedServer> = self
            .servers
            .iter()
            .map(|old| match fresh.iter().position(|s| s.name == old.name) {
                Some(i) => fresh.remove(i),
                None => old.clone(),
            })
            .collect();
        kept.extend(fresh);
        Ok(Self {
            version: VERSION,
            servers: kept,
        })
    }

    /// The drift of `servers` (name and capture text) from the lock.
    ///
    /// # Errors
    /// The name of a capture that is not one, and why.
    pub fn verify(&self, servers: &[(String, String)]) -> Result<Vec<Drift>, (String, InputError)> {
        let mut drifts = Vec::new();
        for (name, text) in servers {
            let Some(locked) = self.servers.iter().find(|s| &s.name == name) else {
                tools_of(text).map_err(|e| (name.clone(), e))?;
                drifts.push(Drift {
                    server: name.clone(),
                    tool: None,
                    kind: "server-added".into(),
                    class: Class::Review,
                    risky: false,
                    message: format!("{name} is not in the lock: approve it with toolcheck lock"),
                });
                continue;
            };
            drifts.extend(server_drift(locked, name, text)?);
        }
        for locked in &self.servers {
            if !servers.iter().any(|(name, _)| *name == locked.name) {
                drifts.push(Drift {
                    server: locked.name.clone(),
                    tool: None,
                    kind: "server-removed".into(),
                    class: Class::Breaking,
                    risky: false,
                    message: format!("{} is in the lock but was not given", locked.name),
                });
            }
        }
        Ok(drifts)
    }
}

/// The drift of one server: `diff` from the locked definitions to the
/// capture, then any tool whose hash changed in a way `diff` does not class.
fn server_drift(
    locked: &LockedServer,
    name: &str,
    text: &str,
) -> Result<Vec<Drift>, (String, InputError)> {
    let (now, others_now) = tools_of(text).map_err(|e| (name.to_owned(), e))?;
    let approved = Value::Object(Map::from_iter([(
        "tools".to_owned(),
        Value::Array(locked.tools.iter().map(|t| t.definition.clone()).collect()),
    )]))
    .to_string();
    let changes = diff::diff(&approved, text)
        .map_err(|e| (name.to_owned(), e.error))?
        .changes;
    let mut out: Vec<Drift> = Vec::new();
    for c in &changes {
        let concerns = c.text.as_ref().map_or(0, |t| t.concerns.len());
        let added = c.kind == Kind::ToolAdded;
        let new_tool = added
            .then(|| {
                now.iter()
                    .find(|t| t.get("name").and_then(Value::as_str) == Some(&c.tool))
            })
            .flatten();
        let hint = |key: &str| {
            new_tool
                .and_then(|t| t.get("annotations"))
                .and_then(|a| a.get(key))
                .and_then(Value::as_bool)
        };
        // What the new tool can do, told as the toxic-flow rules tell it.
        let acts = new_tool.is_some_and(|t| {
            let value = crate::value::Value::from(t.clone());
            let tool = crate::input::Tool::new(0, &value, crate::path::Path::root(), Flavour::Mcp);
            crate::capability::of(&tool).iter().any(|e| {
                e.confidence >= crate::capability::Confidence::Medium
                    && matches!(
                        e.capability,
                        crate::capability::Capability::Outward
                            | crate::capability::Capability::Destructive
                            | crate::capability::Capability::RunsCode
                    )
            })
        });
        let risky_addition = added
            && (acts
                || hint("destructiveHint") == Some(true)
                || hint("openWorldHint") == Some(true));
        let risky = risky_addition
            || matches!(
                c.kind,
                Kind::NoLongerReadOnly | Kind::BecameDestructive | Kind::BecameOpenWorld
            )
            || concerns > 0;
        let mut message = c.message.clone();
        if risky_addition {
            message
                .push_str(" (it may send data out, destroy data, run code or reach an open world)");
        }
        if let Some(t) = c.text.as_ref().filter(|t| !t.concerns.is_empty()) {
            let rules: Vec<&str> = t.concerns.iter().map(|k| k.rule).collect();
            message.push_str(&format!(
                " (the new text gains findings: {})",
                rules.join(", ")
            ));
        }
        out.push(Drift {
            server: name.to_owned(),
            tool: Some(c.tool.clone()),
            kind: c.kind.id().to_owned(),
            class: c.class,
            risky,
            message,
        });
    }
    // A name given twice (or none, for tools without one) pairs its
    // occurrences in order.
    let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for tool in &now {
        let tool_name = tool.get("name").and_then(Value::as_str).unwrap_or_default();
        let nth = seen.entry(tool_name).or_default();
        let Some(was) = locked
            .tools
            .iter()
            .filter(|t| t.name == tool_name)
            .nth(*nth)
        else {
            continue;
        };
        *nth += 1;
        let definition = canonical(tool);
        if sha256(&definition) == was.sha256
            || out.iter().any(|d| d.tool.as_deref() == Some(tool_name))
        {
            continue;
        }
        let members: Vec<&str> = PINNED
            .iter()
            .copied()
            .filter(|k| definition.get(*k) != was.definition.get(*k))
            .collect();
        out.push(Drift {
            server: name.to_owned(),
            tool: Some(tool_name.to_owned()),
            kind: "definition-changed".into(),
            class: Class::Review,
            risky: false,
            message: format!(
                "`{tool_name}` changed ({}) in a way diff does not class",
                members.join(", ")
            ),
        });
    }
    let mut findings: Option<Vec<crate::Finding>> = None;
    let mut hostile = |at: &crate::path::Path| -> Vec<&'static str> {
        let findings = findings.get_or_insert_with(|| {
            diff::hostile_text_check(text)
                .map(|r| r.findings)
                .unwrap_or_default()
        });
        let mut rules: Vec<&'static str> = findings
            .iter()
            .filter(|f| f.path.starts_with(at))
            .map(|f| f.rule.id)
            .collect();
        rules.sort_unstable();
        rules.dedup();
        rules
    };
    out.extend(others::drift(locked, &others_now, name, &mut hostile));
    Ok(out)
}

#[cfg(test)]
mod tests;
