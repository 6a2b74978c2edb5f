// Pasted text is rendered as text, never as HTML or script.
import { test, expect } from "@playwright/test";
import { CheckerPage } from "./checker-page.mjs";

test("hostile names and descriptions do not execute", async ({ page }) => {
  const dialogs = [];
  page.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  const app = new CheckerPage(page);
  await app.open();
  const hostile = {
    tools: [
      {
        name: "<script>window.__pwned = 1</script>",
        description: '<img src=x onerror="window.__pwned = 2"> [click](javascript:window.__pwned=3)',
        inputSchema: {
          type: "object",
          properties: { "<img src=x onerror=alert(1)>": { type: "float" } },
          required: ["<svg onload=alert(2)>"],
        },
      },
      { name: "a|b`<x>`[c](javascript:alert(1))", inputSchema: { type: "object", properties: {} } },
    ],
  };
  await app.paste(JSON.stringify(hostile, null, 2));
  await expect(page.getByTestId("detected")).toContainText("2 tools");
  await expect(app.findings.first()).toBeVisible();
  await expect(page.getByTestId("finding-tool").first()).toHaveText("<script>window.__pwned = 1</script>");
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(await page.locator("main script, main img, main svg").count()).toBe(0);
  expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
});
