'use strict';
/**
 * The engine: Toolcheck's core compiled to WebAssembly (crates/node, turned
 * into `../wasm` by wasm-bindgen at build time), loaded once per process.
 *
 * A check runs once or a few times per process (a CLI run, a test file), so
 * what counts is the first call. V8's default for WebAssembly compiles each
 * function with its baseline compiler (Liftoff) when first called and
 * recompiles the hot ones with its optimizing compiler (TurboFan) in the
 * background. On this 6.6 MB module that costs more than it gains: on the
 * GitHub capture (117 tools), Node 20 takes about 470 ms for the first check
 * and 40-60 ms for the next ones, against about 95 ms and 10 ms with
 * Liftoff alone. So the module is compiled with Liftoff alone
 * (`--liftoff-only`), its functions validated when first compiled rather
 * than all at load (`--wasm-lazy-validation`, about 20 ms less at load).
 * V8 reads both flags when it creates the module; they are set for that
 * moment only and put back afterwards, so no other WebAssembly in the
 * process is affected. Where the V8 is not one these flags are known on,
 * or the process was started with either flag, nothing is changed.
 */

const v8 = require('node:v8');

/** The flags set while the module is created, each with its opposite. */
const FAST_START = [
  ['--liftoff-only', '--no-liftoff-only'],
  ['--wasm-lazy-validation', '--no-wasm-lazy-validation'],
];

/** The V8 major versions (Node 18 to 24) that have both flags. */
const KNOWN_V8 = [10, 13];

/** Whether the process was started with `flag` or its opposite. */
function chosenByUser(on, off) {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS || '').split(/\s+/)];
  return given.some((arg) => arg === on || arg === off || arg.startsWith(`${on}=`));
}

function load() {
  const major = Number(process.versions.v8.split('.')[0]);
  const flags =
    major >= KNOWN_V8[0] && major <= KNOWN_V8[1]
      ? FAST_START.filter(([on, off]) => !chosenByUser(on, off))
      : [];
  for (const [on] of flags) v8.setFlagsFromString(on);
  try {
    return require('../wasm/toolcheck_node.js');
  } finally {
    for (const [, off] of flags) v8.setFlagsFromString(off);
  }
}

const wasm = load();

module.exports = { wasm };
