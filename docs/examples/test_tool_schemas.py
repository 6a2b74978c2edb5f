"""Check an MCP server's tool schemas in its own pytest suite.

The server's tools are listed in-process (no subprocess, no network), as a
client receives them, and the tools/list result is handed to the `toolcheck`
command on standard input. Needs: pip install toolcheck mcp pytest
(toolcheck is built from this repository: see the README).
"""

import asyncio
import json
import shutil
import subprocess

from mcp import Client
from mcp.server.mcpserver import MCPServer

from orders_server import server  # your server


def list_tools(server: MCPServer) -> dict:
    """The server's tools/list result, as JSON, through an in-process client."""

    async def listing() -> dict:
        async with Client(server) as client:
            result = await client.list_tools()
        return result.model_dump(by_alias=True, exclude_none=True, mode="json")

    return asyncio.run(listing())


def toolcheck(listing: dict, *options: str) -> dict:
    """Toolcheck's JSON report on a tools/list result (./toolcheck.toml applies)."""
    exe = shutil.which("toolcheck")
    assert exe, "toolcheck is not on PATH"
    run = subprocess.run(
        [exe, "check", "-", "--format", "json", "--fail-on", "never", *options],
        input=json.dumps(listing),
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr  # 2: the input or the config is bad
    return json.loads(run.stdout)


def errors(report: dict) -> list[str]:
    return [f"{f['tool']}: {f['rule']}: {f['message']}" for f in report["findings"] if f["severity"] == "error"]


def test_tool_schemas_have_no_errors():
    listing = list_tools(server)
    report = toolcheck(listing, "--against", "all")  # MCP, OpenAI and Claude
    assert report["tools"] == len(listing["tools"]) > 0
    assert report["summary"]["errors"] == 0, "\n".join(errors(report))


def test_a_broken_definition_is_reported():
    # MCP allows a dot in a tool name; OpenAI and Claude reject the whole request.
    broken = MCPServer("broken")

    @broken.tool(name="orders.search")
    def search(customer_id: str) -> list[str]:
        """Find a customer's open orders. Returns their IDs, newest first."""
        return []

    report = toolcheck(list_tools(broken), "--against", "all")
    assert report["summary"]["errors"] > 0
    rules = {f["rule"] for f in report["findings"] if f["severity"] == "error"}
    assert {"openai-tool-name-invalid", "claude-tool-name-invalid"} <= rules, errors(report)
