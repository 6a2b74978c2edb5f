// Story 15: the page's module checks with every rule it has and shows its
// findings at once; the worker adds the meta-schema check's findings, with a
// pending state meanwhile, without moving what the user is reading, and a
// report exported before they arrive says it is partial.
import { test, expect } from "@playwright/test";
import { CheckerPage } from "./checker-page.mjs";

const broken = (n) =>
  JSON.stringify({
    tools: Array.from({ length: n }, (_, i) => ({
      name: `tool_${i}`,
      description: `Tool ${i}.`,
      inputSchema: {
        type: "object",
        properties: {
          // An enum without a description on every tool, each its own row:
          // warnings to scroll through.
          [`mode_${i}`]: { type: "string", enum: ["P", "S", "X"] },
          // Only the last tool's schema is invalid: the worker's finding goes
          // at the top of the list, above what the user reads.
          ...(i === n - 1 ? { code: { type: "string", minLength: -1 } } : {}),
        },
      },
    })),
  });

/** Holds the worker's module back until the returned function is called. */
async function holdWorker(page) {
  let release;
  const held = new Promise((r) => (release = r));
  await page.route("**/toolcheck-worker_bg.wasm", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("the sample's first findings are its final findings, with no flicker", async ({ page }) => {
  // Every count the page shows, from the first paint on.
  await page.addInitScript(() => {
    window.__counts = [];
    new MutationObserver(() => {
      const el = document.querySelector('[data-testid="count-error"]');
      const w = document.querySelector('[data-testid="count-warning"]');
      const i = document.querySelector('[data-testid="count-info"]');
      if (el && w && i) window.__counts.push(`${el.textContent}|${w.textContent}|${i.textContent}`);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const app = new CheckerPage(page);
  await app.open();
  await app.expectCounts(3, 5, 3);
  await expect(page.getByTestId("pending")).toHaveCount(0);
  const seen = [...new Set(await page.evaluate(() => window.__counts))];
  expect(seen).toEqual(["✕3 errors|!5 warnings|i3 info"]);
  // The worker's answer arrived (the final mark is set) and changed nothing.
  expect(await page.evaluate(() => performance.getEntriesByName("tc-final").length)).toBeGreaterThan(0);
});

test("the worker adds the meta-schema findings, and the reader's place stays put", async ({ page }) => {
  // Hold the worker's module back while the reader scrolls to a warning far
  // down the list; the error then comes on top of it.
  const release = await holdWorker(page);
  const app = new CheckerPage(page);
  await app.open();
  await app.paste(broken(300));
  await expect(page.getByTestId("detected")).toContainText("300 tools");
  await expect(page.getByTestId("pending")).toBeVisible();
  const target = page.locator('[data-testid="finding"]').filter({ hasText: "tool_150" }).first();
  await target.scrollIntoViewIfNeeded();
  const before = await target.evaluate((el) => el.getBoundingClientRect().top);

  release();
  const error = page.locator('[data-testid="finding"][data-rule="meta-schema-violation"]');
  await expect(error).toHaveCount(1);
  await expect(page.getByTestId("pending")).toHaveCount(0);
  await expect(error.getByTestId("finding-message")).toContainText("minLength");
  await expect(error.getByTestId("finding-path")).toHaveText("tools[299].inputSchema.properties.code.minLength");
  // Let the anchoring settle (it waits for the rows to be on screen).
  await page.waitForTimeout(300);
  const after = await target.evaluate((el) => el.getBoundingClientRect().top);
  expect(Math.abs(after - before)).toBeLessThanOrEqual(2);
  // The error is above the reader: the list grew over them.
  expect(await error.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(after);
});

test("a report exported while the worker checks is marked partial", async ({ page }) => {
  // Hold the worker's module back until the report has been copied: the
  // page shows its own findings meanwhile, and says the check is pending.
  const release = await holdWorker(page);
  const app = new CheckerPage(page);
  await app.open();
  await app.paste(broken(3));
  await expect(page.locator('[data-testid="finding"][data-rule="enum-without-description"]')).toHaveCount(1);
  await expect(page.getByTestId("pending")).toHaveText("Validating 3 schemas and scanning the text for secrets and hidden payloads…");
  await page.getByTestId("copy-report").click();
  await expect(page.getByTestId("report-status")).toHaveText("Report copied");
  const partial = await page.evaluate(() => navigator.clipboard.readText());
  expect(partial).toContain("**Partial report**: the page's worker was still checking");
  expect(partial).not.toContain("meta-schema-violation`:");

  release();
  await expect(page.locator('[data-testid="finding"][data-rule="meta-schema-violation"]')).toHaveCount(1);
  await expect(page.getByTestId("pending")).toHaveCount(0);
  await page.evaluate(() => navigator.clipboard.writeText(""));
  await page.getByTestId("copy-report").click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe("");
  const full = await page.evaluate(() => navigator.clipboard.readText());
  expect(full).not.toContain("Partial report");
  expect(full).toContain("meta-schema-violation");
});

test("a pasted server/discover result is checked: its findings come from the worker", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  await app.paste(JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    result: { supportedVersions: [], capabilities: { tools: {} }, resultType: "complete", ttlMs: 3600000 },
  }));
  await expect(page.getByTestId("detected")).toContainText("server/discover result");
  await expect(page.locator('[data-testid="finding"][data-rule="discover-result-invalid"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="finding"][data-rule="cache-hints-missing"]')).toHaveCount(1);
  await expect(page.getByTestId("pending")).toHaveCount(0);
  await app.expectCounts(1, 1, 0);
});
