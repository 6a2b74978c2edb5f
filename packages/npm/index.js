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

const { wasm, run } = require('./lib/engine.js');

/** The options that shape a check's settings (the CLI's flags of the same names). */
const SETTINGS = ['against', 'strict', 'revision', 'geminiField', 'select', 'ignore', 'budget', 'toolBudget'];

/** A `toolcheck.toml`'s text and its name for messages, and the capture's path. */
const SOURCE = ['config', 'configFile', 'file'];

/**
 * The options as the engine takes them: JSON, after checking that every
 * name is one `fn` takes.
 *
 * @param {string} fn the function, for messages
 * @param {object | undefined} options
 * @param {string[]} allowed
 * @param {object} [fixed] options the function sets itself
 */
function optionsJson(fn, options, allowed, fixed = {}) {
  if (options === undefined || options === null) options = {};
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${fn}: options must be an object`);
  }
  for (const key of Object.keys(options)) {
    if (!allowed.includes(key)) {
      throw new TypeError(`${fn}: unknown option "${key}"; expected one of ${allowed.join(', ')}`);
    }
  }
  return JSON.stringify({ ...options, ...fixed });
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
 * JSON-RPC transcript (see the README, "Accepted input").
 *
 * @param {string | Uint8Array} text the capture
 * @param {import('./index').CheckOptions} [options]
 * @returns {import('./index').Report} what `toolcheck check --format json` prints
 */
function check(text, options) {
  const json = optionsJson('check', options, [...SETTINGS, 'matrix', ...SOURCE], { format: 'json' });
  return JSON.parse(run('check', bytes('check', 'text', text), undefined, json).stdout);
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
  const json = optionsJson('format', options, [...SETTINGS, 'matrix', 'format', ...SOURCE]);
  return run('check', bytes('format', 'text', text), undefined, json).stdout;
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
  const json = optionsJson('checkServers', options, [...SETTINGS, 'config', 'configFile'], { format: 'json' });
  const together = new wasm.Servers();
  try {
    for (const capture of captures) {
      if (!capture || typeof capture.name !== 'string') {
        throw new TypeError('checkServers: each capture must be {name: string, text}');
      }
      together.addNamed(capture.name, bytes('checkServers', `the text of "${capture.name}"`, capture.text));
    }
    const output = together.check(json);
    try {
      return JSON.parse(output.stdout);
    } finally {
      output.free();
    }
  } finally {
    together.free();
  }
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
  const json = optionsJson('checkResult', options, ['revision'], { format: 'json' });
  const output = run(
    'checkResult',
    bytes('checkResult', 'capture', capture),
    undefined,
    toolName,
    bytes('checkResult', 'resultText', resultText),
    undefined,
    json,
  );
  return JSON.parse(output.stdout);
}

/**
 * A starting `outputSchema` inferred from one `tools/call` result: what
 * `toolcheck infer --format json` prints.
 *
 * @param {string | Uint8Array} resultText
 * @returns {Record<string, unknown>} a JSON Schema (draft 2020-12)
 */
function inferSchema(resultText) {
  const output = run('infer', bytes('inferSchema', 'resultText', resultText), undefined, '{"format":"json"}');
  return JSON.parse(output.stdout);
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
  const json = optionsJson('fix', options, [...SETTINGS, 'unsafeFixes', ...SOURCE]);
  return JSON.parse(wasm.fixJson(bytes('fix', 'text', text), json));
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
  const output = run(
    'diff',
    bytes('diff', 'oldText', oldText),
    undefined,
    undefined,
    bytes('diff', 'newText', newText),
    undefined,
    undefined,
    '{"format":"json"}',
  );
  return JSON.parse(output.stdout);
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
