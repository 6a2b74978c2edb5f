'use strict';
/**
 * The JavaScript API against the native binary: the JSON report byte for
 * byte, the other functions' results, and the errors.
 */

const assert = require('node:assert/strict');
const fs = require('node:fs');
const { describe, test } = require('node:test');

const toolcheck = require('toolcheck');
const { GITHUB, SAMPLE_RESULT, SAMPLE_TOOLS, corpus, native } = require('./support.js');

describe('check: the report of toolcheck check --format json', () => {
  const cases = [
    ['the GitHub capture', GITHUB, [], {}],
    ['the GitHub capture against all, strict', GITHUB, ['--against', 'all', '--strict'], { against: 'all', strict: true }],
    [
      'the GitHub capture with the compatibility table, Gemini too',
      GITHUB,
      ['--against', 'all,gemini', '--matrix'],
      { against: ['all', 'gemini'], matrix: true },
    ],
    ['the Notion capture, 2025-06-18', corpus('notion'), ['--revision', '2025-06-18'], { revision: '2025-06-18' }],
  ];
  for (const [name, file, flags, options] of cases) {
    test(`${name}: byte for byte`, () => {
      const cli = native(['check', file, '--format', 'json', '--no-config', ...flags]);
      assert.ok(cli.code === 0 || cli.code === 1, cli.stderr);
      const text = fs.readFileSync(file, 'utf8');
      const json = toolcheck.format(text, { ...options, format: 'json' });
      assert.equal(json, cli.stdout);
      assert.deepEqual(toolcheck.check(text, options), JSON.parse(cli.stdout));
    });
  }

  test('the sample: byte for byte with toolcheck check --sample', () => {
    const cli = native(['check', '--sample', '--format', 'json', '--no-config']);
    assert.equal(cli.code, 1);
    assert.equal(toolcheck.format(toolcheck.sample.tools, { format: 'json' }), cli.stdout);
    const report = toolcheck.check(toolcheck.sample.tools);
    assert.deepEqual(report.summary, { errors: 3, warnings: 5, info: 3 });
    assert.equal(report.findings[0].rule, 'required-not-in-properties');
    assert.equal(report.findings[0].pointer, '/result/tools/0/inputSchema/required');
    assert.equal(toolcheck.sample.tools, fs.readFileSync(SAMPLE_TOOLS, 'utf8'));
  });

  test('a Buffer is checked as its UTF-8 text', () => {
    const bytes = fs.readFileSync(GITHUB);
    assert.deepEqual(toolcheck.check(bytes), toolcheck.check(bytes.toString('utf8')));
  });
});

describe('format: the other formats', () => {
  for (const format of ['text', 'concise', 'markdown', 'sarif', 'github']) {
    test(`${format}, with the file named as the CLI names it`, () => {
      const cli = native(['check', SAMPLE_TOOLS, '--format', format, '--no-config', '--against', 'all']);
      const text = fs.readFileSync(SAMPLE_TOOLS, 'utf8');
      assert.equal(toolcheck.format(text, { format, against: 'all', file: SAMPLE_TOOLS }), cli.stdout);
    });
  }

  test('text is the default', () => {
    assert.match(toolcheck.format(toolcheck.sample.tools), /^rule +severity +findings +tools\n/);
  });
});

describe('a config', () => {
  const config = [
    'fail-on = "warning"',
    '',
    '[severity]',
    'thin-description = "info"',
    '',
    '[thresholds]',
    'max-undescribed = "5%"',
    '',
    '[[suppress]]',
    'tool = "orders.search"',
    'rule = "enum-without-description"',
    'reason = "Documented in the server instructions"',
    '',
  ].join('\n');

  test('its policy is applied and reported', () => {
    const report = toolcheck.check(toolcheck.sample.tools, { config });
    assert.equal(report.policy.suppressed.length, 1);
    assert.equal(report.policy.suppressed[0].finding.rule, 'enum-without-description');
    assert.equal(report.policy.breaches[0].threshold, 'max-undescribed');
    assert.ok(!report.findings.some((f) => f.rule === 'enum-without-description' && f.tool === 'orders.search'));
  });

  test('its mistakes are errors that name the line', () => {
    assert.throws(
      () => toolcheck.check(toolcheck.sample.tools, { config: 'strict = true\nstrikt = false\n', configFile: 'my.toml' }),
      (e) => e.name === 'ToolcheckError' && e.message.startsWith('my.toml:2:1: unknown field `strikt`'),
    );
  });
});

