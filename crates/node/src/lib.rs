//! The npm package's engine: Toolcheck compiled to WebAssembly for Node
//! (`wasm-bindgen --target nodejs`; packages/npm wraps it in a typed
//! JavaScript API and an `npx toolcheck` bin).
//!
//! It is the native binary's command layer ([`toolcheck_command`]) with
//! Node's I/O: [`main`] takes the bin's command line and a host object whose
//! methods read and write files ([`NodeHost`]), parses it with the native
//! binary's own definitions and runs the command, so its output is the
//! native binary's byte for byte; the typed API's functions call the
//! layer's [`toolcheck_command::api`] on the text they are given. The module
//! starts no process and opens no connection: what needs one says how to get
//! the native binary.
//!
//! A call that cannot run throws an `Error` named `ToolcheckError` whose
//! message is the CLI's (without its `toolcheck: ` prefix), with `line` and
//! `column` for invalid JSON and `option` for a wrong value; a wrong option
//! or argument throws a `TypeError`.

use js_sys::{Function, Reflect, Uint8Array};
use serde_json::Value;
use toolcheck_command::api::{self, Failure};
use toolcheck_command::{Host, Problem};
use wasm_bindgen::prelude::*;

/// What the bin's command wrote, and how it exits.
#[wasm_bindgen(getter_with_clone)]
pub struct Output {
    /// Standard output.
    #[wasm_bindgen(readonly)]
    pub stdout: Vec<u8>,
    /// Standard error.
    #[wasm_bindgen(readonly)]
    pub stderr: Vec<u8>,
    /// The exit code: 0; 1 when something is at or above `--fail-on`; 2 for
    /// a usage or input error.
    #[wasm_bindgen(readonly)]
    pub code: u8,
}

/// Node's file system, through the bin's host object: `read(path)`,
/// `readStdin()`, `write(path, bytes)`, `isFile(path)`, `cwd()` and
/// `env(name)`. A method that fails throws a string: why, as the native
/// binary says it (`No such file or directory (os error 2)`).
pub struct NodeHost {
    object: JsValue,
}

impl NodeHost {
    /// Calls the host's method `name` with `args`.
    fn call(&self, name: &str, args: &[JsValue]) -> Result<JsValue, String> {
        let method = Reflect::get(&self.object, &name.into())
            .ok()
            .and_then(|m| m.dyn_into::<Function>().ok())
            .ok_or_else(|| format!("the host has no method {name}"))?;
        let list: js_sys::Array = args.iter().collect();
        method
            .apply(&self.object, &list)
            .map_err(|e| e.as_string().unwrap_or_else(|| format!("{e:?}")))
    }

    fn bytes(&self, name: &str, args: &[JsValue]) -> Result<Vec<u8>, String> {
        self.call(name, args).map(|v| Uint8Array::new(&v).to_vec())
    }
}

impl Host for NodeHost {
    fn read(&self, path: &str) -> Result<Vec<u8>, String> {
        self.bytes("read", &[path.into()])
    }

    fn read_stdin(&self) -> Result<Vec<u8>, String> {
        self.bytes("readStdin", &[])
    }

    fn write(&self, path: &str, bytes: &[u8]) -> Result<(), String> {
        self.call("write", &[path.into(), Uint8Array::from(bytes).into()])
            .map(|_| ())
    }

    fn is_file(&self, path: &str) -> bool {
        self.call("isFile", &[path.into()])
            .is_ok_and(|v| v.as_bool() == Some(true))
    }

    fn current_dir(&self) -> Option<String> {
        self.call("cwd", &[]).ok().and_then(|v| v.as_string())
    }

    fn env(&self, name: &str) -> Option<String> {
        self.call("env", &[name.into()])
            .ok()
            .and_then(|v| v.as_string())
    }
}

