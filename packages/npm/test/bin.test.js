'use strict';
/**
 * `npx toolcheck` against the native binary: the same standard output,
 * standard error and exit code for each command, and a clear exit 2 for
 * what only the native binary does.
 */

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { describe, test } = require('node:test');

const { GITHUB, SAMPLE_RESULT, SAMPLE_TOOLS, corpus, native, npm, scratch } = require('./support.js');

/** A directory with captures (valid, fixed, broken), for the runs below. */
function workspace() {
  const dir = scratch();
  fs.copyFileSync(SAMPLE_TOOLS, path.join(dir, 'tools.json'));
  fs.writeFileSync(path.join(dir, 'fixed.json'), native(['fix', 'tools.json'], { cwd: dir }).stdout);
  fs.writeFileSync(path.join(dir, 'broken.json'), '{"jsonrpc": "2.0", "id": 1,\n  "result": {"tools": [}\n}\n');
  fs.writeFileSync(path.join(dir, 'latin1.json'), Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]));
  return dir;
}

/**
 * Runs `args` with both in `cwd` and asserts that they wrote the same and
 * exited with the same code, which it returns.
 */
function same(args, cwd, input) {
  const expected = native(args, { cwd, input });
  const actual = npm(args, { cwd, input });
  assert.equal(actual.stderr, expected.stderr, `standard error of toolcheck ${args.join(' ')}`);
  assert.equal(actual.stdout, expected.stdout, `standard output of toolcheck ${args.join(' ')}`);
  assert.equal(actual.code, expected.code, `exit code of toolcheck ${args.join(' ')}`);
  return actual;
}

