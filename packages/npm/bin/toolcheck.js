#!/usr/bin/env node
'use strict';
/**
 * `npx toolcheck`: the native `toolcheck` command, without live capture.
 *
 * The command line goes to the engine as it is: the engine parses it with
 * the native command's own definitions and runs the native command's own
 * code, compiled to WebAssembly, so every command, flag, message and exit
 * code is the native command's. This file is only the engine's I/O: it
 * reads and writes the files the command names, and writes what the
 * command printed. It starts no process and opens no connection, so what
 * needs one (`capture`, `check --stdio`, `--url`, `--mcp-config`, the `mcp`
 * server) says how to get the native binary and exits with 2.
 */

const fs = require('node:fs');
const { wasm } = require('../lib/engine.js');

/**
 * The message Rust's `std::io::Error` gives for a failed read or write,
 * which the native command prints: `No such file or directory (os error 2)`.
 *
 * @param {NodeJS.ErrnoException} e
 */
function ioMessage(e) {
  const known = {
    ENOENT: 'No such file or directory',
    EACCES: 'Permission denied',
    EISDIR: 'Is a directory',
    ENOTDIR: 'Not a directory',
    ELOOP: 'Too many levels of symbolic links',
    ENAMETOOLONG: 'File name too long',
  };
  const text = known[e.code];
  if (text && typeof e.errno === 'number') return `${text} (os error ${Math.abs(e.errno)})`;
  return e.message;
}

/**
 * Runs `io`, throwing what the native command says of its failure.
 *
 * @template T
 * @param {() => T} io
 * @returns {T}
 */
function native(io) {
  try {
    return io();
  } catch (e) {
    throw ioMessage(e);
  }
}

/** What the engine asks of Node. */
const host = {
  read: (path) => native(() => fs.readFileSync(path)),
  readStdin: () => native(() => fs.readFileSync(0)),
  write: (path, bytes) => native(() => fs.writeFileSync(path, bytes)),
  isFile: (path) => {
    try {
      return fs.statSync(path).isFile();
    } catch {
      return false;
    }
  },
  cwd: () => process.cwd(),
  env: (name) => process.env[name],
};

// `toolcheck … | head` closes the pipe early: stop quietly, as the native
// command does.
process.stdout.on('error', (e) => {
  if (e.code !== 'EPIPE') throw e;
});

const output = wasm.main(process.argv.slice(2), host);
try {
  if (output.stdout.length) process.stdout.write(output.stdout);
  if (output.stderr.length) process.stderr.write(output.stderr);
  process.exitCode = output.code;
} finally {
  output.free();
}
