#!/usr/bin/env node
'use strict';
/**
 * `npx toolcheck`: the native `toolcheck` command without live capture.
 *
 * `check`, `fix`, `diff`, `result`, `infer`, `rules` and `explain` take the
 * native command's flags, read `./toolcheck.toml` (or `--config FILE`, not
 * with `--no-config`) as it does, and print the same output with the same
 * exit codes: 0; 1 when a finding (for `diff`, a change) is at or above
 * `--fail-on` or a threshold of the config is exceeded; 2 for a usage,
 * config or input error. The engine is the native command's own code,
 * compiled to WebAssembly: this file reads the files it is given, passes
 * them to it, and writes what comes back. It starts no process and opens no
 * connection, so what needs one (`capture`, `check --stdio`, `--url`,
 * `--mcp-config`, the `mcp` server) says how to get the native binary and
 * exits with 2.
 */

const fs = require('node:fs');
const path = require('node:path');
const { wasm, run, taken } = require('../lib/engine.js');

/** Exit code for a usage or input error. */
const INPUT_ERROR = 2;

/** The config file looked for in the working directory. */
const DEFAULT_CONFIG = 'toolcheck.toml';

/** What to do when asked for something only the native binary does. */
const NATIVE_ONLY =
  'needs the native toolcheck binary: this npm package checks the captures it is given, ' +
  'and never starts a server or opens a connection.\n' +
  'Build the native binary from the Toolcheck repository with ' +
  '`cargo install --locked --path crates/cli` (or install its Python wheel, which carries it), then:\n' +
  '  toolcheck capture --out tools.json -- <server command…>   # or: --url http://127.0.0.1:3001/mcp\n' +
  '  npx toolcheck check tools.json\n' +
  'In a TypeScript test suite, list the tools with the MCP SDK client and pass ' +
  'JSON.stringify(await client.listTools()) to check() from this package instead.';

/** A usage error, reported as clap reports one. */
class UsageError extends Error {
  /**
   * @param {string} message the error, without `error: `
   * @param {string} [usage] the command's usage line
   * @param {string} [tip] a line of advice after the error
   */
  constructor(message, usage, tip) {
    super(message);
    this.usage = usage;
    this.tip = tip;
  }
}

/** An error the native command reports as `toolcheck: MESSAGE`, exit 2. */
class InputError extends Error {}

/**
 * The flags whose values the engine reads (it throws with `option` set
 * when one is wrong), each with its value's name: the native command
 * rejects these while reading its command line, as usage errors.
 */
const VALUE_FLAGS = {
  against: ['against', 'AGAINST'],
  revision: ['revision', 'REVISION'],
  geminiField: ['gemini-field', 'FIELD'],
};

/** The flags of the command being run, for the messages about their values. */
let given = {};

// ---------------------------------------------------------------------------
// The command line.

/**
 * A flag: `value` names its value (absent for a switch); `choices` are the
 * values it takes; `repeat` keeps every occurrence; `list` splits values at
 * commas and keeps every occurrence; `number` takes a count.
 *
 * @typedef {{value?: string, choices?: string[], repeat?: boolean, list?: boolean,
 *            number?: boolean, short?: string, aliases?: string[], live?: boolean, help?: string}} Flag
 */

const REVISION = { value: 'REVISION', help: 'The MCP revision: 2026-07-28, 2025-11-25 or 2025-06-18' };
const CHECK_FORMATS = ['text', 'full', 'concise', 'markdown', 'json', 'sarif', 'github'];
const FAIL_ON = ['error', 'warning', 'info', 'never'];

