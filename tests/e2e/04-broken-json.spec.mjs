// Story 4: broken JSON shows line and column, and the text is kept.
import { test, expect } from "@playwright/test";
import { CheckerPage } from "./checker-page.mjs";

test("invalid JSON reports line and column and keeps the text", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  const broken = '{\n  "tools": [\n    {"name": "a", "inputSchema": {"type": "object"},}\n  ]\n}';
  await app.paste(broken);
  await expect(page.getByTestId("input-error-position")).toHaveText("Line 3, column 53");
  await expect(page.getByTestId("input-error-message")).toContainText("Trailing comma");
  await expect(app.input).toHaveValue(broken);
  // Fixing the text recovers.
  await app.paste(broken.replace("},}", "}}"));
  await expect(page.getByTestId("detected")).toHaveText("tools/list result object · 1 tool");
});
