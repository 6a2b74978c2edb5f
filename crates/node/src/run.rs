//! The commands, as the CLI runs them (crates/cli/src: `check_cmd`,
//! `servers_cmd`, `fix_cmd`, `diff_cmd`, `result_cmd`, and `rules` and
//! `explain` in `main.rs`), on text the caller has read: what each writes to
//! standard output and standard error, and its exit code. Each calls the
//! same functions of the core in the same order, so their output is the
//! CLI's byte for byte; the npm package's tests compare the two.

use std::fmt::Write as _;

use toolcheck::diff::{self, Class, render};
use toolcheck::fix::{Applicability, Fixed};
use toolcheck::policy::Outcome;
use toolcheck::report::ReportFormat as Format;
use toolcheck::report::sarif::{Source, artifact_uri};
use toolcheck::servers::{Capture, ServerInput};
use toolcheck::{InputError, Settings, Severity};
use toolcheck_config::{Config, FailOn};

use crate::options::Options;

/// What a command writes, and how it exits.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Output {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// The exit code: 0, or 1 when a finding (or a change, for `diff`) is
    /// at or above `--fail-on` or a threshold of the config is exceeded.
    pub code: u8,
    /// For `fix`: whether a fix changed the text (`--in-place` rewrites
    /// the file only then).
    pub changed: bool,
}

/// Why a command could not run: the CLI's exit code 2. The message is what
/// the CLI prints after `toolcheck: `.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// What is wrong, naming the file when there is one.
    pub message: String,
    /// The 1-based line of invalid JSON.
    pub line: Option<usize>,
    /// The 1-based column of invalid JSON.
    pub column: Option<usize>,
    /// The option whose value is wrong (`revision`, `geminiField`, …).
    pub option: Option<&'static str>,
}

impl Problem {
    /// A problem with no position.
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            line: None,
            column: None,
            option: None,
        }
    }

    /// A wrong value of `option`: `option: why`.
    pub fn value(option: &'static str, why: impl std::fmt::Display) -> Self {
        Self {
            option: Some(option),
            ..Self::new(format!("{option}: {why}"))
        }
    }

    /// An input that cannot be checked, with its position, after the name
    /// of what was read when it has one.
    fn input(name: Option<&str>, e: &InputError) -> Self {
        Self {
            message: match name {
                Some(name) => format!("{name}: {e}"),
                None => e.to_string(),
            },
            line: e.line,
            column: e.column,
            option: None,
        }
    }
}

/// `check`'s formats: all of them.
const CHECK: &[Format] = &[
    Format::Text,
    Format::Concise,
    Format::Markdown,
    Format::Json,
    Format::Sarif,
    Format::Github,
];
/// `diff`'s.
const DIFF: &[Format] = &[
    Format::Text,
    Format::Markdown,
    Format::Json,
    Format::Sarif,
    Format::Github,
];
/// `result`'s and `infer`'s.
const RESULT: &[Format] = &[Format::Text, Format::Markdown, Format::Json];

/// `--format` [default: text], one of `allowed` (`full` is `text`, as in
/// the CLI).
fn format_of(options: &Options, allowed: &[Format]) -> Result<Format, Problem> {
    let name = match options.format.as_deref().unwrap_or("text") {
        "full" => "text",
        name => name,
    };
    let named = || Format::NAMED.iter().filter(|(_, f)| allowed.contains(f));
    named()
        .find(|(n, _)| *n == name)
        .map(|(_, f)| *f)
        .ok_or_else(|| {
            let names: Vec<&str> = named().map(|(n, _)| *n).collect();
            Problem::value(
                "format",
                format!("unknown format \"{name}\"; expected {}", names.join(", ")),
            )
        })
}

/// The text to check, its name for messages, and its URI when it is a file.
struct Input<'a> {
    text: &'a str,
    name: Option<String>,
    uri: Option<String>,
}

/// The bytes read as UTF-8, or the CLI's message: `what` is the file's path,
/// or `standard input`.
fn decode<'a>(bytes: &'a [u8], what: &str) -> Result<&'a str, Problem> {
    std::str::from_utf8(bytes).map_err(|e| {
        Problem::new(format!(
            "{what} is not valid UTF-8 (invalid byte at offset {}); JSON must be UTF-8",
            e.valid_up_to()
        ))
    })
}

/// How messages name an input, and how its UTF-8 error names it.
struct Named<'a> {
    /// The name before a message about its content: its path, `<stdin>`,
    /// or nothing for text handed to the API.
    label: Option<&'a str>,
    /// What a UTF-8 error calls it.
    what: &'a str,
}

