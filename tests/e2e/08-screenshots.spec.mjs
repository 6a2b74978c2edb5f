// Story 8: screenshots of the main states, desktop and phone, light and dark,
// saved under docs/screenshots/ for the README and the guides.
import { test, expect } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CheckerPage } from "./checker-page.mjs";

const out = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "docs", "screenshots");
mkdirSync(out, { recursive: true });

const viewports = { desktop: { width: 1280, height: 860 }, phone: { width: 390, height: 844 } };

for (const [device, viewport] of Object.entries(viewports)) {
  for (const scheme of ["light", "dark"]) {
    test(`screenshot: sample, ${device}, ${scheme}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      const app = new CheckerPage(page);
      await app.open();
      await app.loadSample();
      await expect(app.count("error")).toHaveText(/3 errors$/);
      // Nothing may overflow the viewport horizontally.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(out, `sample-${device}-${scheme}.png`), fullPage: device === "desktop" });
    });
  }
}

test("screenshot: rule docs and invalid JSON", async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  const app = new CheckerPage(page);
  await app.open();
  await app.loadSample();
  await page.getByTestId("rule-id").first().click();
  await expect(page.getByTestId("rule-docs")).toBeVisible();
  // The docs load from the page's own rule-docs.js.
  await expect(page.getByTestId("rule-docs")).toContainText("What it does");
  await page.screenshot({ path: join(out, "rule-docs-desktop-light.png") });
  await page.getByTestId("close-docs").click();
  await app.paste('{\n  "tools": [\n    {"name": "a",}\n  ]\n}');
  await expect(page.getByTestId("input-error")).toBeVisible();
  await page.screenshot({ path: join(out, "invalid-json-desktop-light.png") });
});
