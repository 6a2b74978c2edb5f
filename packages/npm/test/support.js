'use strict';
/**
 * What the tests share: the native binary and the installed package's bin,
 * run the same way, and the captures they check. scripts/test-npm.sh runs
 * the tests in a clean project where the package is installed from its
 * .tgz, with TOOLCHECK_NATIVE (the native `toolcheck`) and TOOLCHECK_ROOT
 * (the repository, for the shared captures) set.
 */

const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/**
 * An environment variable the tests need.
 *
 * @param {string} name
 */
function required(name) {
  const value = process.env[name];
  assert.ok(value, `${name} is not set: run the tests with scripts/test-npm.sh`);
  return value;
}

const NATIVE = required('TOOLCHECK_NATIVE');
const ROOT = required('TOOLCHECK_ROOT');

/** The installed package's bin, as `npx toolcheck` runs it. */
const BIN = path.join(process.cwd(), 'node_modules', '.bin', 'toolcheck');

/** A capture of the shared corpus of real servers. */
function corpus(name) {
  return path.join(ROOT, 'crates', 'core', 'resources', 'corpus', `${name}.tools-list.json`);
}

/** The GitHub MCP server's capture: 117 tools. */
const GITHUB = corpus('github-mcp-server');

/** The sample's files. */
const SAMPLE_TOOLS = path.join(ROOT, 'crates', 'core', 'resources', 'sample', 'tools-list.json');
const SAMPLE_RESULT = path.join(ROOT, 'crates', 'core', 'resources', 'sample', 'get-order-result.json');

/**
 * Runs a command and returns what it wrote and its exit code.
 *
 * @param {string} command
 * @param {string[]} args
 * @param {{cwd?: string, input?: string | Buffer, env?: NodeJS.ProcessEnv}} [how]
 */
function spawn(command, args, how = {}) {
  const run = spawnSync(command, args, {
    cwd: how.cwd,
    input: how.input,
    env: how.env || process.env,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  return { stdout: run.stdout.toString('utf8'), stderr: run.stderr.toString('utf8'), code: run.status };
}

/** The native `toolcheck`. */
function native(args, how) {
  return spawn(NATIVE, args, how);
}

/** The package's `toolcheck` bin. */
function npm(args, how) {
  return spawn(BIN, args, how);
}

/** A new empty directory, for a run with its own working directory. */
function scratch() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'toolcheck-npm-'));
}

module.exports = { NATIVE, ROOT, BIN, GITHUB, SAMPLE_TOOLS, SAMPLE_RESULT, corpus, spawn, native, npm, scratch };