describe('the same output and exit code as the native binary', () => {
  const dir = workspace();
  const runs = [
    // check: every format, the table, the settings, the exit codes.
    [['check', GITHUB, '--format', 'json'], 0],
    [['check', GITHUB, '--against', 'all', '--strict', '--format', 'json'], 1],
    [['check', GITHUB], 0],
    [['check', GITHUB, '--output-format', 'concise', '--fail-on', 'warning'], 1],
    [['check', '--sample'], 1],
    [['check', '--sample', '--format', 'json'], 1],
    [['check', '--sample', '--format', 'markdown', '--matrix'], 1],
    [['check', 'tools.json', '--format', 'sarif'], 1],
    [['check', path.join(dir, 'tools.json'), '--format', 'github'], 1],
    [['check', 'tools.json', '--matrix', '--against', 'all,gemini', '--gemini-field', 'json-schema'], 1],
    [['check', 'tools.json', '--select', 'unknown-type-name,date-without-format', '--format', 'concise'], 1],
    [['check', 'tools.json', '--ignore', 'required-not-in-properties', '--ignore', 'unknown-type-name,x-mcp-header-not-token,meta-schema-violation'], 0],
    [['check', 'tools.json', '--fail-on', 'never'], 0],
    [['check', 'tools.json', '--budget', '300', '--tool-budget', '200', '--format', 'json'], 1],
    [['check', corpus('notion'), '--revision', '2025-11-25', '--format', 'concise'], 0],
    [['check', 'tools.json', corpus('server-memory'), '--format', 'text'], 1],
    [['check', 'tools.json', 'missing.json', '--format', 'json'], 1],
    // fix: the text or the diff, the summary, the exit code.
    [['fix', 'tools.json'], 1],
    [['fix', 'tools.json', '--diff'], 1],
    [['check', '--fix', 'tools.json', '--unsafe-fixes', '--against', 'all', '--strict'], 0],
    [['fix', '--sample', '--fail-on', 'never'], 0],
    // diff, result, infer, rules, explain.
    [['diff', 'tools.json', 'fixed.json'], 1],
    [['diff', 'tools.json', 'fixed.json', '--format', 'sarif'], 1],
    [['diff', 'tools.json', 'fixed.json', '--format', 'markdown', '--fail-on', 'never'], 0],
    [['diff', 'fixed.json', 'fixed.json', '--format', 'json'], 0],
    [['result', '--sample'], 1],
    [['result', '--tools', 'tools.json', '--tool', 'get_order', SAMPLE_RESULT, '--format', 'json'], 1],
    [['result', '--tools', 'tools.json', '--tool', 'get_order', SAMPLE_RESULT, '--fail-on', 'never', '--format', 'markdown'], 0],
    [['infer', SAMPLE_RESULT], 0],
    [['rules'], 0],
    [['explain', 'required-not-in-properties'], 0],
    // Input errors: exit 2, with the native message.
    [['check', 'broken.json'], 2],
    [['check', 'missing.json'], 2],
    [['check', 'latin1.json'], 2],
    [['check', 'tools.json', '--select', 'requried-not-in-properties'], 2],
    [['check', 'tools.json', '--config', 'absent.toml'], 2],
    [['check', 'tools.json', '--revision', '2024-01-01'], 2],
    [['check', 'tools.json', '--format', 'yaml'], 2],
    [['check', 'tools.json', '--unsafe-fixes'], 2],
    [['fix', 'tools.json', 'fixed.json'], 2],
    [['fix', '--in-place', '--sample'], 2],
    [['diff', 'tools.json', 'broken.json'], 2],
    [['diff', '-', '-'], 2],
    [['result', '--tools', 'tools.json', '--tool', 'get_ordr', SAMPLE_RESULT], 2],
    [['explain', 'nope'], 2],
  ];
  for (const [args, code] of runs) {
    test(`toolcheck ${args.map((a) => path.basename(a)).join(' ')} → ${code}`, () => {
      assert.equal(same(args, dir).code, code);
    });
  }

  test('standard input: check -, check, fix -', () => {
    const input = fs.readFileSync(SAMPLE_TOOLS);
    for (const args of [['check', '-'], ['check', '--format', 'github'], ['fix', '-', '--diff']]) {
      assert.equal(same(args, dir, input).code, 1);
    }
  });

  test('invalid JSON is reported with its line and column', () => {
    const run = npm(['check', 'broken.json'], { cwd: dir });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /^toolcheck: broken\.json: line 2, column 24: /);
  });

  test('--version and the usage errors exit as the native binary does', () => {
    assert.equal(same(['--version'], dir).code, 0);
    for (const args of [['check', '--bogus'], ['diff', 'tools.json'], ['explain'], ['nope'], ['check', '--budget', 'x']]) {
      const expected = native(args, { cwd: dir });
      const actual = npm(args, { cwd: dir });
      assert.equal(actual.code, 2, `toolcheck ${args.join(' ')}`);
      assert.equal(actual.code, expected.code);
      assert.equal(actual.stderr.split('\n')[0], expected.stderr.split('\n')[0]);
    }
  });
});