impl<'a> Named<'a> {
    /// The input at `file` as given (`-` for standard input), else standard
    /// input when `stdin`, else text handed to the API (called `api`).
    /// `dash` is the label of `-`: `check` calls it `<stdin>`, `result` `-`.
    fn of(file: Option<&'a str>, stdin: bool, dash: &'a str, api: &'a str) -> Self {
        match file {
            Some("-") => Named {
                label: Some(dash),
                what: "standard input",
            },
            Some(path) => Named {
                label: Some(path),
                what: path,
            },
            None if stdin => Named {
                label: Some("<stdin>"),
                what: "standard input",
            },
            None => Named {
                label: None,
                what: api,
            },
        }
    }
}

/// Decodes the input of `check` or `fix`: the sample, standard input, a
/// file, or (with neither `file` nor `stdin`) text handed to the API.
fn input<'a>(bytes: &'a [u8], options: &'a Options) -> Result<Input<'a>, Problem> {
    if options.sample {
        return Ok(Input {
            text: toolcheck::sample::TOOLS,
            name: Some("sample".into()),
            uri: None,
        });
    }
    let file = options.file.as_deref();
    let named = Named::of(file, options.stdin, "<stdin>", "the input");
    Ok(Input {
        text: decode(bytes, named.what)?,
        name: named.label.map(str::to_owned),
        uri: file
            .filter(|f| *f != "-")
            .map(|f| artifact_uri(options.uri.as_deref().unwrap_or(f))),
    })
}

/// The config and the settings from the flags and it, as the CLI's
/// `config_and_settings`, with `--fail-on` (flag, then config).
fn prepare(options: &Options) -> Result<(Option<Config>, Settings, FailOn), Problem> {
    let values = options.values()?;
    let config = options.config()?;
    let settings = toolcheck_config::settings(&values.flags(options), config.as_ref())
        .map_err(Problem::new)?;
    let fail_on = FailOn::chosen(values.fail_on, config.as_ref());
    Ok((config, settings, fail_on))
}

/// `toolcheck check FILE`: the report in `--format`, with the config's
/// policy applied. `unreadable` is why the input could not be read, which
/// the CLI reports after any problem with the flags or the config.
pub fn check(bytes: &[u8], unreadable: Option<&str>, options: &Options) -> Result<Output, Problem> {
    let format = format_of(options, CHECK)?;
    let (config, settings, fail_on) = prepare(options)?;
    if let Some(why) = unreadable {
        return Err(Problem::new(why));
    }
    let input = input(bytes, options)?;
    let checking = toolcheck::Checking::new(input.text, &settings)
        .map_err(|e| Problem::input(input.name.as_deref(), &e))?;
    let mut report = if options.matrix {
        checking.finish_with_compatibility()
    } else {
        checking.finish()
    };
    let outcome = config.as_ref().and_then(|c| c.apply_policy(&mut report));
    let source = Source::new(input.uri.as_deref(), input.text);
    let file = input.name.as_deref().unwrap_or("<input>");
    // About the size of the input for a large report: one allocation.
    let mut stdout = Vec::with_capacity(report.input_bytes.max(4096));
    // Writing to a `Vec` cannot fail.
    let _ = toolcheck::report::write_report(
        &mut stdout,
        &report,
        format,
        (&source, file),
        outcome.as_ref(),
    );
    let stdout = String::from_utf8(stdout).unwrap_or_default();
    let mut stderr = String::new();
    if let Some(o) = &outcome
        && !format.holds_policy_lines()
    {
        for notice in o.notices() {
            let _ = writeln!(stderr, "toolcheck: {notice}");
        }
    }
    let code = if outcome.as_ref().is_some_and(Outcome::failed) {
        1
    } else {
        exit_code(report.worst(), fail_on)
    };
    Ok(Output {
        stdout,
        stderr,
        code,
        changed: false,
    })
}

/// 1 when the worst severity is at or above `fail_on`, else 0.
fn exit_code(worst: Option<Severity>, fail_on: FailOn) -> u8 {
    match (fail_on.threshold(), worst) {
        (Some(threshold), Some(worst)) if worst <= threshold => 1,
        _ => 0,
    }
}

/// One capture of several checked together.
pub struct Server {
    /// Its name: its file's stem, or the name the API was given.
    name: String,
    /// Its URI, when it is a file.
    uri: Option<String>,
    /// Its text, or why it could not be read.
    text: Result<String, String>,
}

