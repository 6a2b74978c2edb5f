//! The cases as files a person keeps: a Markdown test plan, and test files
//! for pytest (the Python SDK's client) and vitest (the TypeScript SDK's
//! client) that call a server given on the command line and assert what
//! each case expects. Tools that are not read-only are skipped unless the
//! run allows writes.

use std::fmt::Write as _;

use serde_json::{Value, json};

use super::{Case, ToolCases};

/// The cases as JSON text: what the page's Copy and Download give, and
/// `toolcheck probe --dry-run --export json`.
#[must_use]
pub fn json(tools: &[ToolCases], seed: u64) -> String {
    format!("{:#}\n", super::to_json(tools, seed))
}

/// A line saying how many cases there are, for how many tools.
#[must_use]
pub fn summary(tools: &[ToolCases], seed: u64) -> String {
    let cases: usize = tools.iter().map(|t| t.cases.len()).sum();
    let valid: usize = tools
        .iter()
        .map(|t| t.cases.iter().filter(|c| c.is_valid()).count())
        .sum();
    let read_only = tools.iter().filter(|t| t.read_only).count();
    format!(
        "{cases} case{} for {} tool{} ({valid} valid, {} invalid; seed {seed}); {read_only} tool{} read-only",
        if cases == 1 { "" } else { "s" },
        tools.len(),
        if tools.len() == 1 { "" } else { "s" },
        cases - valid,
        if read_only == 1 { " is" } else { "s are" },
    )
}

/// The cases as a test plan in Markdown: a table per tool.
#[must_use]
pub fn markdown(tools: &[ToolCases], seed: u64) -> String {
    let total: usize = tools.iter().map(|t| t.cases.len()).sum();
    let mut out = format!(
        "# Test plan: the calls of {} tool{}\n\n\
         {total} cases made by Toolcheck from each tool's inputSchema (seed {seed}). \
         A valid call should run the tool; an invalid one should get a tool error \
         (a result with `isError: true`) whose message names the argument at fault, \
         so that the model can correct its call.\n",
        tools.len(),
        if tools.len() == 1 { "" } else { "s" },
    );
    for tool in tools {
        let _ = write!(
            out,
            "\n## `{}`{}\n\n",
            tool.tool,
            if tool.read_only {
                ""
            } else {
                " (not read-only: call it only where writes are allowed)"
            }
        );
        for note in &tool.notes {
            let _ = writeln!(out, "- Note: {note}");
        }
        if !tool.notes.is_empty() {
            out.push('\n');
        }
        if tool.cases.is_empty() {
            out.push_str("No cases.\n");
            continue;
        }
        out.push_str("| case | arguments | the server should |\n| --- | --- | --- |\n");
        for case in &tool.cases {
            let _ = writeln!(
                out,
                "| `{}` | `{}` | {} |",
                case.id,
                cell(&case.arguments.to_string()),
                cell(&case.expectation())
            );
        }
    }
    out
}

/// Text for a Markdown table cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
        .replace('\n', " ")
        .replace('`', "'")
}

/// The cases the test files carry: tool, case id, whether the tool is
/// read-only, whether the call is valid, the argument at fault, and the
/// arguments.
fn table(tools: &[ToolCases]) -> Value {
    Value::Array(
        tools
            .iter()
            .flat_map(|t| t.cases.iter().map(move |c| row(t, c)))
            .collect(),
    )
}

fn row(tool: &ToolCases, case: &Case) -> Value {
    json!({
        "tool": tool.tool,
        "id": case.id,
        "read_only": tool.read_only,
        "valid": case.is_valid(),
        "argument": case.argument,
        "arguments": case.arguments,
    })
}

/// The cases as JSON text a test file embeds: one case a line.
fn embedded(tools: &[ToolCases]) -> String {
    let rows = table(tools);
    let lines: Vec<String> = rows
        .as_array()
        .into_iter()
        .flatten()
        .map(Value::to_string)
        .collect();
    format!("[\n{}\n]", lines.join(",\n"))
}

