'use strict';
/**
 * Toolcheck for Node: check an MCP server's tool definitions before any
 * model sees them, from JavaScript.
 *
 * The engine is the native `toolcheck` command's own code compiled to
 * WebAssembly, so `check(text)` returns the object that
 * `toolcheck check FILE --format json` prints, and `format(text, {format})`
 * its other formats, byte for byte. Nothing here reads a file or opens a
 * connection: pass the text.
 *
 * Every function throws an `Error` named `ToolcheckError` when its input
 * cannot be checked: invalid JSON (with `line` and `column`), a capture
 * that is not a tool list, an unknown rule, an invalid `toolcheck.toml`. A
 * wrong argument or option throws a `TypeError`.
 *
 * @module toolcheck
 */

const { wasm } = require('./lib/engine.js');

/**
 * The options as the engine takes them: JSON. The engine reads them with
 * the CLI's own parser (`toolBudget` is `--tool-budget`), and throws a
 * `TypeError` for an unknown option or a value of the wrong type.
 *
 * @param {string} fn the function, for messages
 * @param {object | undefined} options
 */
function optionsJson(fn, options) {
  if (options === undefined || options === null) return '';
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${fn}: options must be an object`);
  }
  return JSON.stringify(options);
}

/**
 * A capture as bytes: a string is encoded as UTF-8, a Uint8Array (a
 * Buffer from `fs.readFileSync`) taken as it is.
 *
 * @param {string} fn the function, for messages
 * @param {string} what the argument, for messages
 * @param {unknown} text
 * @returns {Uint8Array}
 */
function bytes(fn, what, text) {
  if (typeof text === 'string') return Buffer.from(text, 'utf8');
  if (text instanceof Uint8Array) return text;
  throw new TypeError(`${fn}: ${what} must be a string or a Uint8Array, not ${text === null ? 'null' : typeof text}`);
}

/**
 * Checks tool definitions: a `tools/list` response, its result, an array of
 * tools, one tool, OpenAI, Anthropic or Gemini tool definitions, or a
 * JSON-RPC transcript (see docs/cli.md, "Accepted input").
 *
 * @param {string | Uint8Array} text the capture
 * @param {import('./index').CheckOptions} [options]
 * @returns {import('./index').Report} what `toolcheck check --format json` prints
 */
function check(text, options) {
  return JSON.parse(wasm.check('check', bytes('check', 'text', text), optionsJson('check', options)));
}

/**
 * The report in one of the CLI's formats: what `toolcheck check FILE
 * --format FORMAT` prints (`text` by default).
 *
 * @param {string | Uint8Array} text the capture
 * @param {import('./index').FormatOptions} [options]
 * @returns {string}
 */
function format(text, options) {
  return wasm.check('format', bytes('format', 'text', text), optionsJson('format', options));
}

/**
 * Checks several servers' captures together, as one client loads them:
 * each as `check` would, then the rules about the combination (the same
 * tool name on two servers, prefixed names, the token budget). What
 * `toolcheck check a.json b.json --format json` prints.
 *
 * @param {{name: string, text: string | Uint8Array}[]} captures
 * @param {import('./index').ServersOptions} [options]
 * @returns {import('./index').ServersReport}
 */
function checkServers(captures, options) {
  if (!Array.isArray(captures)) throw new TypeError('checkServers: captures must be an array of {name, text}');
  const names = [];
  const texts = [];
  for (const capture of captures) {
    if (!capture || typeof capture.name !== 'string') {
      throw new TypeError('checkServers: each capture must be {name: string, text}');
    }
    names.push(capture.name);
    texts.push(bytes('checkServers', `the text of "${capture.name}"`, capture.text));
  }
  return JSON.parse(wasm.checkServers(names, texts, optionsJson('checkServers', options)));
}

/**
 * Checks one `tools/call` result against the `outputSchema` of the tool
 * named `toolName` in a tools capture: what `toolcheck result --format
 * json` prints.
 *
 * @param {string | Uint8Array} capture the tools capture (anything `check` takes)
 * @param {string} toolName
 * @param {string | Uint8Array} resultText a tools/call response, its result, or a transcript
 * @param {{revision?: import('./index').Revision}} [options]
 * @returns {import('./index').ResultReport}
 */
function checkResult(capture, toolName, resultText, options) {
  if (typeof toolName !== 'string') throw new TypeError('checkResult: toolName must be a string');
  return JSON.parse(
    wasm.checkResult(
      bytes('checkResult', 'capture', capture),
      toolName,
      bytes('checkResult', 'resultText', resultText),
      optionsJson('checkResult', options),
    ),
  );
}

/**
 * A starting `outputSchema` inferred from one `tools/call` result: what
 * `toolcheck infer --format json` prints.
 *
 * @param {string | Uint8Array} resultText
 * @returns {Record<string, unknown>} a JSON Schema (draft 2020-12)
 */
function inferSchema(resultText) {
  return JSON.parse(wasm.infer(bytes('inferSchema', 'resultText', resultText)));
}

/**
 * Applies the fixes the rules know, as `toolcheck fix` does: only the
 * bytes that are wrong change.
 *
 * @param {string | Uint8Array} text the capture
 * @param {import('./index').FixOptions} [options]
 * @returns {import('./index').FixResult}
 */
function fix(text, options) {
  return JSON.parse(wasm.fix(bytes('fix', 'text', text), optionsJson('fix', options)));
}

/**
 * The breaking, to-review and compatible changes between two captures:
 * what `toolcheck diff OLD NEW --format json` prints.
 *
 * @param {string | Uint8Array} oldText
 * @param {string | Uint8Array} newText
 * @returns {import('./index').DiffReport}
 */
function diff(oldText, newText) {
  return JSON.parse(wasm.diff(bytes('diff', 'oldText', oldText), bytes('diff', 'newText', newText)));
}

/**
 * Every rule, the result rules (group `result`) too.
 *
 * @returns {import('./index').RuleInfo[]}
 */
function rules() {
  return JSON.parse(wasm.rulesJson());
}

/**
 * One rule's docs, in Markdown: what `toolcheck explain RULE` prints.
 *
 * @param {string} id the rule's id, for example `required-not-in-properties`
 * @returns {string}
 */
function explain(id) {
  if (typeof id !== 'string') throw new TypeError('explain: id must be a string');
  return wasm.explain(id);
}

/**
 * The built-in sample: a three-tool order-support server with realistic
 * defects (`tools`, what `toolcheck check --sample` checks) and a
 * `get_order` result that breaks its `outputSchema` (`result`).
 */
const sample = Object.freeze({ tools: wasm.sampleTools(), result: wasm.sampleResult() });

/** The engine's version. */
const version = wasm.version();

module.exports = { check, format, checkServers, checkResult, inferSchema, fix, diff, rules, explain, sample, version };