/** `check` and `fix` (and `check --fix`). */
const CHECK_FLAGS = {
  'mcp-config': { value: 'FILE', repeat: true, live: true },
  budget: { value: 'TOKENS', number: true, help: 'The most tokens the tool definitions may cost together' },
  'tool-budget': { value: 'TOKENS', number: true, help: 'The most tokens one tool definition may cost' },
  sample: { help: 'Check the built-in sample (a three-tool order-support server)' },
  against: { value: 'AGAINST', help: 'mcp, openai, claude, gemini, all (OpenAI and Claude), or a comma-separated list [default: mcp]' },
  strict: { help: "Apply the providers' strict-mode subsets to every tool" },
  'gemini-field': { value: 'FIELD', help: 'parameters or json-schema: the Gemini field MCP tools are sent in [default: parameters]' },
  revision: REVISION,
  format: { value: 'FORMAT', choices: CHECK_FORMATS, aliases: ['output-format'], help: 'Output format [default: text]' },
  matrix: { help: 'Add which clients take each tool: a table in text and Markdown, `compatibility` in JSON' },
  'fail-on': { value: 'FAIL_ON', choices: FAIL_ON, help: 'Exit with 1 when a finding is at or above this severity [default: error]' },
  select: { value: 'RULES', list: true, help: 'Run only these rules (comma-separated ids)' },
  ignore: { value: 'RULES', list: true, help: 'Never run these rules (comma-separated ids)' },
  config: { value: 'FILE', help: 'Read settings and policy from this file [default: ./toolcheck.toml when present]' },
  'no-config': { help: 'Ignore ./toolcheck.toml' },
  stdio: { live: true },
  url: { value: 'URL', live: true },
  header: { value: 'NAME:VALUE', repeat: true, live: true },
  timeout: { value: 'SECS', live: true },
  protocol: { value: 'VERSION', live: true },
  verbose: { help: 'With a live capture (native binary only): show the server output and the protocol exchange' },
  'save-capture': { value: 'FILE', live: true },
  fix: { help: 'Apply the fixes instead of reporting: the same as `toolcheck fix`' },
  'unsafe-fixes': { help: 'Apply the unsafe fixes too' },
  diff: { help: 'Print a unified diff of the changes instead of the fixed text' },
  'in-place': { help: 'Rewrite FILE with the fixed text' },
  output: { value: 'OUT', short: 'o', help: 'Write the fixed text to OUT instead of standard output' },
};

const COMMANDS = {
  check: {
    usage: 'toolcheck check [OPTIONS] [FILE]... [-- <COMMAND>...]',
    about: 'Check a tools/list capture (or OpenAI / Anthropic / Gemini tool definitions)',
    flags: CHECK_FLAGS,
    positionals: 'many',
  },
  fix: {
    usage: 'toolcheck fix [OPTIONS] [FILE]...',
    about: 'Apply the fixes the rules know: the fixed text (or a diff) on standard output, or the file rewritten',
    flags: CHECK_FLAGS,
    positionals: 'many',
  },
  diff: {
    usage: 'toolcheck diff [OPTIONS] <OLD> <NEW>',
    about: 'Compare two captures: breaking and compatible changes',
    flags: {
      format: { value: 'FORMAT', choices: ['text', 'markdown', 'json', 'sarif', 'github'], help: 'Output format [default: text]' },
      'fail-on': {
        value: 'FAIL_ON',
        choices: ['breaking', 'review', 'compatible', 'never'],
        help: 'Exit with 1 when a change at or above this class exists [default: breaking]',
      },
    },
    positionals: ['OLD', 'NEW'],
  },
  result: {
    usage: 'toolcheck result --tools <TOOLS> --tool <TOOL> [FILE]',
    about: "Check one tools/call result against the tool's outputSchema",
    flags: {
      tools: { value: 'TOOLS', help: 'The tools capture holding the tool' },
      tool: { value: 'TOOL', help: 'The tool the result belongs to' },
      sample: { help: 'Check the built-in sample result (get_order) against the sample tools' },
      revision: REVISION,
      format: { value: 'FORMAT', choices: ['text', 'markdown', 'json'], help: 'Output format [default: text]' },
      'fail-on': { value: 'FAIL_ON', choices: FAIL_ON, help: 'Exit with 1 when a finding is at or above this severity [default: error]' },
    },
    positionals: ['FILE?'],
  },
  infer: {
    usage: 'toolcheck infer [OPTIONS] [FILE]',
    about: 'Infer a starting outputSchema from one tools/call result',
    flags: { format: { value: 'FORMAT', choices: ['text', 'markdown', 'json'], help: 'Output format [default: text]' } },
    positionals: ['FILE?'],
  },
  rules: {
    usage: 'toolcheck rules',
    about: 'List every rule',
    flags: {},
    positionals: [],
  },
  explain: {
    usage: 'toolcheck explain <RULE>',
    about: "Print one rule's docs",
    flags: {},
    positionals: ['RULE'],
  },
};

/** The commands that need the native binary, with what they do there. */
const NATIVE_COMMANDS = {
  capture: "`toolcheck capture` (capturing a live server's tools)",
  mcp: '`toolcheck mcp` (Toolcheck as an MCP server)',
};