impl Server {
    /// The capture at `file` (`-` for standard input), read as `bytes`, or
    /// not read (`bytes` is `Err` with why).
    pub fn new(file: &str, uri: Option<&str>, bytes: Result<&[u8], String>) -> Self {
        let what = if file == "-" { "standard input" } else { file };
        Self {
            name: stem(file),
            uri: (file != "-").then(|| artifact_uri(uri.unwrap_or(file))),
            text: bytes.and_then(|b| decode(b, what).map(str::to_owned).map_err(|p| p.message)),
        }
    }

    /// A capture handed to the API, under its server's name.
    pub fn named(name: &str, bytes: &[u8]) -> Self {
        Self {
            name: name.to_owned(),
            uri: None,
            text: decode(bytes, name)
                .map(str::to_owned)
                .map_err(|p| p.message),
        }
    }
}

/// The name a capture file gives its server: the file's stem.
fn stem(path: &str) -> String {
    if path == "-" {
        return "stdin".to_owned();
    }
    std::path::Path::new(path)
        .file_stem()
        .map_or_else(|| path.to_owned(), |s| s.to_string_lossy().into_owned())
}

/// `toolcheck check a.json b.json …`: several servers checked together, as
/// the CLI's `servers_cmd` checks captures (a client config's servers need
/// a live capture, which the npm package does not do).
pub fn check_servers(servers: &[Server], options: &Options) -> Result<Output, Problem> {
    let format = format_of(options, CHECK)?;
    if options.matrix {
        return Err(Problem::new(
            "--matrix and --save-capture check one capture; give one file",
        ));
    }
    let (config, settings, fail_on) = prepare(options)?;
    let inputs: Vec<ServerInput<'_>> = servers
        .iter()
        .map(|s| ServerInput {
            name: s.name.clone(),
            capture: match &s.text {
                Ok(text) => Capture::Text(text),
                Err(why) => Capture::Failed(why.clone()),
            },
        })
        .collect();
    let mut checked = toolcheck::checking::check_servers(&inputs, &settings);
    let mut stderr = String::new();
    let mut failed_policy = false;
    if let Some(policy) = config.as_ref().map(|c| &c.policy).filter(|p| !p.is_empty()) {
        let (breaches, failed) = policy.apply_to_servers(&mut checked);
        for b in breaches {
            let _ = writeln!(stderr, "toolcheck: {b}");
        }
        failed_policy = failed;
    }
    let sources: Vec<Source<'_>> = servers
        .iter()
        .map(|s| Source::new(s.uri.as_deref(), s.text.as_deref().unwrap_or("")))
        .collect();
    let stdout = toolcheck::report::servers::render(&checked, format, &sources);
    let code = if failed_policy {
        1
    } else {
        exit_code(checked.worst(), fail_on)
    };
    Ok(Output {
        stdout,
        stderr,
        code,
        changed: false,
    })
}

/// What `fix` made, before it is written: the run, and the input's name.
pub struct Fixing<'a> {
    /// The text as given.
    pub before: &'a str,
    /// The fix run.
    pub fixed: Fixed,
    /// How far the fixes were trusted.
    pub level: Applicability,
    /// `--fail-on` (flag, then config).
    pub fail_on: FailOn,
    /// The input's name, for the diff's header.
    name: Option<String>,
}

/// Applies the fixes the rules know, as the CLI's `fix_cmd` does.
pub fn fixing<'a>(
    bytes: &'a [u8],
    unreadable: Option<&str>,
    options: &'a Options,
) -> Result<Fixing<'a>, Problem> {
    let (_, settings, fail_on) = prepare(options)?;
    if let Some(why) = unreadable {
        return Err(Problem::new(why));
    }
    let input = input(bytes, options)?;
    let level = if options.unsafe_fixes {
        Applicability::Unsafe
    } else {
        Applicability::Safe
    };
    let fixed = toolcheck::fix::fix(input.text, &settings, level)
        .map_err(|e| Problem::input(input.name.as_deref(), &e))?;
    Ok(Fixing {
        before: input.text,
        fixed,
        level,
        fail_on,
        name: input.name,
    })
}

/// `toolcheck fix`: the fixed text (or with `diff`, a unified diff) for
/// standard output, the summary for standard error.
pub fn fix(bytes: &[u8], unreadable: Option<&str>, options: &Options) -> Result<Output, Problem> {
    let f = fixing(bytes, unreadable, options)?;
    let stdout = if options.diff {
        toolcheck::fix::unified_diff(
            f.before,
            &f.fixed.text,
            f.name.as_deref().unwrap_or("input"),
        )
    } else {
        f.fixed.text.clone()
    };
    Ok(Output {
        stdout,
        stderr: f.fixed.summary(f.level),
        code: exit_code(f.fixed.remaining.worst(), f.fail_on),
        changed: f.fixed.changed(),
    })
}

