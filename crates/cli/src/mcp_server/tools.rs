//! The server's four tools: their definitions (`tools.json`, which Toolcheck
//! itself checks, strict, against every provider) and what each call does.
//!
//! Each call answers with `structuredContent` that matches the tool's
//! `outputSchema`, and a short text summary for clients that read only text.
//! A call that cannot be done answers `isError` with the reason.

use std::sync::OnceLock;

use serde_json::{Value, json};
use toolcheck::report::text::one_line;
use toolcheck::{Report, Settings};
use toolcheck_command::options;
use toolcheck_command::result::Named;
use toolcheck_config::SettingsArgs;

use super::roots::Roots;
use super::{RpcError, code};

/// The tool definitions, as `tools/list` sends them.
pub(super) fn definitions() -> &'static Value {
    static DEFINITIONS: OnceLock<Value> = OnceLock::new();
    DEFINITIONS.get_or_init(|| {
        serde_json::from_str(include_str!("tools.json")).expect("tools.json is valid JSON")
    })
}

/// A `tools/call`: the result, or a JSON-RPC error for a call that names no
/// known tool.
pub(super) fn call(
    params: &Value,
    roots: &Roots,
    defaults: &SettingsArgs,
) -> Result<Value, RpcError> {
    let Some(name) = params.get("name").and_then(Value::as_str) else {
        return Err(RpcError::new(
            code::INVALID_PARAMS,
            "tools/call needs params.name, the tool to call",
        ));
    };
    let empty = json!({});
    let arguments = match params.get("arguments") {
        None | Some(Value::Null) => &empty,
        Some(a @ Value::Object(_)) => a,
        Some(_) => {
            return Err(RpcError::new(
                code::INVALID_PARAMS,
                "params.arguments must be an object",
            ));
        }
    };
    let schema = definitions()
        .as_array()
        .and_then(|tools| tools.iter().find(|t| t["name"] == name))
        .map_or(&Value::Null, |t| &t["inputSchema"]);
    let args = Arguments {
        values: arguments,
        schema,
        defaults,
    };
    let done = match name {
        "check_tool_definitions" => check(&args, roots),
        "check_tool_result" => check_result(&args, roots),
        "fix_tool_definitions" => fix(&args, roots),
        "explain_rule" => explain(&args),
        other => {
            return Err(RpcError::new(
                code::INVALID_PARAMS,
                format!(
                    "unknown tool {}; tools/list names them: check_tool_definitions, check_tool_result, fix_tool_definitions, explain_rule",
                    one_line(other)
                ),
            ));
        }
    };
    Ok(match done {
        Ok((summary, structured)) => json!({
            "content": [{"type": "text", "text": summary}],
            "structuredContent": structured,
            "isError": false,
        }),
        Err(message) => json!({
            "content": [{"type": "text", "text": message}],
            "isError": true,
        }),
    })
}

/// What a call gives: a text summary and the structured content.
type Done = Result<(String, Value), String>;

/// A call's arguments; a null one counts as absent, as the definitions say.
struct Arguments<'a> {
    values: &'a Value,
    /// The tool's `inputSchema`: the type each argument must have.
    schema: &'a Value,
    /// The server's own flags, for the settings the call leaves out.
    defaults: &'a SettingsArgs,
}

impl Arguments<'_> {
    fn get(&self, name: &str) -> Option<&Value> {
        self.values.get(name).filter(|v| !v.is_null())
    }

    fn string(&self, name: &str) -> Result<Option<&str>, String> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(format!("{name} must be a string")),
        }
    }

    fn flag(&self, name: &str, default: bool) -> Result<bool, String> {
        match self.get(name) {
            None => Ok(default),
            Some(Value::Bool(b)) => Ok(*b),
            Some(_) => Err(format!("{name} must be true, false or null")),
        }
    }

    fn strings(&self, name: &str) -> Result<Vec<&str>, String> {
        match self.get(name) {
            None => Ok(Vec::new()),
            Some(Value::Array(items)) => items
                .iter()
                .map(|v| {
                    v.as_str()
                        .ok_or_else(|| format!("{name} must be an array of strings"))
                })
                .collect(),
            Some(_) => Err(format!("{name} must be an array of strings")),
        }
    }

    /// The capture: `capture`'s text, or the file at `path`.
    fn capture(&self, roots: &Roots) -> Result<String, String> {
        match (self.string("capture")?, self.string("path")?) {
            (Some(_), Some(_)) => Err("give capture or path, not both".into()),
            (Some(text), None) => Ok(text.to_owned()),
            (None, Some(path)) => roots.read(path),
            (None, None) => Err(
                "give the tool definitions as text in capture, or a capture file in path".into(),
            ),
        }
    }

    /// The settings a check or a fix runs with: the arguments that are the
    /// CLI's settings flags (`tool_budget` for `--tool-budget`), each of the
    /// type the tool's schema gives it, read by the flags' own parser; then
    /// the server's flags for what the call leaves out; then the defaults,
    /// through `toolcheck-config`, as a check without a config gets them.
    fn settings(&self) -> Result<Settings, String> {
        let properties = self.schema.get("properties").and_then(Value::as_object);
        let mut tokens: Vec<String> = Vec::new();
        for (flag, _) in options::flags() {
            let name = flag.replace('-', "_");
            let Some(property) = properties.and_then(|p| p.get(&name)) else {
                continue;
            };
            let Some(value) = self.get(&name) else {
                continue;
            };
            let declared = property["type"]
                .as_array()
                .and_then(|types| types.iter().find(|t| *t != "null"))
                .or(property.get("type"))
                .and_then(Value::as_str)
                .unwrap_or("string");
            let flag = format!("--{flag}");
            match declared {
                "boolean" => {
                    if self.flag(&name, false)? {
                        tokens.push(flag);
                    }
                }
                "array" => {
                    tokens.push(flag);
                    tokens.push(self.strings(&name)?.join(","));
                }
                "integer" | "number" => match value.as_u64() {
                    Some(n) => tokens.extend([flag, n.to_string()]),
                    None => return Err(format!("{name} must be a whole number or null")),
                },
                _ => {
                    let text = self.string(&name)?.unwrap_or_default();
                    tokens.extend([flag, text.to_owned()]);
                }
            }
        }
        let given = options::parse(&tokens).map_err(|r| r.why)?;
        toolcheck_config::settings(&given.or(self.defaults), None)
    }
}