/**
 * Reads a command's arguments as clap reads them: `--flag value`,
 * `--flag=value`, `-o value`, positionals, and everything after `--`.
 *
 * @param {string} name the command
 * @param {string[]} argv its arguments
 * @returns {{flags: Record<string, any>, positionals: string[], rest: string[], live: string[]}}
 */
function parse(name, argv) {
  const spec = COMMANDS[name];
  const byName = new Map();
  for (const [flag, def] of Object.entries(spec.flags)) {
    byName.set(`--${flag}`, [flag, def]);
    for (const alias of def.aliases || []) byName.set(`--${alias}`, [flag, def]);
    if (def.short) byName.set(`-${def.short}`, [flag, def]);
  }
  const flags = {};
  given = flags;
  const positionals = [];
  const live = [];
  let rest = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      rest = argv.slice(i + 1);
      break;
    }
    if (arg === '--help' || arg === '-h') {
      return { help: true };
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const key = eq > 0 ? arg.slice(0, eq) : arg;
    const found = byName.get(key);
    if (!found) {
      throw new UsageError(
        `unexpected argument '${arg}' found`,
        spec.usage,
        `  tip: to pass '${arg}' as a value, use '-- ${arg}'`,
      );
    }
    const [flag, def] = found;
    const label = def.value ? `--${flag} <${def.value}>` : `--${flag}`;
    if (def.live) live.push(`--${flag}`);
    if (!def.value) {
      if (eq > 0) throw new UsageError(`unexpected value '${arg.slice(eq + 1)}' for '${label}' found; no more were expected`, spec.usage);
      if (flags[flag] && !def.repeat) {
        throw new UsageError(`the argument '${label}' cannot be used multiple times`, spec.usage);
      }
      flags[flag] = true;
      continue;
    }
    let value;
    if (eq > 0) {
      value = arg.slice(eq + 1);
    } else if (i + 1 < argv.length) {
      value = argv[++i];
    } else {
      throw new UsageError(`a value is required for '${label}' but none was supplied`);
    }
    if (def.choices && !def.choices.includes(value)) {
      throw new UsageError(
        `invalid value '${value}' for '${label}'\n  [possible values: ${def.choices.filter((c) => c !== 'full').join(', ')}]`,
      );
    }
    if (def.number) {
      if (!/^\d+$/.test(value)) {
        throw new UsageError(`invalid value '${value}' for '${label}': invalid digit found in string`);
      }
      value = Number(value);
    }
    if (def.list) {
      flags[flag] = [...(flags[flag] || []), ...value.split(',')];
    } else if (def.repeat) {
      flags[flag] = [...(flags[flag] || []), value];
    } else if (flag in flags) {
      throw new UsageError(`the argument '${label}' cannot be used multiple times`, spec.usage);
    } else {
      flags[flag] = value;
    }
  }
  if (Array.isArray(spec.positionals)) {
    const max = spec.positionals.length;
    if (positionals.length > max) {
      throw new UsageError(`unexpected argument '${positionals[max]}' found`, spec.usage);
    }
    const missing = spec.positionals.filter((p, i) => !p.endsWith('?') && i >= positionals.length);
    if (missing.length) {
      throw new UsageError(
        `the following required arguments were not provided:\n${missing.map((p) => `  <${p}>`).join('\n')}`,
        spec.usage,
      );
    }
  }
  return { flags, positionals, rest, live };
}

// ---------------------------------------------------------------------------
// Reading files, as the native command reads them.

/**
 * The message Rust's `std::io::Error` gives for a failed read, which the
 * native command prints: `No such file or directory (os error 2)`.
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
 * A file's bytes, or standard input's for `-` (or no file).
 *
 * @param {string | undefined} file
 * @returns {Buffer}
 * @throws {InputError} `cannot read FILE: …`
 */
function read(file) {
  const stdin = file === undefined || file === '-';
  try {
    return fs.readFileSync(stdin ? 0 : file);
  } catch (e) {
    throw new InputError(stdin ? `cannot read standard input: ${ioMessage(e)}` : `cannot read ${file}: ${ioMessage(e)}`);
  }
}

/**
 * Reads a file, returning why it could not be read instead of throwing, for
 * the engine to report in the native command's order.
 *
 * @param {string | undefined} file
 * @returns {[Buffer, string | undefined]}
 */