/// The fix run as JSON, for the JavaScript API (see `fixJson` in lib.rs).
pub fn fix_json(f: &Fixing<'_>) -> String {
    let fixed = &f.fixed;
    let applied: Vec<serde_json::Value> = fixed
        .applied
        .iter()
        .map(|a| {
            serde_json::json!({
                "rule": a.rule.id,
                "tool": a.tool.as_deref(),
                "path": a.path.to_string(),
                "pointer": a.path.pointer(),
                "title": a.title,
                "applicability": a.applicability.as_str(),
            })
        })
        .collect();
    let skipped: Vec<serde_json::Value> = fixed
        .skipped
        .iter()
        .map(|s| {
            serde_json::json!({
                "rule": s.rule.id,
                "tool": s.tool.as_deref(),
                "path": s.path.to_string(),
                "pointer": s.path.pointer(),
                "title": s.title,
                "reason": s.reason,
            })
        })
        .collect();
    serde_json::json!({
        "text": fixed.text,
        "changed": fixed.changed(),
        "applied": applied,
        "skipped": skipped,
        "remaining": toolcheck::report::json::to_value(&fixed.remaining),
        "tokens_before": fixed.tokens_before,
        "tokens_after": fixed.tokens_after,
        "summary": fixed.summary(f.level),
    })
    .to_string()
}

/// One side of a diff: its text, and its path as given (`-` for standard
/// input; absent for text handed to the API).
pub struct Side<'a> {
    /// The capture's bytes.
    pub bytes: &'a [u8],
    /// Its path as given.
    pub file: Option<&'a str>,
    /// Its path for SARIF and annotations, when not `file` itself.
    pub uri: Option<&'a str>,
}

impl Side<'_> {
    /// The text, or the CLI's message when it is not UTF-8.
    fn text(&self) -> Result<&str, Problem> {
        let what = match self.file {
            Some("-") => "standard input",
            Some(path) => path,
            None => "the input",
        };
        decode(self.bytes, what)
    }

    /// The URI of a file.
    fn uri(&self) -> Option<String> {
        self.file
            .filter(|f| *f != "-")
            .map(|f| artifact_uri(self.uri.unwrap_or(f)))
    }
}

/// `toolcheck diff OLD NEW`, as the CLI's `diff_cmd` runs it.
pub fn diff(old: &Side<'_>, new: &Side<'_>, options: &Options) -> Result<Output, Problem> {
    let format = format_of(options, DIFF)?;
    let threshold = match options.fail_on.as_deref().unwrap_or("breaking") {
        "breaking" => Some(Class::Breaking),
        "review" => Some(Class::Review),
        "compatible" => Some(Class::Compatible),
        "never" => None,
        other => {
            return Err(Problem::value(
                "failOn",
                format!(
                    "unknown fail-on \"{other}\"; expected breaking, review, compatible or never"
                ),
            ));
        }
    };
    let (old_text, new_text) = (old.text()?, new.text()?);
    let d = diff::diff(old_text, new_text).map_err(|e| {
        let side = match e.side {
            diff::Side::Old => old,
            diff::Side::New => new,
        };
        Problem::input(side.file, &e.error)
    })?;
    let (old_uri, new_uri) = (old.uri(), new.uri());
    let old_source = Source::new(old_uri.as_deref(), old_text);
    let new_source = Source::new(new_uri.as_deref(), new_text);
    let stdout = match format {
        // `format_of` refuses `concise` for a diff.
        Format::Text | Format::Concise => render::text(&d),
        Format::Markdown => render::markdown(&d),
        Format::Json => render::json(&d) + "\n",
        Format::Sarif => render::sarif(&d, &old_source, &new_source) + "\n",
        Format::Github => render::github(&d, &old_source, &new_source),
    };
    let code = match (threshold, d.worst()) {
        (Some(threshold), Some(worst)) if worst <= threshold => 1,
        _ => 0,
    };
    Ok(Output {
        stdout,
        code,
        ..Output::default()
    })
}

