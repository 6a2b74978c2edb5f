/**
 * Check an MCP server's tool schemas in its own vitest suite.
 *
 * The server's tools are listed in-process (no subprocess, no network), as a
 * client receives them, and the tools/list result is checked by the
 * `toolcheck` package: the same engine and the same JSON report as the
 * `toolcheck` command. Needs: npm install --save-dev vitest zod
 * @modelcontextprotocol/sdk toolcheck (toolcheck is built from this
 * repository: see the README). Run with: npx vitest run
 */

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { check, type Report } from 'toolcheck';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';

/** Your server: in your project, import the function that builds it. */
function ordersServer(): McpServer {
  const server = new McpServer({ name: 'orders', version: '1.0.0' });
  server.registerTool(
    'search_orders',
    {
      title: 'Search orders',
      description: "Find a customer's orders, newest first. Returns each order's ID, status and total.",
      inputSchema: {
        customerId: z.string().describe('The customer ID from the CRM, for example "C-1042".'),
        status: z
          .enum(['pending', 'shipped', 'cancelled'])
          .optional()
          .describe('Only orders in this state: pending (not shipped yet), shipped, or cancelled.'),
        createdAfter: z.string().datetime().optional().describe('Only orders created after this instant.'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ customerId }) => ({ content: [{ type: 'text', text: `No orders for ${customerId}.` }] }),
  );
  server.registerTool(
    'cancel_order',
    {
      title: 'Cancel an order',
      description: 'Cancel an order that has not shipped yet and refund its total to the original payment method.',
      inputSchema: {
        orderId: z.string().describe('The order ID, for example "O-88213".'),
        reason: z.string().max(500).optional().describe('Why the customer cancelled, shown on the refund receipt.'),
      },
      annotations: { destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ orderId }) => ({ content: [{ type: 'text', text: `Cancelled ${orderId}.` }] }),
  );
  return server;
}

/** The server's tools/list result, through an in-process client. */
async function listTools(server: McpServer) {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'tool-schema-test', version: '1.0.0' });
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  try {
    return await client.listTools();
  } finally {
    await client.close();
  }
}

/** The errors of a report, one line each, for the assertion's message. */
function errors(report: Report): string {
  return report.findings
    .filter((f) => f.severity === 'error')
    .map((f) => `${f.tool}: ${f.rule}: ${f.message}`)
    .join('\n');
}

describe('tool schemas', () => {
  test('have no errors for MCP, OpenAI and Claude', async () => {
    const listing = await listTools(ordersServer());
    const report = check(JSON.stringify(listing), { against: 'all' });
    expect(report.tools).toBe(listing.tools.length);
    expect(report.summary.errors, errors(report)).toBe(0);
  });

  test('a broken definition is reported', async () => {
    // MCP allows a dot in a tool name; OpenAI and Claude reject the whole request.
    const server = ordersServer();
    server.registerTool(
      'orders.export',
      {
        description: "Export a customer's orders as CSV, newest first.",
        inputSchema: { customerId: z.string().describe('The customer ID from the CRM.') },
      },
      async () => ({ content: [{ type: 'text', text: '' }] }),
    );
    const report = check(JSON.stringify(await listTools(server)), { against: 'all' });
    expect(report.summary.errors).toBeGreaterThan(0);
    const rules = report.findings.filter((f) => f.severity === 'error').map((f) => f.rule);
    expect(rules).toEqual(expect.arrayContaining(['openai-tool-name-invalid', 'claude-tool-name-invalid']));
  });
});
