//! The npm package's engine: Toolcheck's core compiled to WebAssembly for
//! Node (`wasm-bindgen --target nodejs`; packages/npm wraps it in a typed
//! JavaScript API and an `npx toolcheck` bin).
//!
//! Each export takes what the CLI would read (a capture's bytes, the text of
//! `toolcheck.toml`) and the options as JSON ([`options::Options`]), runs the
//! command as the CLI runs it ([`run`]), and returns what the CLI would
//! write: standard output, standard error and the exit code ([`Output`]).
//! So `check(…, {"format": "json"})` gives `toolcheck check FILE --format
//! json`'s output byte for byte. A command that cannot run throws an `Error`
//! whose message is the CLI's (without its `toolcheck: ` prefix), with
//! `line` and `column` for invalid JSON.
//!
//! The module does no I/O: the JavaScript side reads the files it is given,
//! and writes what comes back.

pub mod options;
pub mod run;
#[cfg(test)]
mod tests;

use wasm_bindgen::prelude::*;

use crate::options::Options;
use crate::run::Problem;

/// What a command writes, and how it exits (see [`run::Output`]).
#[wasm_bindgen(getter_with_clone)]
pub struct Output {
    /// Standard output.
    #[wasm_bindgen(readonly)]
    pub stdout: String,
    /// Standard error.
    #[wasm_bindgen(readonly)]
    pub stderr: String,
    /// The exit code: 0, or 1 when something is at or above `--fail-on`.
    #[wasm_bindgen(readonly)]
    pub code: u8,
    /// For `fix`: whether a fix changed the text.
    #[wasm_bindgen(readonly)]
    pub changed: bool,
}

impl From<run::Output> for Output {
    fn from(o: run::Output) -> Self {
        Self {
            stdout: o.stdout,
            stderr: o.stderr,
            code: o.code,
            changed: o.changed,
        }
    }
}

/// The `name` of the errors the engine throws, which tells them from a
/// failure of the JavaScript around it.
const ERROR_NAME: &str = "ToolcheckError";

/// A JavaScript `Error` named [`ERROR_NAME`] with the problem's message, and
/// its `line` and `column`, or the `option` whose value is wrong, when it
/// has them.
fn thrown(problem: Problem) -> JsValue {
    let error = js_sys::Error::new(&problem.message);
    error.set_name(ERROR_NAME);
    let properties = [
        ("line", problem.line.map(JsValue::from)),
        ("column", problem.column.map(JsValue::from)),
        ("option", problem.option.map(JsValue::from)),
    ];
    for (key, value) in properties {
        if let Some(value) = value {
            // Setting a property of a fresh object cannot fail.
            let _ = js_sys::Reflect::set(&error, &key.into(), &value);
        }
    }
    error.into()
}

/// Runs a command on options given as JSON.
fn with_options<T>(
    options: &str,
    command: impl FnOnce(&Options) -> Result<T, Problem>,
) -> Result<T, JsValue> {
    Options::parse(options)
        .and_then(|o| command(&o))
        .map_err(thrown)
}

/// `toolcheck check FILE`: `input` is the capture (ignored with `sample`),
/// `unreadable` why it could not be read.
#[wasm_bindgen]
pub fn check(input: &[u8], unreadable: Option<String>, options: &str) -> Result<Output, JsValue> {
    with_options(options, |o| run::check(input, unreadable.as_deref(), o)).map(Output::from)
}

/// Several captures checked together (`toolcheck check a.json b.json`):
/// add each, then [`Servers::check`].
#[wasm_bindgen]
#[derive(Default)]
pub struct Servers {
    servers: Vec<run::Server>,
}

#[wasm_bindgen]
impl Servers {
    /// No captures yet.
    #[wasm_bindgen(constructor)]
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The capture at `file` (`-` for standard input); `uri` is its path
    /// for SARIF and annotations when not `file`.
    pub fn add(&mut self, file: &str, uri: Option<String>, bytes: &[u8]) {
        self.servers
            .push(run::Server::new(file, uri.as_deref(), Ok(bytes)));
    }

    /// A capture handed to the API, under its server's name.
    #[wasm_bindgen(js_name = addNamed)]
    pub fn add_named(&mut self, name: &str, bytes: &[u8]) {
        self.servers.push(run::Server::named(name, bytes));
    }

