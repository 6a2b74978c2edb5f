// Story 14: several captures at once. Two files opened together become two
// named servers; the same tool name on both is a finding across servers;
// renaming a server renames it in the findings and the Markdown report,
// which names both servers. Each tool's token cost is listed, sortable.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CheckerPage } from "./checker-page.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, "..", "..", "crates", "core", "resources", "fixtures", "servers", "tool-name-collision");
const file = (name) => ({ name, mimeType: "application/json", buffer: readFileSync(join(fixtures, name)) });

test("two captures: the collision, and a report naming both servers", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  await page.locator('input[type="file"]').setInputFiles([file("alpha.json"), file("beta.json")]);

  const servers = page.getByTestId("servers");
  await expect(servers).toBeVisible();
  await expect(page.getByTestId("server-row")).toHaveCount(2);
  await expect(page.getByTestId("server-name").nth(0)).toHaveValue("alpha");
  await expect(page.getByTestId("server-name").nth(1)).toHaveValue("beta");
  // The box holds the first server, checked as ever.
  await expect(page.getByTestId("detected")).toContainText("3 tools");
  const collision = page.locator('[data-testid="across-finding"][data-rule="tool-name-collision"]');
  await expect(collision).toHaveCount(1);
  await expect(collision).toContainText("beta · bad_search");
  await expect(collision).toContainText('also a tool of server "alpha"');

  // Rename a server: the findings follow. (Once the worker's findings are
  // in: the table is drawn again when they arrive, and a name being typed
  // then is lost with its box.)
  await expect(page.getByTestId("servers-pending")).toHaveCount(0);
  await page.getByTestId("server-name").nth(1).fill("billing");
  await page.getByTestId("server-name").nth(1).press("Enter");
  await expect(collision).toContainText("billing · bad_search");

  // Show the other server, and edit it: the collision goes.
  await page.getByTestId("show-server").nth(1).click();
  await expect(page.getByTestId("detected")).toContainText("5 tools");
  const beta = readFileSync(join(fixtures, "beta.json"), "utf8").replace('"name": "bad_search"', '"name": "billing_search"');
  await app.paste(beta);
  await expect(collision).toHaveCount(0);
  await app.paste(readFileSync(join(fixtures, "beta.json"), "utf8"));
  await expect(collision).toHaveCount(1);

  // The Markdown report: every server under its name, and the findings across them.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-report").click()]);
  const md = readFileSync(await download.path(), "utf8");
  expect(md).toContain("# Toolcheck report: 2 servers");
  expect(md).toContain("## Server `alpha`");
  expect(md).toContain("## Server `billing`");
  expect(md).toContain("`billing/bad_search` · `tool-name-collision`");
  // Never the pasted descriptions.
  expect(md).not.toContain("Search alpha's records");

  // Back to one capture.
  await page.getByTestId("one-capture").click();
  await expect(servers).toHaveCount(0);
  await expect(page.getByTestId("detected")).toContainText("5 tools");
});

test("each tool's token cost, heaviest first or in list order", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  await app.loadSample();
  await page.getByTestId("tool-costs").locator("summary").click();
  const rows = page.getByTestId("tool-cost");
  await expect(rows).toHaveCount(3);
  // Heaviest first: get_order is the sample's largest definition.
  await expect(rows.first()).toContainText("get_order");
  const tokens = await rows.locator("td.num").evaluateAll((tds) => tds.filter((_, i) => i % 2 === 0).map((td) => Number(td.textContent)));
  expect(tokens).toEqual([...tokens].sort((a, b) => b - a));
  await page.getByTestId("sort-list").click();
  await expect(rows.first()).toContainText("orders.search");
});
