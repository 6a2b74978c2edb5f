// Story 18: the compatibility table by client app. The same tools, seen as
// each client takes them: VS Code refuses an array without items that the
// model APIs take, Claude Desktop fails a draft-07 output schema (users'
// reports, so a warning), Codex drops a pattern, and the Agents SDK's strict
// conversion raises on a map and sends it without strict.
import { test, expect } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CheckerPage } from "./checker-page.mjs";

const out = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "docs", "screenshots");
mkdirSync(out, { recursive: true });

const TOOLS = JSON.stringify({
  tools: [
    {
      name: "tag_issue",
      description: "Adds labels to an issue, and returns the issue with its labels.",
      inputSchema: {
        type: "object",
        properties: { labels: { type: "array", description: "Labels to add" } },
        required: ["labels"],
        additionalProperties: false,
      },
    },
    {
      name: "get_weather",
      description: "Returns the weather in a city, in degrees Celsius.",
      inputSchema: {
        type: "object",
        properties: { city: { type: "string", description: "City name", pattern: "^[A-Za-z ]+$" } },
        required: ["city"],
        additionalProperties: false,
      },
      outputSchema: {
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: { celsius: { type: "number" } },
      },
    },
    {
      name: "list_labels",
      description: "Returns every label of the repository, with its colour and description.",
      inputSchema: { type: "object", properties: { page: { type: "integer", description: "Page number, from 1" } }, additionalProperties: false },
    },
  ],
});

const CLIENTS = ["vscode", "claude-code", "claude-desktop", "cursor", "gemini-cli", "codex", "chatgpt", "agents-sdk", "agents-sdk-strict"];

test("the table by client app says which apps take each tool", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const app = new CheckerPage(page);
  await app.open();
  await app.paste(TOOLS);
  await expect.poll(() => app.findingsOfRules("array-without-items")).toBe(1);

  await page.getByTestId("compat").locator("summary").click();
  const rows = page.getByTestId("compat-row");
  await expect(rows).toHaveCount(3);
  // The API view first: OpenAI and Claude take the array without items.
  await expect(rows.first().locator("td").nth(1)).toHaveAttribute("data-verdict", "works");
  await expect(page.getByTestId("compat-clients")).toBeHidden();

  await page.getByTestId("compat-view").selectOption("clients");
  await expect(page.getByTestId("compat-clients")).toBeVisible();
  const heads = await page.getByTestId("compat").locator("thead th").allTextContents();
  expect(heads).toEqual(["Tool", "VS Code", "Claude Code", "Claude Desktop", "Cursor", "Gemini CLI", "Codex", "ChatGPT", "Agents SDK", "Agents SDK strict"]);
  const verdicts = await rows.evaluateAll((trs) =>
    trs.map((tr) => [tr.querySelector("th").textContent.trim(), ...[...tr.querySelectorAll("td")].map((td) => td.dataset.verdict)]),
  );
  const byClient = Object.fromEntries(verdicts.map(([tool, ...cells]) => [tool, Object.fromEntries(CLIENTS.map((c, i) => [c, cells[i]]))]));
  expect(byClient.tag_issue.vscode).toBe("rejected");
  expect(byClient.tag_issue["claude-code"]).toBe("works");
  expect(byClient.get_weather["claude-desktop"]).toBe("warnings");
  expect(byClient.get_weather["claude-code"]).toBe("works");
  expect(byClient.get_weather.codex).toBe("warnings");
  expect(byClient.list_labels.vscode).toBe("works");
  // Gemini CLI sends parametersJsonSchema, which takes what `parameters` refuses.
  expect(byClient.list_labels["gemini-cli"]).toBe("works");
  await expect(rows.first().locator("td").first()).toContainText("vscode-array-without-items");
  await page.getByTestId("compat").screenshot({ path: join(out, "compat-clients-desktop-light.png") });

  // The clients to show.
  for (const c of ["claude-code", "cursor", "gemini-cli", "chatgpt", "agents-sdk", "agents-sdk-strict"]) {
    await page.getByTestId(`compat-client-${c}`).uncheck();
  }
  await expect(page.getByTestId("compat").locator("thead th")).toHaveText(["Tool", "VS Code", "Claude Desktop", "Codex"]);
  await page.getByTestId("compat-only-problems").check();
  await expect(rows).toHaveCount(2);
  await page.getByTestId("compat-client-vscode").uncheck();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator("th")).toHaveText("get_weather");

  // Back to the API view: its columns, whatever the clients chosen.
  await page.getByTestId("compat-view").selectOption("apis");
  await expect(page.getByTestId("compat").locator("thead th")).toHaveCount(7);

  // The Markdown report carries both views.
  const md = await app.downloadText("download-report");
  expect(md).toContain("### By client");
  expect(md).toContain("| `tag_issue` | **rejected**: `vscode-array-without-items` |");
});
