//! The server's four tools: their definitions (`tools.json`, which Toolcheck
//! itself checks, strict, against every provider) and what each call does.
//!
//! Each call answers with `structuredContent` that matches the tool's
//! `outputSchema`, and a short text summary for clients that read only text.
//! A call that cannot be done answers `isError` with the reason.

use std::sync::OnceLock;

use serde_json::{Value, json};
use toolcheck::fix::Applicability;
use toolcheck::report::text::one_line;
use toolcheck::{Report, Revision, RuleSelection, Settings, Targets};

use super::roots::Roots;
use super::{Defaults, RpcError, code};

/// The tool definitions, as `tools/list` sends them.
pub(super) fn definitions() -> &'static Value {
    static DEFINITIONS: OnceLock<Value> = OnceLock::new();
    DEFINITIONS.get_or_init(|| {
        serde_json::from_str(include_str!("tools.json")).expect("tools.json is valid JSON")
    })
}

/// A `tools/call`: the result, or a JSON-RPC error for a call that names no
/// known tool.
pub(super) fn call(params: &Value, roots: &Roots, defaults: &Defaults) -> Result<Value, RpcError> {
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
    let args = Arguments {
        values: arguments,
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
    /// The server's settings, for what the call leaves out.
    defaults: &'a Defaults,
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

    fn revision(&self) -> Result<Option<Revision>, String> {
        Ok(self
            .string("revision")?
            .map(|r| r.parse::<Revision>())
            .transpose()?
            .or(self.defaults.revision))
    }

    /// The settings a check or a fix runs with.
    fn settings(&self) -> Result<Settings, String> {
        let targets = match self.get("against") {
            None => self.defaults.against,
            Some(_) => self.strings("against")?.join(",").parse::<Targets>()?,
        };
        let ignore = self
            .strings("ignore")?
            .into_iter()
            .map(|id| crate::config::known_rule(id).map(|()| id.to_owned()))
            .collect::<Result<Vec<_>, _>>()?;
        let revision = self.revision()?;
        Ok(Settings {
            targets,
            strict: self.flag("strict", self.defaults.strict)?,
            revision_from: if revision.is_some() {
                toolcheck::RevisionFrom::Chosen
            } else {
                toolcheck::RevisionFrom::Default
            },
            revision: revision.unwrap_or_default(),
            rules: RuleSelection {
                select: None,
                ignore,
            },
            ..Settings::default()
        })
    }
}

fn check(args: &Arguments<'_>, roots: &Roots) -> Done {
    let settings = args.settings()?;
    let text = args.capture(roots)?;
    let report = toolcheck::check(&text, &settings).map_err(|e| e.to_string())?;
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
    let settings = Settings {
        revision: args.revision()?.unwrap_or_default(),
        ..Settings::default()
    };
    let capture = args.capture(roots)?;
    let tool = toolcheck::result::find_tool(&capture, tool_name)
        .map_err(|e| format!("the definitions: {e}"))?;
    let report = toolcheck::result::check_result_for(&tool, result, &settings)
        .map_err(|e| format!("the result: {e}"))?;
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
    let level = if args.flag("unsafe_fixes", false)? {
        Applicability::Unsafe
    } else {
        Applicability::Safe
    };
    let text = args.capture(roots)?;
    let fixed = toolcheck::fix::fix(&text, &settings, level).map_err(|e| e.to_string())?;
    let summary = fixed.summary(level);
    let structured = json!({
        "fixed": fixed.text,
        "changed": fixed.changed(),
        "applied": fixed.applied.iter().map(|a| json!({
            "rule": a.rule.id,
            "tool": a.tool.as_deref(),
            "path": a.path.to_string(),
            "title": a.title,
            "applicability": a.applicability,
        })).collect::<Vec<_>>(),
        "skipped": fixed.skipped.iter().map(|s| json!({
            "rule": s.rule.id,
            "tool": s.tool.as_deref(),
            "path": s.path.to_string(),
            "title": s.title,
            "reason": s.reason,
        })).collect::<Vec<_>>(),
        "remaining": fixed.remaining.counts,
        "tokens_before": fixed.tokens_before,
        "tokens_after": fixed.tokens_after,
    });
    Ok((summary, structured))
}

fn explain(args: &Arguments<'_>) -> Done {
    let Some(id) = args.string("rule")? else {
        return Err("give rule, a rule id such as required-not-in-properties".into());
    };
    crate::config::known_rule(id)?;
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