/// `npx toolcheck ARGS…`: the command line after `toolcheck`, run as the
/// native binary runs it, with `host` for the files.
#[wasm_bindgen]
#[must_use]
pub fn main(args: Vec<String>, host: JsValue) -> Output {
    let mut host = NodeHost { object: host };
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let argv = std::iter::once("toolcheck".to_owned()).chain(args);
    let code = toolcheck_command::run(argv, &mut host, &mut stdout, &mut stderr);
    Output {
        stdout,
        stderr,
        code,
    }
}

/// The `name` of the errors the engine throws, which tells them from a
/// failure of the JavaScript around it.
const ERROR_NAME: &str = "ToolcheckError";

/// A `ToolcheckError` for a problem, or a `TypeError` for a wrong option.
fn thrown(failure: Failure) -> JsValue {
    let problem: Problem = match failure {
        Failure::Type(message) => return js_sys::TypeError::new(&message).into(),
        Failure::Problem(p) => p,
    };
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
            let _ = Reflect::set(&error, &key.into(), &value);
        }
    }
    error.into()
}

/// The options object as JSON text (what JavaScript's `JSON.stringify`
/// made of it).
fn options(json: &str) -> Result<Value, JsValue> {
    if json.trim().is_empty() {
        return Ok(Value::Null);
    }
    serde_json::from_str(json).map_err(|e| js_sys::TypeError::new(&format!("options: {e}")).into())
}

/// `check(text, options)` (`function` `check`, JSON) and `format(text,
/// options)` (`function` `format`).
#[wasm_bindgen]
pub fn check(function: &str, text: Vec<u8>, options_json: &str) -> Result<String, JsValue> {
    api::check(function, text, &options(options_json)?).map_err(thrown)
}

/// `checkServers(captures, options)`: `names[i]` is the name of
/// `captures[i]`.
#[wasm_bindgen(js_name = checkServers)]
pub fn check_servers(
    names: Vec<String>,
    captures: Vec<Uint8Array>,
    options_json: &str,
) -> Result<String, JsValue> {
    let captures = names
        .into_iter()
        .zip(captures.iter().map(Uint8Array::to_vec))
        .collect();
    api::check_servers(captures, &options(options_json)?).map_err(thrown)
}

/// `checkResult(capture, toolName, resultText, options)`.
#[wasm_bindgen(js_name = checkResult)]
pub fn check_result(
    tools: Vec<u8>,
    tool: &str,
    result: Vec<u8>,
    options_json: &str,
) -> Result<String, JsValue> {
    api::check_result(tools, tool, result, &options(options_json)?).map_err(thrown)
}

/// `inferSchema(resultText)`.
#[wasm_bindgen]
pub fn infer(result: Vec<u8>) -> Result<String, JsValue> {
    api::infer(result).map_err(thrown)
}

/// `fix(text, options)`.
#[wasm_bindgen]
pub fn fix(text: Vec<u8>, options_json: &str) -> Result<String, JsValue> {
    api::fix(text, &options(options_json)?).map_err(thrown)
}

/// `diff(oldText, newText)`.
#[wasm_bindgen]
pub fn diff(old: Vec<u8>, new: Vec<u8>) -> Result<String, JsValue> {
    api::diff(old, new).map_err(thrown)
}

/// Every rule as JSON: `id`, `severity`, `group`, `fixability` and
/// `summary` each.
#[wasm_bindgen(js_name = rulesJson)]
#[must_use]
pub fn rules_json() -> String {
    toolcheck_command::rules::json().to_string()
}

/// One rule's docs, in Markdown.
#[wasm_bindgen]
pub fn explain(id: &str) -> Result<String, JsValue> {
    toolcheck_command::rules::docs(id).map_err(|p| thrown(Failure::Problem(p)))
}

/// The names of the settings' options (`against`, `toolBudget`, …).
#[wasm_bindgen(js_name = settingsOptions)]
#[must_use]
pub fn settings_options() -> Vec<String> {
    toolcheck_command::options::settings_options()
}

/// The TypeScript declaration of the settings' options, made from the
/// flags' definitions when the package is built (`lib/settings.d.ts`).
#[wasm_bindgen(js_name = settingsTypes)]
#[must_use]
pub fn settings_types() -> String {
    toolcheck_command::options::settings_types()
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
