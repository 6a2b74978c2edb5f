// Story 3: paste a real capture; the findings render and the page stays responsive.
import { test, expect } from "@playwright/test";
import { CheckerPage, readCorpus } from "./checker-page.mjs";

test("a 117-tool real capture renders and typing stays responsive", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  await app.paste(readCorpus("github-mcp-server.tools-list.json"));
  await expect(page.getByTestId("detected")).toHaveText("JSON-RPC tools/list response · 117 tools");
  await expect(app.findings.first()).toBeVisible();
  // The same info finding in all 117 tools is one row, "in 117 tools".
  const byRule = await app.byRule();
  expect(byRule["additional-properties-not-false"]).toEqual([
    { rule: "additional-properties-not-false", severity: "info", findings: 117, tools: 117 },
  ]);
  const folded = page
    .getByTestId("group-info")
    .getByTestId("finding")
    .filter({ has: page.locator('[data-testid="rule-id"]', { hasText: "additional-properties-not-false" }) });
  await expect(folded).toHaveCount(1);
  await expect(folded.getByTestId("also-in").locator("summary")).toHaveText("in 117 tools");

  // Type at the end of the text: each keystroke must be handled promptly.
  await app.input.focus();
  await page.keyboard.press("Control+End");
  const started = Date.now();
  await page.keyboard.type("   ", { delay: 20 });
  const typing = Date.now() - started;
  await expect(app.input).toHaveValue(/ {3}$/);
  // A generous bound that only a blocked main thread would break.
  expect(typing).toBeLessThan(5_000);
  await expect(page.getByTestId("detected")).toHaveText("JSON-RPC tools/list response · 117 tools");
});

for (const name of ["server-everything", "server-filesystem", "server-memory"]) {
  test(`${name} capture checks`, async ({ page }) => {
    const app = new CheckerPage(page);
    await app.open();
    await app.paste(readCorpus(`${name}.tools-list.json`));
    await expect(page.getByTestId("detected")).toContainText("JSON-RPC tools/list response");
    await expect(page.getByTestId("summary")).toBeVisible();
  });
}
