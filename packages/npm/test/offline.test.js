'use strict';
/**
 * Nothing leaves the machine: the package and its bin run with every way
 * Node has to reach the network made to fail the process.
 */

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test } = require('node:test');

const { GITHUB, spawn, npm, scratch } = require('./support.js');

/** Preloaded with --require: any network call ends the process with 99. */
const NO_NETWORK = `
'use strict';
const refuse = (what) => function () {
  process.stderr.write('network call: ' + what + '\\n');
  process.exit(99);
};
const net = require('node:net');
net.Socket.prototype.connect = refuse('net.Socket.connect');
net.connect = net.createConnection = refuse('net.connect');
for (const name of ['http', 'https']) {
  const m = require('node:' + name);
  m.request = m.get = refuse(name + '.request');
}
require('node:http2').connect = refuse('http2.connect');
const dns = require('node:dns');
dns.lookup = dns.resolve = refuse('dns.lookup');
dns.promises.lookup = dns.promises.resolve = refuse('dns.promises.lookup');
require('node:dgram').createSocket = refuse('dgram.createSocket');
globalThis.fetch = refuse('fetch');
globalThis.WebSocket = refuse('WebSocket');
`;

test('no network call from the bin or the API', () => {
  const dir = scratch();
  const hook = path.join(dir, 'no-network.js');
  fs.writeFileSync(hook, NO_NETWORK);
  const env = { ...process.env, NODE_OPTIONS: `--require ${hook}` };

  // The hook works: a network call does end the process.
  const probe = spawn(process.execPath, ['-e', "require('node:https').get('https://127.0.0.1/')"], { env });
  assert.equal(probe.code, 99, probe.stderr);

  for (const args of [
    ['check', GITHUB, '--against', 'all,gemini', '--strict', '--matrix', '--format', 'sarif'],
    ['fix', '--sample', '--unsafe-fixes'],
    ['result', '--sample'],
    ['rules'],
  ]) {
    const run = npm(args, { cwd: dir, env });
    assert.ok(run.code === 0 || run.code === 1, `${args.join(' ')}: ${run.stderr}`);
  }
  const api = spawn(
    process.execPath,
    ['-e', "const t = require('toolcheck'); t.check(t.sample.tools, {against: 'all'}); t.fix(t.sample.tools); console.log('ok')"],
    { env, cwd: process.cwd() },
  );
  assert.equal(api.stdout, 'ok\n', api.stderr);
});