function tryRead(file) {
  try {
    return [read(file), undefined];
  } catch (e) {
    if (e instanceof InputError) return [Buffer.alloc(0), e.message];
    throw e;
  }
}

/**
 * The path that SARIF and annotations give for `file`: an absolute path
 * under the working directory becomes relative to it, as in the native
 * command.
 *
 * @param {string} file
 * @returns {string | undefined} the relative path, when it differs
 */
function uriPath(file) {
  if (!path.isAbsolute(file)) return undefined;
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? undefined : relative;
}

/**
 * The config's text and name: `--config FILE` (which must exist), else
 * `./toolcheck.toml` when there is one; nothing with `--no-config`.
 *
 * @param {Record<string, any>} flags
 * @returns {{config?: string, configFile?: string}}
 */
function loadConfig(flags) {
  if (flags['no-config']) return {};
  let file = flags.config;
  if (file === undefined) {
    let found = false;
    try {
      found = fs.statSync(DEFAULT_CONFIG).isFile();
    } catch {
      found = false;
    }
    if (!found) return {};
    file = DEFAULT_CONFIG;
  }
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError(`cannot read ${file}: ${ioMessage(e)}`);
  }
  return { config: text, configFile: file };
}

/**
 * The options that shape a check's settings and output, from the flags.
 *
 * @param {Record<string, any>} flags
 */
function checkOptions(flags) {
  return {
    against: flags.against,
    strict: flags.strict || undefined,
    revision: flags.revision,
    geminiField: flags['gemini-field'],
    select: flags.select,
    ignore: flags.ignore,
    budget: flags.budget,
    toolBudget: flags['tool-budget'],
    format: flags.format,
    matrix: flags.matrix || undefined,
    failOn: flags['fail-on'],
  };
}

// ---------------------------------------------------------------------------
// The commands.

/**
 * Writes what a command wrote, and sets its exit code.
 *
 * @param {{stdout: string, stderr: string, code: number}} output
 */
function emit(output) {
  if (output.stdout) process.stdout.write(output.stdout);
  if (output.stderr) process.stderr.write(output.stderr);
  return output.code;
}

/** `toolcheck check` (and `fix`, `check --fix`). */
function check(command, argv) {
  const parsed = parse(command, argv);
  if (parsed.help) return help(command);
  const { flags, positionals, rest, live } = parsed;
  if (flags.config !== undefined && flags['no-config']) {
    throw new UsageError("the argument '--config <FILE>' cannot be used with '--no-config'", COMMANDS[command].usage);
  }
  if (flags.sample && positionals.length) {
    throw new UsageError("the argument '--sample' cannot be used with '[FILE]...'", COMMANDS[command].usage);
  }
  if (live.length || rest.length) {
    const asked = live.length ? live.join(', ') : '-- <COMMAND>';
    throw new InputError(`${asked}: capturing a live server ${NATIVE_ONLY}`);
  }
  if (command === 'fix' || flags.fix) return fix(flags, positionals);
  if (positionals.length > 1) return servers(flags, positionals);
  if (flags['unsafe-fixes'] || flags.diff || flags['in-place'] || flags.output !== undefined) {
    throw new InputError('--unsafe-fixes, --diff, --in-place and -o go with --fix (or `toolcheck fix`)');
  }
  const options = { ...checkOptions(flags), ...loadConfig(flags) };
  const file = positionals[0];
  let bytes = Buffer.alloc(0);
  let unreadable;
  if (flags.sample) {
    options.sample = true;
  } else {
    [bytes, unreadable] = tryRead(file);
    Object.assign(options, described(file));
  }
  return emit(run('check', bytes, unreadable, JSON.stringify(options)));
}

/**
 * How the engine names the input at `file`: the path and its URI, or
 * standard input.
 *
 * @param {string | undefined} file
 */
function described(file) {
  if (file === undefined) return { stdin: true };
  return { file, uri: file === '-' ? undefined : uriPath(file) };
}

/** `toolcheck check a.json b.json …`: several captures together. */
function servers(flags, files) {
  const options = { ...checkOptions(flags), ...loadConfig(flags) };
  const together = new wasm.Servers();
  try {
    for (const file of files) {
      try {
        together.add(file, file === '-' ? undefined : uriPath(file), read(file));
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        together.addUnreadable(file, e.message);
      }
    }
    return emit(taken(together.check(JSON.stringify(options))));
  } finally {
    together.free();
  }
}

