'use strict';
/**
 * A timing report, not a gate: the npm package against the native binary
 * on the GitHub MCP server's capture (117 tools, 221 KB), each
 * `check FILE --format json`. Medians of several runs, taken in turns so
 * that a busy machine slows both alike:
 *
 * - the bin (`npx toolcheck`, a new Node process each time) against the
 *   native binary (a new process each time);
 * - in one Node process, as a test suite calls the API: loading the
 *   package, its first check, and the checks after it.
 *
 * Run by scripts/test-npm.sh in the project where the package is installed.
 */

const { spawnSync } = require('node:child_process');
const { GITHUB, NATIVE, BIN } = require('./support.js');

const RUNS = Number(process.env.TOOLCHECK_TIMING_RUNS || 15);

/** The median of some numbers. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The wall time of one run of `command`, in milliseconds; it must exit with 0. */
function wall(command, args) {
  const start = process.hrtime.bigint();
  const run = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${run.status}: ${run.stderr}`);
  return ms;
}

/** In a new Node process: the package's load, its first check, and the median of the next ten. */
const IN_PROCESS = `
const fs = require('node:fs');
const text = fs.readFileSync(process.argv[1], 'utf8');
const ms = (from) => Number(process.hrtime.bigint() - from) / 1e6;
let t = process.hrtime.bigint();
const toolcheck = require('toolcheck');
const load = ms(t);
t = process.hrtime.bigint();
toolcheck.format(text, { format: 'json' });
const first = ms(t);
const next = [];
for (let i = 0; i < 10; i++) {
  t = process.hrtime.bigint();
  toolcheck.format(text, { format: 'json' });
  next.push(ms(t));
}
next.sort((a, b) => a - b);
console.log(JSON.stringify({ load, first, warm: (next[4] + next[5]) / 2 }));
`;

function inProcess() {
  const run = spawnSync(process.execPath, ['-e', IN_PROCESS, GITHUB], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

function main() {
  const args = ['check', GITHUB, '--format', 'json', '--no-config'];
  // One of each first, so that both read their files from the page cache.
  wall(NATIVE, args);
  wall(BIN, args);
  const native = [];
  const npm = [];
  const node = [];
  const api = [];
  for (let i = 0; i < RUNS; i++) {
    native.push(wall(NATIVE, args));
    npm.push(wall(BIN, args));
    node.push(wall(process.execPath, ['-e', '0']));
    api.push(inProcess());
  }
  const n = median(native);
  const b = median(npm);
  const load = median(api.map((r) => r.load));
  const first = median(api.map((r) => r.first));
  const warm = median(api.map((r) => r.warm));
  const row = (label, ms, note = '') =>
    `  ${label.padEnd(44)} ${ms.toFixed(1).padStart(7)} ms  ${(ms / n).toFixed(2).padStart(6)}×${note}`;
  console.log(`Timing on the GitHub capture (check --format json), median of ${RUNS} runs; × is against the native binary:`);
  console.log(row('native binary, whole process', n));
  console.log(row('npm bin (npx toolcheck), whole process', b));
  console.log(row('  of which Node starting (node -e 0)', median(node)));
  console.log(row('API in one process: require("toolcheck")', load));
  console.log(row('API in one process: first check', first));
  console.log(row('API in one process: each later check', warm));
  console.log(
    `The issue's bound (npm within 2× the native binary): ${b <= 2 * n ? 'met' : 'NOT met'} by the bin ` +
      `(${(b / n).toFixed(1)}×); ${load + first <= 2 * n ? 'met' : 'not met'} by the API's load and first check ` +
      `(${((load + first) / n).toFixed(1)}×); ${warm <= 2 * n ? 'met' : 'not met'} by each later check (${(warm / n).toFixed(1)}×).`,
  );
}

main();
