// Story 3: paste a real capture; the findings render and the page stays responsive.
import { test, expect } from "@playwright/test";
import { CheckerPage, readCorpus } from "./checker-page.mjs";

test("a 117-tool real capture renders and typing stays responsive", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  await app.paste(readCorpus("github-mcp-server.tools-list.json"));
  await expect(page.getByTestId("detected")).toHaveText("JSON-RPC tools/list response · 117 tools");
  await expect(app.findings.first()).toBeVisible();
  // Rows go on screen a few at a time; all 117 info rows (one per tool) arrive.
  await expect(page.getByTestId("group-info").getByTestId("finding")).toHaveCount(117);

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
