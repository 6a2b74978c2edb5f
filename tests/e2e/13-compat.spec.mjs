// Story 13: Gemini and the compatibility table. Gemini is a target of its
// own; the table answers, for every tool, which clients take it, whatever the
// "Check against" selector says, and the Markdown report carries it.
import { test, expect } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CheckerPage } from "./checker-page.mjs";

const out = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "docs", "screenshots");
mkdirSync(out, { recursive: true });

// Sent to Gemini as parametersJsonSchema: one tool every target takes, one
// only Gemini rejects, one OpenAI and Claude reject for its name (and, like
// every object without additionalProperties: false, their strict modes).
const TOOLS = JSON.stringify({
  tools: [
    {
      name: "get_weather",
      description: "Returns the current weather for a city, in degrees Celsius.",
      inputSchema: {
        type: "object",
        properties: { city: { type: "string", description: "City name, e.g. Lisbon" } },
        required: ["city"],
        additionalProperties: false,
      },
    },
    {
      name: "search_orders",
      description: "Searches past orders by customer email and returns at most 20 of them.",
      inputSchema: {
        type: "object",
        properties: { email: { type: ["string", "null"], description: "Customer email, or null for every customer" } },
        required: ["email"],
        additionalProperties: false,
      },
    },
    {
      name: "admin.reset",
      description: "Resets the demo account to its first state; it deletes every order made since.",
      inputSchema: { type: "object", properties: {} },
    },
  ],
});

test("Gemini is a target, and the table says which clients take each tool", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const app = new CheckerPage(page);
  await app.open();
  await app.paste(TOOLS);
  await app.setAgainst("gemini");
  await expect(page.locator(".settings-line")).toContainText("Gemini rules as of");
  // As parameters (the default), Gemini's protobuf parser takes neither
  // additionalProperties nor a type array.
  await expect.poll(() => app.findingsOfRules("gemini-type-array")).toBe(1);
  expect(await app.findingsOfRules("gemini-unsupported-keyword")).toBe(2);
  await page.getByTestId("gemini-field").selectOption("json-schema");
  await expect(page.locator(".settings-line")).toContainText("MCP tools sent as parametersJsonSchema");
  await expect.poll(() => app.findingsOfRules("gemini-")).toBe(0);
  await page.getByTestId("gemini-field").selectOption("parameters");
  await expect.poll(() => app.findingsOfRules("gemini-type-array")).toBe(1);

  // The table, every target, whatever "Check against" says.
  await page.getByTestId("compat").locator("summary").click();
  const rows = page.getByTestId("compat-row");
  await expect(rows).toHaveCount(3);
  const verdicts = await rows.evaluateAll((trs) =>
    trs.map((tr) => [tr.querySelector("th").textContent.trim(), ...[...tr.querySelectorAll("td")].map((td) => td.dataset.verdict)]),
  );
  expect(verdicts).toEqual([
    ["get_weather", "works", "works", "works", "works", "works", "rejected"],
    ["search_orders", "works", "works", "works", "works", "works", "rejected"],
    ["admin.reset", "works", "rejected", "rejected", "rejected", "rejected", "works"],
  ]);
  await expect(rows.nth(1).locator("td").nth(5)).toContainText("gemini-type-array");
  await page.getByTestId("compat").screenshot({ path: join(out, "compat-desktop-light.png") });

  // As parametersJsonSchema, Gemini takes both; only the dotted name is left.
  await page.getByTestId("gemini-field").selectOption("json-schema");
  await expect(rows.first().locator("td").nth(5)).toHaveAttribute("data-verdict", "works");
  await expect(rows.nth(1).locator("td").nth(5)).toHaveAttribute("data-verdict", "works");

  // Only the tools with problems.
  await page.getByTestId("compat-only-problems").check();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator("th")).toHaveText("admin.reset");
  await page.getByTestId("compat-only-problems").uncheck();
  await expect(rows).toHaveCount(3);

  // The Markdown report carries the table.
  const md = await app.downloadText("download-report");
  expect(md).toContain("## Which clients take each tool");
  expect(md).toContain("| `get_weather` | works | works | works | works | works | works |");
  expect(md).toContain("| `admin.reset` | works | **rejected**: `openai-tool-name-invalid` |");
});