    /// A capture that could not be read, with why: reported as a server
    /// that was not checked, as the CLI does.
    #[wasm_bindgen(js_name = addUnreadable)]
    pub fn add_unreadable(&mut self, file: &str, why: &str) {
        self.servers
            .push(run::Server::new(file, None, Err(why.to_owned())));
    }

    /// Checks them together.
    pub fn check(&self, options: &str) -> Result<Output, JsValue> {
        with_options(options, |o| run::check_servers(&self.servers, o)).map(Output::from)
    }
}

/// `toolcheck fix FILE`: the fixed text (or with `diff`, a unified diff) and
/// the summary of what was applied and left out.
#[wasm_bindgen]
pub fn fix(input: &[u8], unreadable: Option<String>, options: &str) -> Result<Output, JsValue> {
    with_options(options, |o| run::fix(input, unreadable.as_deref(), o)).map(Output::from)
}

/// The fix run as JSON, for the JavaScript API: `text`, `changed`,
/// `applied` and `skipped` (each with `rule`, `tool`, `path`, `pointer`,
/// `title`, and `applicability` or `reason`), `remaining` (the report of
/// the fixed text, in `check`'s JSON shape), `tokensBefore`, `tokensAfter`
/// and `summary` (the CLI's summary).
#[wasm_bindgen(js_name = fixJson)]
pub fn fix_json(input: &[u8], options: &str) -> Result<String, JsValue> {
    with_options(options, |o| {
        let f = run::fixing(input, None, o)?;
        Ok(run::fix_json(&f))
    })
}

/// `toolcheck diff OLD NEW`. `oldFile` and `newFile` are their paths as
/// given (`-` for standard input), absent for text handed to the API;
/// `oldUri` and `newUri` their paths for SARIF and annotations when not
/// the paths as given.
#[wasm_bindgen]
pub fn diff(
    old: &[u8],
    old_file: Option<String>,
    old_uri: Option<String>,
    new: &[u8],
    new_file: Option<String>,
    new_uri: Option<String>,
    options: &str,
) -> Result<Output, JsValue> {
    with_options(options, |o| {
        run::diff(
            &run::Side {
                bytes: old,
                file: old_file.as_deref(),
                uri: old_uri.as_deref(),
            },
            &run::Side {
                bytes: new,
                file: new_file.as_deref(),
                uri: new_uri.as_deref(),
            },
            o,
        )
    })
    .map(Output::from)
}

/// `toolcheck result`: `result` checked against the tool named `tool` in the
/// tools capture `tools` (with `sample`, the sample's).
#[wasm_bindgen(js_name = checkResult)]
pub fn check_result(
    tools: &[u8],
    tools_unreadable: Option<String>,
    tool: Option<String>,
    result: &[u8],
    result_unreadable: Option<String>,
    options: &str,
) -> Result<Output, JsValue> {
    with_options(options, |o| {
        run::check_result(
            tools,
            tools_unreadable.as_deref(),
            tool.as_deref(),
            result,
            result_unreadable.as_deref(),
            o,
        )
    })
    .map(Output::from)
}

/// `toolcheck infer`: a starting `outputSchema` from one result.
#[wasm_bindgen]
pub fn infer(result: &[u8], unreadable: Option<String>, options: &str) -> Result<Output, JsValue> {
    with_options(options, |o| run::infer(result, unreadable.as_deref(), o)).map(Output::from)
}

/// `toolcheck rules`: every rule, one a line.
#[wasm_bindgen]
#[must_use]
pub fn rules() -> String {
    run::rules()
}

/// Every rule as JSON, for the JavaScript API: `id`, `severity`, `group`,
/// `fixability` and `summary` each.
#[wasm_bindgen(js_name = rulesJson)]
#[must_use]
pub fn rules_json() -> String {
    run::rules_json()
}

/// `toolcheck explain RULE`: one rule's docs, in Markdown.
#[wasm_bindgen]
pub fn explain(id: &str) -> Result<String, JsValue> {
    run::explain(id).map_err(thrown)
}

/// The built-in sample: a three-tool order-support server with realistic
/// defects (`toolcheck check --sample`).
#[wasm_bindgen(js_name = sampleTools)]
#[must_use]
pub fn sample_tools() -> String {
    toolcheck::sample::TOOLS.to_owned()
}

/// The sample's `get_order` result (`toolcheck result --sample`).
#[wasm_bindgen(js_name = sampleResult)]
#[must_use]
pub fn sample_result() -> String {
    toolcheck::sample::RESULT.to_owned()
}

/// The engine's version: the workspace's.
#[wasm_bindgen]
#[must_use]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}