describe('errors', () => {
  test('invalid JSON: its line and column', () => {
    assert.throws(
      () => toolcheck.check('{"tools": [\n  {"name": "a",}\n]}'),
      (e) => {
        assert.equal(e.name, 'ToolcheckError');
        assert.equal(e.line, 2);
        assert.equal(e.column, 16);
        assert.match(e.message, /^line 2, column 16: /);
        return true;
      },
    );
  });

  test('with a file name, the message names it as the CLI does', () => {
    const cli = native(['check', '-', '--no-config'], { input: '{"tools": [' });
    assert.equal(cli.code, 2);
    assert.throws(
      () => toolcheck.check('{"tools": [', { file: '<stdin>' }),
      (e) => `toolcheck: ${e.message}\n` === cli.stderr,
    );
  });

  test('not a capture', () => {
    assert.throws(() => toolcheck.check('{"hello": "world"}'), /Not a recognisable tool capture/);
  });

  test('an unknown rule, with the closest one', () => {
    assert.throws(
      () => toolcheck.check(toolcheck.sample.tools, { select: ['requried-not-in-properties'] }),
      /did you mean "required-not-in-properties"\?/,
    );
    assert.throws(() => toolcheck.explain('nope'), (e) => e.name === 'ToolcheckError' && /no rule named "nope"/.test(e.message));
  });

  test('a wrong value names its option', () => {
    assert.throws(
      () => toolcheck.check(toolcheck.sample.tools, { revision: '2024-01-01' }),
      (e) => e.option === 'revision' && /unknown MCP revision/.test(e.message),
    );
  });

  test('an unknown option or a wrong argument is a TypeError', () => {
    assert.throws(() => toolcheck.check(toolcheck.sample.tools, { stict: true }), {
      name: 'TypeError',
      message: /check: unknown option "stict"/,
    });
    assert.throws(() => toolcheck.check(42), { name: 'TypeError' });
  });
});

describe('the other functions', () => {
  test('checkResult: toolcheck result --format json', () => {
    const cli = native(['result', '--sample', '--format', 'json']);
    const report = toolcheck.checkResult(toolcheck.sample.tools, 'get_order', toolcheck.sample.result);
    assert.deepEqual(report, JSON.parse(cli.stdout));
    assert.equal(report.summary.errors, 2);
    assert.equal(toolcheck.sample.result, fs.readFileSync(SAMPLE_RESULT, 'utf8'));
    assert.throws(
      () => toolcheck.checkResult(toolcheck.sample.tools, 'get_ordr', toolcheck.sample.result),
      /did you mean "get_order"\?/,
    );
  });

  test('inferSchema: toolcheck infer --format json', () => {
    const cli = native(['infer', SAMPLE_RESULT, '--format', 'json']);
    assert.deepEqual(toolcheck.inferSchema(toolcheck.sample.result), JSON.parse(cli.stdout));
  });

  test('fix: the fixed text and the summary of toolcheck fix', () => {
    const cli = native(['fix', '--sample', '--no-config']);
    const fixed = toolcheck.fix(toolcheck.sample.tools);
    assert.equal(fixed.text, cli.stdout);
    assert.equal(fixed.summary, cli.stderr);
    assert.equal(fixed.changed, true);
    assert.deepEqual(
      fixed.applied.map((a) => [a.rule, a.applicability]),
      [
        ['required-not-in-properties', 'safe'],
        ['unknown-type-name', 'safe'],
      ],
    );
    assert.equal(fixed.remaining.summary.errors, 1);
    const all = toolcheck.fix(toolcheck.sample.tools, { unsafeFixes: true, against: 'all', strict: true });
    assert.equal(all.remaining.summary.errors, 0);
    assert.equal(toolcheck.fix(all.text, { unsafeFixes: true, against: 'all', strict: true }).changed, false);
  });

  test('diff: toolcheck diff --format json', () => {
    const fixed = toolcheck.fix(toolcheck.sample.tools).text;
    const dir = require('./support.js').scratch();
    fs.writeFileSync(`${dir}/fixed.json`, fixed);
    const cli = native(['diff', SAMPLE_TOOLS, `${dir}/fixed.json`, '--format', 'json']);
    const d = toolcheck.diff(toolcheck.sample.tools, fixed);
    assert.deepEqual(d, JSON.parse(cli.stdout));
    assert.equal(d.summary.breaking, 1);
    assert.equal(d.changes[0].kind, 'type-changed');
  });

  test('checkServers: toolcheck check a.json b.json --format json', () => {
    const files = ['server-memory', 'supabase'].map(corpus);
    const cli = native(['check', ...files, '--format', 'json', '--budget', '5000', '--no-config']);
    const report = toolcheck.checkServers(
      [
        { name: 'server-memory.tools-list', text: fs.readFileSync(files[0], 'utf8') },
        { name: 'supabase.tools-list', text: fs.readFileSync(files[1]) },
      ],
      { budget: 5000 },
    );
    assert.deepEqual(report, JSON.parse(cli.stdout));
    assert.equal(report.tokens.budget, 5000);
  });

  test('rules and explain: toolcheck rules and toolcheck explain', () => {
    const listed = native(['rules']).stdout.trimEnd().split('\n');
    const rules = toolcheck.rules();
    assert.equal(rules.length, listed.length);
    listed.forEach((line, i) => {
      const [id, severity, group, fixability] = line.split(/\s+/);
      const r = rules[i];
      assert.deepEqual([r.id, r.severity, r.group, `fix:${r.fixability}`], [id, severity, group, fixability]);
      assert.ok(line.endsWith(r.summary), line);
    });
    assert.equal(toolcheck.explain('unknown-type-name'), native(['explain', 'unknown-type-name']).stdout);
  });

  test('version: the workspace version', () => {
    assert.equal(toolcheck.version, require('toolcheck/package.json').version);
  });
});