describe('toolcheck.toml', () => {
  const dir = workspace();
  fs.writeFileSync(
    path.join(dir, 'toolcheck.toml'),
    [
      'against = ["mcp", "openai"]',
      'fail-on = "warning"',
      '',
      '[severity]',
      'thin-description = "info"',
      'unknown-type-name = "off"',
      '',
      '[thresholds]',
      'max-undescribed = "5%"',
      '',
      '[[suppress]]',
      'tool = "orders.search"',
      'rule = "enum-without-description"',
      'reason = "Documented in the server instructions"',
      '',
      '[[suppress]]',
      'tool = "no-such-tool"',
      'reason = "stale"',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(dir, 'strict.toml'), 'strict = true\nagainst = "all"\n');
  fs.writeFileSync(path.join(dir, 'typo.toml'), 'strict = true\n\n[thresholds]\nmax-undescribd = "5%"\n');

  test('./toolcheck.toml is read: its settings, policy and thresholds', () => {
    const run = same(['check', 'tools.json', '--format', 'json'], dir);
    assert.equal(run.code, 1);
    const report = JSON.parse(run.stdout);
    assert.deepEqual(report.settings.targets, ['mcp', 'openai']);
    assert.ok(!report.findings.some((f) => f.rule === 'unknown-type-name'));
    assert.equal(report.policy.suppressed.length, 1);
    assert.equal(report.policy.unused[0].origin, 'toolcheck.toml:16');
    assert.equal(report.policy.breaches[0].threshold, 'max-undescribed');
    assert.match(run.stderr, /threshold exceeded: 1 of 7 parameters have no description/);
  });

  test('in text too, and with several captures', () => {
    same(['check', 'tools.json'], dir);
    same(['check', 'tools.json', 'fixed.json', '--format', 'json'], dir);
  });

  test('flags come first; --config and --no-config', () => {
    assert.equal(same(['check', 'tools.json', '--against', 'mcp', '--fail-on', 'never', '--format', 'json'], dir).code, 1);
    const strict = same(['check', 'tools.json', '--config', 'strict.toml', '--format', 'json'], dir);
    assert.equal(JSON.parse(strict.stdout).settings.strict, true);
    const none = same(['check', 'tools.json', '--no-config', '--format', 'json'], dir);
    assert.equal(JSON.parse(none.stdout).policy, undefined);
  });

  test('fix reads it too', () => {
    same(['fix', 'tools.json'], dir);
  });

  test('a mistake in it names its line', () => {
    const run = same(['check', 'tools.json', '--config', 'typo.toml'], dir);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /^toolcheck: typo\.toml:4:1: unknown field `max-undescribd`/);
  });
});

describe('fix writes files as the native binary does', () => {
  test('--in-place rewrites the file, -o writes another', () => {
    const ours = workspace();
    const theirs = workspace();
    for (const args of [['fix', 'tools.json', '-o', 'out.json'], ['fix', 'tools.json', '--in-place']]) {
      const expected = native(args, { cwd: theirs });
      const actual = npm(args, { cwd: ours });
      assert.deepEqual(actual, expected);
      assert.equal(actual.stdout, '');
    }
    for (const file of ['out.json', 'tools.json']) {
      assert.equal(fs.readFileSync(path.join(ours, file), 'utf8'), fs.readFileSync(path.join(theirs, file), 'utf8'));
    }
    assert.equal(fs.readFileSync(path.join(ours, 'tools.json'), 'utf8'), fs.readFileSync(path.join(ours, 'fixed.json'), 'utf8'));
  });
});

describe('what needs the native binary', () => {
  const dir = workspace();
  fs.writeFileSync(path.join(dir, '.mcp.json'), '{"mcpServers": {"x": {"command": "true"}}}');
  const asks = [
    ['capture', '--out', 'tools.json', '--', 'npx', 'my-mcp-server'],
    ['capture', '--url', 'http://127.0.0.1:9/mcp'],
    ['check', '--stdio', '--', 'npx', 'my-mcp-server'],
    ['check', '--url', 'http://127.0.0.1:9/mcp'],
    ['check', '--mcp-config', '.mcp.json'],
    ['mcp'],
  ];
  test('toolcheck fix --stdio: the native binary\'s own refusal, since fix never captures', () => {
    assert.equal(same(['fix', '--stdio', '--', 'npx', 'my-mcp-server'], dir).code, 2);
  });
  for (const args of asks) {
    test(`toolcheck ${args.join(' ')}: exit 2, and how to get it`, () => {
      const run = npm(args, { cwd: dir });
      assert.equal(run.code, 2);
      assert.equal(run.stdout, '');
      assert.match(run.stderr, /^toolcheck: .*needs the native toolcheck binary/);
      assert.match(run.stderr, /cargo install --locked --path crates\/cli/);
      assert.match(run.stderr, /npx toolcheck check tools\.json/);
    });
  }
});
