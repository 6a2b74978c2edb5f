// Story 6: Copy report and Download .md hold the Markdown report, and none of the pasted descriptions.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { CheckerPage } from "./checker-page.mjs";

const descriptions = [
  "Search a customer's orders by status and creation date",
  "Customer id, e.g. cus_8f2k1",
  "Only orders created after this moment",
  "Fetch one order's full record",
  "Amount to refund",
];

test("Copy report puts the Markdown on the clipboard", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  await app.loadSample();
  await page.getByTestId("copy-report").click();
  await expect(page.getByTestId("report-status")).toHaveText("Report copied");
  const clip = await page.evaluate(() => navigator.clipboard.readText());
  expect(clip).toMatch(/^# Toolcheck report/);
  expect(clip).toContain("3 errors");
  expect(clip).toContain("`required-not-in-properties`");
  for (const d of descriptions) expect(clip).not.toContain(d);
});

test("Download .md saves the report with a clear name", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  await app.loadSample();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-report").click()]);
  expect(download.suggestedFilename()).toBe("toolcheck-report.md");
  const text = readFileSync(await download.path(), "utf8");
  expect(text).toMatch(/^# Toolcheck report/);
  expect(text).toContain("- **Path:** `result.tools[0].inputSchema.required`");
  for (const d of descriptions) expect(text).not.toContain(d);
});