/** `toolcheck fix`. */
function fix(flags, files) {
  const inPlace = flags['in-place'];
  if (flags.diff && (inPlace || flags.output !== undefined)) {
    throw new UsageError(
      `the argument '--diff' cannot be used with '${inPlace ? '--in-place' : '--output <OUT>'}'`,
      COMMANDS.fix.usage,
    );
  }
  if (inPlace && flags.output !== undefined) {
    throw new UsageError("the argument '--in-place' cannot be used with '--output <OUT>'", COMMANDS.fix.usage);
  }
  const file = files[0];
  if (inPlace && (flags.sample || file === undefined || file === '-')) {
    throw new InputError('--in-place needs a FILE to rewrite');
  }
  if (files.length > 1) throw new InputError('fix works on one capture at a time');
  const options = {
    ...checkOptions(flags),
    format: undefined,
    unsafeFixes: flags['unsafe-fixes'] || undefined,
    diff: flags.diff || undefined,
    ...loadConfig(flags),
  };
  let bytes = Buffer.alloc(0);
  let unreadable;
  if (flags.sample) {
    options.sample = true;
  } else {
    [bytes, unreadable] = tryRead(file);
    Object.assign(options, described(file));
  }
  const output = run('fix', bytes, unreadable, JSON.stringify(options));
  const target = inPlace ? file : flags.output;
  if (target !== undefined) {
    if (!inPlace || output.changed) {
      try {
        fs.writeFileSync(target, output.stdout);
      } catch (e) {
        throw new InputError(`cannot write ${target}: ${ioMessage(e)}`);
      }
    }
    output.stdout = '';
  }
  return emit(output);
}

/** `toolcheck diff OLD NEW`. */
function diff(argv) {
  const parsed = parse('diff', argv);
  if (parsed.help) return help('diff');
  const { flags, positionals } = parsed;
  const [oldFile, newFile] = positionals;
  if (oldFile === '-' && newFile === '-') {
    throw new InputError('only one of OLD and NEW can be standard input');
  }
  const oldBytes = read(oldFile);
  const newBytes = read(newFile);
  const options = { format: flags.format, failOn: flags['fail-on'] };
  return emit(
    run(
      'diff',
      oldBytes,
      oldFile,
      oldFile === '-' ? undefined : uriPath(oldFile),
      newBytes,
      newFile,
      newFile === '-' ? undefined : uriPath(newFile),
      JSON.stringify(options),
    ),
  );
}

/** `toolcheck result`. */
function result(argv) {
  const parsed = parse('result', argv);
  if (parsed.help) return help('result');
  const { flags, positionals } = parsed;
  const file = positionals[0];
  const options = { revision: flags.revision, format: flags.format, failOn: flags['fail-on'] };
  if (flags.sample) {
    if (flags.tools !== undefined) {
      throw new UsageError("the argument '--sample' cannot be used with '--tools <TOOLS>'", COMMANDS.result.usage);
    }
    if (file !== undefined) {
      throw new UsageError("the argument '--sample' cannot be used with '[FILE]'", COMMANDS.result.usage);
    }
    options.sample = true;
    return emit(run('checkResult', Buffer.alloc(0), undefined, flags.tool, Buffer.alloc(0), undefined, JSON.stringify(options)));
  }
  const missing = [
    flags.tools === undefined && '  --tools <TOOLS>',
    flags.tool === undefined && '  --tool <TOOL>',
  ].filter(Boolean);
  if (missing.length) {
    throw new UsageError(
      `the following required arguments were not provided:\n${missing.join('\n')}`,
      COMMANDS.result.usage,
    );
  }
  const [tools, toolsUnreadable] = tryRead(flags.tools);
  const [bytes, unreadable] = tryRead(file);
  options.toolsFile = flags.tools;
  Object.assign(options, file === undefined ? { stdin: true } : { file });
  return emit(run('checkResult', tools, toolsUnreadable, flags.tool, bytes, unreadable, JSON.stringify(options)));
}

/** `toolcheck infer`. */
function infer(argv) {
  const parsed = parse('infer', argv);
  if (parsed.help) return help('infer');
  const { flags, positionals } = parsed;
  const file = positionals[0];
  const [bytes, unreadable] = tryRead(file);
  const options = { format: flags.format, ...(file === undefined ? { stdin: true } : { file }) };
  return emit(run('infer', bytes, unreadable, JSON.stringify(options)));
}

