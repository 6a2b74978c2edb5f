//! The npm package's typed API: `check(text, options)`, `fix`, `diff` and
//! the others, on text handed over rather than files. The options are the
//! CLI's flags in camelCase (`toolBudget` for `--tool-budget`), read by the
//! same parser ([`toolcheck_config::SettingsArgs`]), so a new setting reaches
//! the API without a line here. An unknown option, or a value of the wrong
//! JSON type, is a [`Failure::Type`] (a `TypeError` in JavaScript); what the
//! CLI would exit with 2 for is a [`Failure::Problem`].

use serde_json::Value;
use toolcheck::report::ReportFormat;
use toolcheck::report::sarif::{Source, artifact_uri};
use toolcheck_config::{Config, FailOn, SettingsArgs};

use crate::Problem;
use crate::args::{DiffFailOn, DiffFormat, OutputFormat};
use crate::diff::Side;
use crate::options::{camel, kebab, settings_options};
use crate::result::Named;
use crate::servers::{self, Server};

/// Why a call failed.
#[derive(Debug)]
pub enum Failure {
    /// A wrong option or argument: the caller's mistake (a `TypeError`).
    Type(String),
    /// What the CLI reports with exit code 2 (a `ToolcheckError`).
    Problem(Problem),
}

impl From<Problem> for Failure {
    fn from(p: Problem) -> Self {
        Failure::Problem(p)
    }
}

/// The options of each function besides the settings.
const EXTRA: &[(&str, &[&str])] = &[
    ("check", &["matrix", "config", "configFile", "file"]),
    (
        "format",
        &["matrix", "format", "config", "configFile", "file"],
    ),
    ("checkServers", &["config", "configFile"]),
    ("fix", &["unsafeFixes", "config", "configFile", "file"]),
];

/// A call's options, read.
#[derive(Default)]
pub struct Options {
    /// The settings' flags.
    pub settings: SettingsArgs,
    /// `matrix`.
    pub matrix: bool,
    /// `format` (of `format()`).
    pub format: Option<String>,
    /// `config`: the text of a `toolcheck.toml`.
    pub config: Option<String>,
    /// `configFile`: its name in messages.
    pub config_file: Option<String>,
    /// `file`: the capture's path, for messages, SARIF and annotations.
    pub file: Option<String>,
    /// `unsafeFixes`.
    pub unsafe_fixes: bool,
}

impl Options {
    /// Reads the options of `function` from their JSON object (`null` or
    /// absent for none).
    ///
    /// # Errors
    /// An unknown option or a value of the wrong type ([`Failure::Type`]),
    /// a value the flag's parser refuses ([`Failure::Problem`], naming the
    /// option).
    pub fn read(function: &str, json: &Value) -> Result<Self, Failure> {
        let object = match json {
            Value::Null => return Ok(Self::default()),
            Value::Object(o) => o,
            _ => {
                return Err(Failure::Type(format!(
                    "{function}: options must be an object"
                )));
            }
        };
        let settings = settings_options();
        let extra = EXTRA
            .iter()
            .find(|(f, _)| *f == function)
            .map_or(&[][..], |(_, e)| *e);
        let allowed: Vec<&str> = settings
            .iter()
            .map(String::as_str)
            .chain(extra.iter().copied())
            .collect();
        let mut options = Options::default();
        let mut argv: Vec<String> = Vec::new();
        for (key, value) in object {
            if value.is_null() {
                continue;
            }
            if !allowed.contains(&key.as_str()) {
                return Err(Failure::Type(format!(
                    "{function}: unknown option \"{key}\"; expected one of {}",
                    allowed.join(", ")
                )));
            }
            let text = |what: &str| -> Result<String, Failure> {
                match value {
                    Value::String(s) => Ok(s.clone()),
                    _ => Err(Failure::Type(format!(
                        "{function}: option \"{key}\" must be {what}"
                    ))),
                }
            };
            let flag = |what: &str| -> Result<bool, Failure> {
                value.as_bool().ok_or_else(|| {
                    Failure::Type(format!("{function}: option \"{key}\" must be {what}"))
                })
            };
            match key.as_str() {
                "matrix" => options.matrix = flag("true or false")?,
                "unsafeFixes" => options.unsafe_fixes = flag("true or false")?,
                "format" => options.format = Some(text("a string")?),
                "config" => options.config = Some(text("the text of a toolcheck.toml")?),
                "configFile" => options.config_file = Some(text("a string")?),
                "file" => options.file = Some(text("a string")?),
                _ => argv.extend(flag_tokens(function, key, value)?),
            }
        }
        options.settings = crate::options::parse(&argv).map_err(|r| {
            let option = r.flag.as_deref().map(camel);
            Failure::Problem(Problem {
                message: match &option {
                    Some(o) => format!("{o}: {}", r.why),
                    None => r.why,
                },
                option,
                ..Problem::new("")
            })
        })?;
        Ok(options)
    }