/// `toolcheck result`: one `tools/call` result checked against its tool's
/// `outputSchema`, as the CLI's `result_cmd` checks it. With `sample` in the
/// options, the sample result against the sample tools, and `tool` is
/// `get_order` when absent. `tools_unreadable` and `result_unreadable` are
/// why a file could not be read; the CLI reports the first after the flags,
/// the second once the tool is found.
pub fn check_result(
    tools: &[u8],
    tools_unreadable: Option<&str>,
    tool: Option<&str>,
    result: &[u8],
    result_unreadable: Option<&str>,
    options: &Options,
) -> Result<Output, Problem> {
    let format = format_of(options, RESULT)?;
    let revision = options.revision()?.unwrap_or_default();
    let fail_on = options
        .fail_on
        .as_deref()
        .map(str::parse::<FailOn>)
        .transpose()
        .map_err(|e| Problem::value("failOn", e))?
        .unwrap_or(FailOn::Error);
    let (tools_text, tools_label, tool_name) = if options.sample {
        (
            toolcheck::sample::TOOLS,
            Some("sample tools"),
            tool.unwrap_or("get_order"),
        )
    } else {
        let Some(tool) = tool else {
            return Err(Problem::new(
                "result needs --tools FILE and --tool NAME (or --sample)",
            ));
        };
        if let Some(why) = tools_unreadable {
            return Err(Problem::new(format!("tools: {why}")));
        }
        let named = Named::of(
            options.tools_file.as_deref(),
            false,
            "-",
            "the tools capture",
        );
        let text =
            decode(tools, named.what).map_err(|p| Problem::new(format!("tools: {}", p.message)))?;
        (text, named.label, tool)
    };
    let found = toolcheck::result::find_tool(tools_text, tool_name)
        .map_err(|e| Problem::input(tools_label, &e))?;
    let (result_text, result_label) = if options.sample {
        (toolcheck::sample::RESULT, Some("sample result"))
    } else {
        if let Some(why) = result_unreadable {
            return Err(Problem::new(format!("result: {why}")));
        }
        let named = Named::of(options.file.as_deref(), options.stdin, "-", "the result");
        let text = decode(result, named.what)
            .map_err(|p| Problem::new(format!("result: {}", p.message)))?;
        (text, named.label)
    };
    let settings = Settings {
        revision,
        ..Settings::default()
    };
    let report = toolcheck::result::check_result_for(&found, result_text, &settings)
        .map_err(|e| Problem::input(result_label, &e))?;
    let stdout = match format {
        Format::Markdown => toolcheck::report::result::markdown(&report),
        Format::Json => toolcheck::report::result::json(&report) + "\n",
        _ => toolcheck::report::result::text(&report),
    };
    Ok(Output {
        stdout,
        code: exit_code(report.worst(), fail_on),
        ..Output::default()
    })
}

/// `toolcheck infer`: a starting `outputSchema` inferred from one result,
/// as the CLI's `result_cmd` infers it.
pub fn infer(bytes: &[u8], unreadable: Option<&str>, options: &Options) -> Result<Output, Problem> {
    let format = format_of(options, RESULT)?;
    if let Some(why) = unreadable {
        return Err(Problem::new(format!("result: {why}")));
    }
    let named = Named::of(options.file.as_deref(), options.stdin, "-", "the result");
    let text =
        decode(bytes, named.what).map_err(|p| Problem::new(format!("result: {}", p.message)))?;
    let inferred = toolcheck::result::infer_from_result_text(text)
        .map_err(|e| Problem::input(named.label, &e))?;
    let stdout = match format {
        Format::Markdown => toolcheck::report::result::inferred_markdown(&inferred),
        Format::Json => toolcheck::report::result::inferred_json(&inferred) + "\n",
        _ => toolcheck::report::result::inferred_text(&inferred),
    };
    Ok(Output {
        stdout,
        ..Output::default()
    })
}

/// `toolcheck rules`: every rule, the result rules too, one a line.
pub fn rules() -> String {
    toolcheck::catalog::listing()
}

/// Every rule as JSON, for the JavaScript API.
pub fn rules_json() -> String {
    let rules: Vec<serde_json::Value> = toolcheck::catalog::every_rule()
        .map(|rule| {
            serde_json::json!({
                "id": rule.id,
                "severity": rule.severity.as_str(),
                "group": rule.group.as_str(),
                "fixability": rule.fixability.as_str(),
                "summary": rule.summary,
            })
        })
        .collect();
    serde_json::Value::Array(rules).to_string()
}

/// `toolcheck explain RULE`: one rule's docs.
pub fn explain(id: &str) -> Result<String, Problem> {
    toolcheck::catalog::rule(id)
        .map(toolcheck::catalog::explained)
        .ok_or_else(|| {
            Problem::new(format!(
                "no rule named \"{id}\"; `toolcheck rules` lists them"
            ))
        })
}