/// A pytest file that calls the server of `TOOLCHECK_SERVER` (its command
/// line) with each case through the Python SDK's client.
#[must_use]
pub fn pytest(tools: &[ToolCases], seed: u64) -> String {
    format!(
        r#""""Calls to an MCP server's tools, one per case, made by Toolcheck from
each tool's inputSchema (seed {seed}).

A valid call must run the tool. An invalid one must get a tool error (a
result with isError true, as MCP 2025-11-25 asks: SEP-1303) whose message
names the argument at fault, so that the model can correct its call.

    TOOLCHECK_SERVER="python my_server.py" pytest test_tool_calls.py

Tools that are not read-only are skipped unless TOOLCHECK_ALLOW_WRITES=1.
Needs: pip install mcp pytest
"""

import asyncio
import json
import os
import re
import shlex

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

try:
    from mcp import MCPError  # mcp 2.x
except ImportError:
    from mcp.shared.exceptions import McpError as MCPError  # mcp 1.x

CASES = json.loads(
    r"""{cases}"""
)


def server():
    command = shlex.split(os.environ.get("TOOLCHECK_SERVER", ""))
    if not command:
        pytest.skip("set TOOLCHECK_SERVER to the server's command line")
    return StdioServerParameters(command=command[0], args=command[1:])


async def call(case):
    async with stdio_client(server()) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            try:
                return await session.call_tool(case["tool"], case["arguments"])
            except MCPError as error:
                return error


def is_error(result):
    # mcp 2.x names it is_error, mcp 1.x isError.
    return bool(getattr(result, "is_error", None) or getattr(result, "isError", None))


def text_of(result):
    return "\n".join(getattr(block, "text", "") for block in result.content)


NAMING = "at|argument|field|key|param|parameter|property"


def names(message, path):
    # The argument's path or name as a word, or its name in words (page size
    # for page_size or pageSize). A name of one or two letters is also an
    # English word: it counts only quoted, followed by : or =, after a word
    # that introduces a name ("at a", "parameter id"), in a path (/id, $.id)
    # or alone on a line.
    last = path.split(".")[-1]
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", last)
    for name in (path, last, last.replace("_", " "), spaced):
        word = re.escape(name)
        pattern = (
            rf"(?<!\w){{word}}(?!\w)"
            if len(name) > 2
            else rf"['\"`]{{word}}['\"`]|(?<!\w){{word}}\s*[:=]|\b(?:{{NAMING}})\s+{{word}}(?!\w)"
            rf"|(?<=/){{word}}(?!\w)|\$\.{{word}}(?!\w)|^\s*{{word}}\s*$"
        )
        if re.search(pattern, message, re.IGNORECASE | re.MULTILINE):
            return True
    return False


# What each tool said when it refused a valid call (it needs credentials or
# data): a refusal of an invalid call that says the same says nothing about
# validation. A tool's valid calls come first, so this is known before its
# invalid ones run.
REFUSALS = {{}}


@pytest.mark.parametrize("case", CASES, ids=[f"{{c['tool']}}:{{c['id']}}" for c in CASES])
def test_call(case):
    if not case["read_only"] and os.environ.get("TOOLCHECK_ALLOW_WRITES") != "1":
        pytest.skip("not read-only: set TOOLCHECK_ALLOW_WRITES=1 to call it")
    result = asyncio.run(call(case))
    if case["valid"]:
        assert not isinstance(result, MCPError), f"a protocol error: {{result}}"
        if is_error(result):
            REFUSALS.setdefault(case["tool"], text_of(result))
            pytest.skip(f"the tool refused a valid call (credentials or data?): {{text_of(result)}}")
        return
    assert not isinstance(result, MCPError), (
        f"a protocol error ({{result}}), which the client keeps from the model: "
        "answer with a tool error (isError: true)"
    )
    assert is_error(result), "the tool ran on invalid arguments"
    if case["argument"] and REFUSALS.get(case["tool"]) != text_of(result):
        assert names(text_of(result), case["argument"]), (
            f"the error does not name {{case['argument']}}: {{text_of(result)}}"
        )
"#,
        cases = embedded(tools)
    )
}

/// A vitest file that calls the server of `TOOLCHECK_SERVER` (its command
/// line) with each case through the TypeScript SDK's client.
#[must_use]
pub fn vitest(tools: &[ToolCases], seed: u64) -> String {
    format!(
        r#"// Calls to an MCP server's tools, one per case, made by Toolcheck from
// each tool's inputSchema (seed {seed}).
//
// A valid call must run the tool. An invalid one must get a tool error (a
// result with isError true, as MCP 2025-11-25 asks: SEP-1303) whose message
// names the argument at fault, so that the model can correct its call.
//
//   TOOLCHECK_SERVER="node my-server.js" npx vitest run tool-calls.test.ts
//
// Tools that are not read-only are skipped unless TOOLCHECK_ALLOW_WRITES=1.
// Needs: npm install --save-dev vitest @modelcontextprotocol/sdk
import {{ expect, it }} from 'vitest';
import {{ Client }} from '@modelcontextprotocol/sdk/client/index.js';
import {{ StdioClientTransport }} from '@modelcontextprotocol/sdk/client/stdio.js';

type Case = {{
  tool: string;
  id: string;
  read_only: boolean;
  valid: boolean;
  argument: string | null;
  arguments: Record<string, unknown>;
}};

const CASES: Case[] = {cases};

const [command, ...args] = (process.env.TOOLCHECK_SERVER ?? '').split(/\s+/).filter(Boolean);
const writes = process.env.TOOLCHECK_ALLOW_WRITES === '1';
// What each tool said when it refused a valid call (it needs credentials or
// data): a refusal of an invalid call that says the same says nothing about
// validation. A tool's valid calls come first, so this is known before its
// invalid ones run.
const refusals = new Map<string, string>();

/** Calls the tool in a session of its own, so that a crash fails one case only. */
async function call(c: Case) {{
  const client = new Client({{ name: 'toolcheck-cases', version: '1.0.0' }});
  await client.connect(new StdioClientTransport({{ command, args, stderr: 'ignore' }}));
  try {{
    // Listed first, as a client does: the SDK then checks each result against the tool's outputSchema.
    await client.listTools();
    return await client.callTool({{ name: c.tool, arguments: c.arguments }});
  }} finally {{
    await client.close();
  }}
}}

const textOf = (result: {{ content?: unknown }}) =>
  ((result.content as {{ text?: string }}[] | undefined) ?? []).map((b) => b.text ?? '').join('\n');

// The argument's path or name as a word, or its name in words (page size for
// page_size or pageSize). A name of one or two letters is also an English
// word: it counts only quoted, followed by : or =, after a word that
// introduces a name ("at a", "parameter id"), in a path (/id, $.id) or alone
// on a line.
const NAMING = 'at|argument|field|key|param|parameter|property';
const names = (message: string, path: string) => {{
  const last = path.split('.').pop() ?? path;
  const spaced = last.replace(/(?<=[a-z0-9])(?=[A-Z])/g, ' ');
  return [path, last, last.replace(/_/g, ' '), spaced].some((name) => {{
    const word = name.replace(/[.*+?^${{}}()|[\]\\]/g, '\\$&');
    const pattern =
      name.length > 2
        ? `(?<!\\w)${{word}}(?!\\w)`
        : `['"\`]${{word}}['"\`]|(?<!\\w)${{word}}\\s*[:=]|\\b(?:${{NAMING}})\\s+${{word}}(?!\\w)` +
          `|(?<=/)${{word}}(?!\\w)|\\$\\.${{word}}(?!\\w)|^\\s*${{word}}\\s*$`;
    return new RegExp(pattern, 'im').test(message);
  }});
}};

it.for(CASES.map((c) => [`${{c.tool}}:${{c.id}}`, c] as const))('%s', async ([, c], {{ skip }}) => {{
  if (!command) skip('set TOOLCHECK_SERVER to the server\'s command line');
  if (!c.read_only && !writes) skip('not read-only: set TOOLCHECK_ALLOW_WRITES=1 to call it');
  let result: Awaited<ReturnType<Client['callTool']>>;
  try {{
    result = await call(c);
  }} catch (error) {{
    throw new Error(
      c.valid
        ? `a protocol error on a valid call: ${{error}}`
        : `a protocol error (${{error}}), which the client keeps from the model: answer with a tool error (isError: true)`,
    );
  }}
  if (c.valid) {{
    if (result.isError) {{
      if (!refusals.has(c.tool)) refusals.set(c.tool, textOf(result));
      skip(`the tool refused a valid call (credentials or data?): ${{textOf(result)}}`);
    }}
    return;
  }}
  expect(result.isError, 'the tool ran on invalid arguments').toBe(true);
  if (c.argument && refusals.get(c.tool) !== textOf(result)) {{
    expect(names(textOf(result), c.argument), `the error does not name ${{c.argument}}: ${{textOf(result)}}`).toBe(true);
  }}
}});
"#,
        cases = embedded(tools)
    )
}