/** `toolcheck rules`. */
function rules(argv) {
  if (parse('rules', argv).help) return help('rules');
  process.stdout.write(wasm.rules());
  return 0;
}

/** `toolcheck explain RULE`. */
function explain(argv) {
  const parsed = parse('explain', argv);
  if (parsed.help) return help('explain');
  process.stdout.write(wasm.explain(parsed.positionals[0]));
  return 0;
}

// ---------------------------------------------------------------------------
// Help, and the way in.

function help(command) {
  if (command) {
    const spec = COMMANDS[command];
    const flags = Object.entries(spec.flags)
      .filter(([, def]) => !def.live)
      .map(([flag, def]) => {
        const name = `${def.short ? `-${def.short}, ` : '    '}--${flag}${def.value ? ` <${def.value}>` : ''}`;
        const values = def.choices ? ` [${def.choices.filter((c) => c !== 'full').join(', ')}]` : '';
        return `  ${name}\n          ${def.help}${values}`;
      });
    process.stdout.write(
      `${spec.about}\n\nUsage: ${spec.usage}\n\nOptions:\n${flags.map((f) => `${f}\n`).join('')}` +
        '  -h, --help\n          Print help\n',
    );
    return 0;
  }
  const list = Object.entries(COMMANDS)
    .map(([name, spec]) => `  ${name.padEnd(9)}${spec.about}`)
    .join('\n');
  process.stdout.write(
    'Check MCP tool schemas before an agent calls them\n\n' +
      'Usage: toolcheck <COMMAND>\n\n' +
      `Commands:\n${list}\n\n` +
      'Options:\n  -h, --help     Print help\n  -V, --version  Print version\n\n' +
      'This is the npm package: it checks the captures it is given. Capturing a live server\n' +
      '(capture, check --stdio, --url, --mcp-config) and the MCP server mode (mcp) are in the\n' +
      'native binary.\n',
  );
  return 0;
}

/**
 * Runs the command line, and returns the exit code.
 *
 * @param {string[]} argv the arguments after `toolcheck`
 */
function main(argv) {
  const [command, ...args] = argv;
  try {
    if (command === undefined) {
      throw new UsageError("'toolcheck' requires a subcommand but one was not provided", 'toolcheck <COMMAND>');
    }
    if (command === '--help' || command === '-h' || command === 'help') return help(args[0] in COMMANDS ? args[0] : undefined);
    if (command === '--version' || command === '-V') {
      process.stdout.write(`toolcheck ${wasm.version()}\n`);
      return 0;
    }
    if (command in NATIVE_COMMANDS) {
      throw new InputError(`${NATIVE_COMMANDS[command]} ${NATIVE_ONLY}`);
    }
    switch (command) {
      case 'check':
      case 'fix':
        return check(command, args);
      case 'diff':
        return diff(args);
      case 'result':
        return result(args);
      case 'infer':
        return infer(args);
      case 'rules':
        return rules(args);
      case 'explain':
        return explain(args);
      default:
        throw new UsageError(`unrecognized subcommand '${command}'`, 'toolcheck <COMMAND>');
    }
  } catch (thrown) {
    let e = thrown;
    const valueFlag = e instanceof Error && e.name === 'ToolcheckError' && VALUE_FLAGS[e.option];
    if (valueFlag && given[valueFlag[0]] !== undefined) {
      const [flag, valueName] = valueFlag;
      const why = e.message.slice(e.option.length + 2);
      e = new UsageError(`invalid value '${given[flag]}' for '--${flag} <${valueName}>': ${why}`);
    }
    if (e instanceof UsageError) {
      process.stderr.write(
        `error: ${e.message}\n\n${e.tip ? `${e.tip}\n\n` : ''}${e.usage ? `Usage: ${e.usage}\n\n` : ''}For more information, try '--help'.\n`,
      );
      return INPUT_ERROR;
    }
    // The engine's errors (invalid JSON, a bad config, an unknown rule)
    // carry the native command's message.
    if (e instanceof InputError || (e instanceof Error && e.name === 'ToolcheckError')) {
      process.stderr.write(`toolcheck: ${e.message}\n`);
      return INPUT_ERROR;
    }
    throw e;
  }
}

// `toolcheck … | head` closes the pipe early: stop quietly, as the native
// command does.
process.stdout.on('error', (e) => {
  if (e.code !== 'EPIPE') throw e;
});

process.exitCode = main(process.argv.slice(2));