    /// The config given as text, with its name in messages.
    ///
    /// # Errors
    /// Its mistakes, each with its line.
    pub fn config(&self) -> Result<Option<Config>, Problem> {
        let name = self
            .config_file
            .as_deref()
            .unwrap_or(toolcheck_config::DEFAULT_FILE);
        self.config
            .as_deref()
            .map(|text| toolcheck_config::parse(text, name))
            .transpose()
            .map_err(Problem::new)
    }

    /// The config and the settings from the options and it.
    ///
    /// # Errors
    /// As [`Options::config`], and an option naming no rule.
    pub fn prepare(&self) -> Result<(Option<Config>, toolcheck::Settings), Problem> {
        let config = self.config()?;
        let settings =
            toolcheck_config::settings(&self.settings, config.as_ref()).map_err(Problem::new)?;
        Ok((config, settings))
    }
}

/// The command-line tokens of one settings option: `--flag` for `true` and
/// nothing for `false` where the flag takes no value; else `--flag value`,
/// a list joined with commas.
fn flag_tokens(function: &str, key: &str, value: &Value) -> Result<Vec<String>, Failure> {
    let long = kebab(key);
    let takes_value = crate::options::flags()
        .iter()
        .any(|(flag, takes)| *flag == long && *takes);
    let flag = format!("--{long}");
    let wrong = |what: &str| Failure::Type(format!("{function}: option \"{key}\" must be {what}"));
    if !takes_value {
        return match value {
            Value::Bool(true) => Ok(vec![flag]),
            Value::Bool(false) => Ok(Vec::new()),
            _ => Err(wrong("true or false")),
        };
    }
    let what = "a string, a number or a list of strings";
    Ok(match value {
        Value::String(s) => vec![flag, s.clone()],
        Value::Number(n) => vec![flag, n.to_string()],
        Value::Array(items) => {
            let items: Option<Vec<&str>> = items.iter().map(Value::as_str).collect();
            vec![flag, items.ok_or_else(|| wrong(what))?.join(",")]
        }
        _ => return Err(wrong(what)),
    })
}

/// The text handed over as UTF-8: `what` names it in the message.
fn text(bytes: Vec<u8>, what: &str) -> Result<String, Problem> {
    crate::input::utf8(bytes, what).map_err(Problem::new)
}

/// `check(text, options)` and `format(text, options)`: the report in JSON
/// (`check`) or in the `format` option's format (`format`, text by
/// default).
///
/// # Errors
/// As [`Options::read`], and what the CLI reports with exit code 2.
pub fn check(function: &str, bytes: Vec<u8>, options: &Value) -> Result<String, Failure> {
    let options = Options::read(function, options)?;
    let format = if function == "check" {
        ReportFormat::Json
    } else {
        let name = options.format.as_deref().unwrap_or("text");
        let name = if name == "full" { "text" } else { name };
        ReportFormat::NAMED
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, f)| *f)
            .ok_or_else(|| {
                let names: Vec<&str> = ReportFormat::NAMED.iter().map(|(n, _)| *n).collect();
                Failure::Problem(Problem {
                    message: format!(
                        "format: unknown format \"{name}\"; expected {}",
                        names.join(", ")
                    ),
                    option: Some("format".into()),
                    ..Problem::new("")
                })
            })?
    };
    let (config, settings) = options.prepare()?;
    let name = options.file.as_deref();
    let text = text(bytes, name.unwrap_or("the input"))?;
    let report = crate::check::report(&text, &settings, options.matrix, name)?;
    let uri = name.filter(|f| *f != "-").map(artifact_uri);
    let source = Source::new(uri.as_deref(), &text);
    let mut out = Vec::with_capacity(report.input_bytes.max(4096));
    crate::check::write(
        report,
        config.as_ref(),
        None,
        format,
        (&source, name.unwrap_or("<input>")),
        FailOn::Never,
        &mut out,
        &mut std::io::sink(),
    );
    Ok(String::from_utf8(out).unwrap_or_default())
}

/// `checkServers(captures, options)`: the servers' report in JSON.
///
/// # Errors
/// As [`Options::read`], and a config with mistakes.
pub fn check_servers(captures: Vec<(String, Vec<u8>)>, options: &Value) -> Result<String, Failure> {
    let options = Options::read("checkServers", options)?;
    let (config, settings) = options.prepare()?;
    let servers: Vec<Server> = captures
        .into_iter()
        .map(|(name, bytes)| servers::named(&name, bytes))
        .collect();
    let rendered = servers::render(
        &servers,
        &settings,
        config.as_ref(),
        ReportFormat::Json,
        &mut std::io::sink(),
    );
    Ok(rendered.text)
}

/// `checkResult(capture, toolName, resultText, options)`: the result
/// report in JSON.
///
/// # Errors
/// A wrong option, a tool that is not in the capture, a result that cannot
/// be read.
pub fn check_result(
    tools: Vec<u8>,
    tool: &str,
    result: Vec<u8>,
    options: &Value,
) -> Result<String, Failure> {
    let revision = revision_option("checkResult", options)?;
    let tools = text(tools, "the tools capture").map_err(|p| tools_problem(&p))?;
    let found = crate::result::find(
        &Named {
            text: &tools,
            name: None,
        },
        tool,
    )?;
    let result = text(result, "the result").map_err(|p| result_problem(&p))?;
    let report = crate::result::check(
        &found,
        &Named {
            text: &result,
            name: None,
        },
        revision,
    )?;
    Ok(toolcheck::report::result::json(&report) + "\n")
}