fn check(args: &Arguments<'_>, roots: &Roots) -> Done {
    let settings = args.settings()?;
    let text = args.capture(roots)?;
    let report =
        toolcheck_command::check::report(&text, &settings, false, None).map_err(|p| p.message)?;
    Ok((summary(&report), toolcheck::report::json::to_value(&report)))
}

/// The counts, what was checked, and the findings one per line (the first
/// twenty; the structured content has them all).
fn summary(report: &Report) -> String {
    const SHOWN: usize = 20;
    let mut out = format!(
        "{} · {}\n{}\n",
        report.detected(),
        toolcheck::report::settings_line(report),
        report.counts.summary()
    );
    for f in report.findings.iter().take(SHOWN) {
        out.push_str(&format!(
            "{}[{}] {}{}: {}\n",
            f.severity,
            f.rule.id,
            f.tool
                .as_deref()
                .map(|t| format!("{} ", one_line(t)))
                .unwrap_or_default(),
            f.path,
            one_line(&f.message)
        ));
    }
    if report.findings.len() > SHOWN {
        out.push_str(&format!(
            "… and {} more in the structured content\n",
            report.findings.len() - SHOWN
        ));
    }
    out
}

fn check_result(args: &Arguments<'_>, roots: &Roots) -> Done {
    let Some(tool_name) = args.string("tool")? else {
        return Err("give tool, the name of the tool that returned the result".into());
    };
    let Some(result) = args.string("result")? else {
        return Err("give result, the tools/call result as JSON text".into());
    };
    let revision = args.settings()?.revision;
    let capture = args.capture(roots)?;
    let definitions = Named {
        text: &capture,
        name: Some("the definitions"),
    };
    let tool = toolcheck_command::result::find(&definitions, tool_name).map_err(|p| p.message)?;
    let result = Named {
        text: result,
        name: Some("the result"),
    };
    let report =
        toolcheck_command::result::check(&tool, &result, revision).map_err(|p| p.message)?;
    let mut text = format!("{} · {}\n", report.detected(), report.counts.summary());
    for f in &report.findings {
        text.push_str(&format!(
            "{}[{}] {}: {}\n",
            f.severity,
            f.rule.id,
            f.path,
            one_line(&f.message)
        ));
    }
    Ok((text, toolcheck::report::result::to_value(&report)))
}

fn fix(args: &Arguments<'_>, roots: &Roots) -> Done {
    let settings = args.settings()?;
    let level = toolcheck_command::fix::level(args.flag("unsafe_fixes", false)?);
    let text = args.capture(roots)?;
    let fixed =
        toolcheck_command::fix::fixed(&text, &settings, level, None).map_err(|p| p.message)?;
    let summary = fixed.summary(level);
    let structured = toolcheck_command::fix::mcp_json(&fixed);
    Ok((summary, structured))
}

fn explain(args: &Arguments<'_>) -> Done {
    let Some(id) = args.string("rule")? else {
        return Err("give rule, a rule id such as required-not-in-properties".into());
    };
    toolcheck_config::known_rule(id)?;
    let Some(rule) = toolcheck::catalog::rule(id) else {
        return Err(format!("no rule named \"{}\"", one_line(id)));
    };
    let docs = rule.docs();
    Ok((
        toolcheck::catalog::explained(rule),
        json!({
            "id": rule.id,
            "severity": rule.severity.as_str(),
            "group": rule.group.as_str(),
            "fix": rule.fixability.as_str(),
            "summary": rule.summary,
            "docs": docs,
        }),
    ))
}
