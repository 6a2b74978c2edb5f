// Story 11: a large real capture reads well. Notion's server repeats the same
// shared definitions in every tool: the page sums the findings up by rule,
// shows the same finding in many tools once, and filters to one rule on a click.
import { test, expect } from "@playwright/test";
import { CheckerPage, readCorpus } from "./checker-page.mjs";

test("Notion's capture: a summary by rule, folded repeats, and a rule filter", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  await app.paste(readCorpus("notion.tools-list.json"));
  await expect(page.getByTestId("detected")).toHaveText("JSON-RPC tools/list response · 24 tools");
  await expect(app.count("error")).toHaveText(/0 errors$/);

  // The summary by rule adds up to the counts.
  const byRule = await app.byRule();
  expect(byRule["unused-definition"]).toEqual([{ rule: "unused-definition", severity: "warning", findings: 24, tools: 24 }]);
  const warnings = Object.values(byRule).flat().filter((r) => r.severity === "warning").reduce((n, r) => n + r.findings, 0);
  await expect(app.count("warning")).toHaveText(new RegExp(`(^|\\D)${warnings} warnings$`));

  // The same finding in many tools is one row, with the tools behind a toggle.
  const group = page.getByTestId("group-warning");
  const rows = Number(await group.getAttribute("data-rows"));
  expect(rows).toBeLessThan(warnings);
  await expect(app.findings.first()).toBeVisible();
  const folded = group.getByTestId("also-in").first();
  await expect(folded.locator("summary")).toHaveText(/^in \d+ tools$/);
  const n = Number((await folded.locator("summary").textContent()).match(/\d+/)[0]);
  await expect(folded.locator("li").first()).toBeHidden();
  await folded.locator("summary").click();
  await expect(folded.locator("li")).toHaveCount(n - 1);

  // A click on a rule shows its findings alone; another click, or the button, shows them all again.
  await page.getByTestId("by-rule").getByRole("button", { name: "unused-definition" }).click();
  await expect(page.getByTestId("only-rule")).toContainText("unused-definition");
  const ids = await page.getByTestId("findings").getByTestId("rule-id").allTextContents();
  expect(ids.length).toBeGreaterThan(0);
  expect(new Set(ids)).toEqual(new Set(["unused-definition"]));
  await page.getByTestId("show-every-rule").click();
  await expect(page.getByTestId("only-rule")).toHaveCount(0);
  expect(new Set(await page.getByTestId("findings").getByTestId("rule-id").allTextContents()).size).toBeGreaterThan(1);
});

test("the two Load sample buttons have distinct accessible names", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  await expect(page.getByRole("button", { name: "Load sample", exact: true })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Load sample result", exact: true })).toHaveCount(1);
});