fn tools_problem(p: &Problem) -> Problem {
    Problem::new(format!("tools: {}", p.message))
}

fn result_problem(p: &Problem) -> Problem {
    Problem::new(format!("result: {}", p.message))
}

/// The `revision` option, the only one of `checkResult`.
fn revision_option(function: &str, options: &Value) -> Result<toolcheck::Revision, Failure> {
    let object = match options {
        Value::Null => return Ok(toolcheck::Revision::default()),
        Value::Object(o) => o,
        _ => {
            return Err(Failure::Type(format!(
                "{function}: options must be an object"
            )));
        }
    };
    if let Some(key) = object.keys().find(|k| *k != "revision") {
        return Err(Failure::Type(format!(
            "{function}: unknown option \"{key}\"; expected one of revision"
        )));
    }
    match object.get("revision") {
        None | Some(Value::Null) => Ok(toolcheck::Revision::default()),
        Some(Value::String(r)) => r.parse().map_err(|e: String| {
            Failure::Problem(Problem {
                message: format!("revision: {e}"),
                option: Some("revision".into()),
                ..Problem::new("")
            })
        }),
        Some(_) => Err(Failure::Type(format!(
            "{function}: option \"revision\" must be a string"
        ))),
    }
}

/// `inferSchema(resultText)`: the schema in JSON.
///
/// # Errors
/// A result with no JSON in it.
pub fn infer(result: Vec<u8>) -> Result<String, Failure> {
    let result = text(result, "the result").map_err(|p| result_problem(&p))?;
    let mut out = Vec::new();
    crate::result::infer(
        &Named {
            text: &result,
            name: None,
        },
        OutputFormat::Json,
        &mut out,
    )?;
    Ok(String::from_utf8(out).unwrap_or_default())
}

/// `fix(text, options)`: the run in JSON ([`crate::fix::api_json`]).
///
/// # Errors
/// As [`Options::read`], and text that is not a capture.
pub fn fix(bytes: Vec<u8>, options: &Value) -> Result<String, Failure> {
    let options = Options::read("fix", options)?;
    let (_, settings) = options.prepare()?;
    let name = options.file.as_deref();
    let text = text(bytes, name.unwrap_or("the input"))?;
    let level = crate::fix::level(options.unsafe_fixes);
    let fixed = crate::fix::fixed(&text, &settings, level, name)?;
    Ok(crate::fix::api_json(&fixed, level).to_string())
}

/// `diff(oldText, newText)`: the changes in JSON.
///
/// # Errors
/// A side that is not a capture.
pub fn diff(old: Vec<u8>, new: Vec<u8>) -> Result<String, Failure> {
    let side = |bytes: Vec<u8>| -> Result<Side, Problem> {
        Ok(Side {
            text: text(bytes, "the input")?,
            name: None,
            uri: None,
        })
    };
    let (old, new) = (side(old)?, side(new)?);
    let mut out = Vec::new();
    crate::diff::compare(&old, &new, DiffFormat::Json, DiffFailOn::Never, &mut out)?;
    Ok(String::from_utf8(out).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::camel;

    #[test]
    fn options_are_the_flags_in_camel_case() {
        let names = settings_options();
        for name in [
            "against",
            "strict",
            "revision",
            "geminiField",
            "select",
            "ignore",
            "budget",
            "toolBudget",
        ] {
            assert!(names.iter().any(|n| n == name), "{name} in {names:?}");
        }
        assert_eq!(kebab("toolBudget"), "tool-budget");
        assert_eq!(camel("gemini-field"), "geminiField");
    }

    #[test]
    fn options_read_as_the_flags_do() {
        let o = Options::read(
            "check",
            &serde_json::json!({"against": ["openai", "claude"], "strict": true, "toolBudget": 200, "select": "a,b", "matrix": true}),
        )
        .ok()
        .unwrap();
        assert_eq!(o.settings.against, Some("openai,claude".parse().unwrap()));
        assert!(o.settings.strict && o.matrix);
        assert_eq!(o.settings.tool_budget, Some(200));
        assert_eq!(
            o.settings.select.as_deref(),
            Some(&["a".to_owned(), "b".to_owned()][..])
        );
        match Options::read("check", &serde_json::json!({"stict": true})) {
            Err(Failure::Type(m)) => {
                assert!(m.starts_with("check: unknown option \"stict\""), "{m}")
            }
            _ => panic!("an unknown option is a TypeError"),
        }
        match Options::read("check", &serde_json::json!({"geminiField": "xml"})) {
            Err(Failure::Problem(p)) => {
                assert_eq!(p.option.as_deref(), Some("geminiField"));
                assert!(p.message.starts_with("geminiField: "), "{}", p.message);
            }
            _ => panic!("a refused value names its option"),
        }
    }
}
