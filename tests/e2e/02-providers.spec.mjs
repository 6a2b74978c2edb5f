// Story 2: Check against MCP + OpenAI + Claude, then strict mode.
import { test, expect } from "@playwright/test";
import { CheckerPage } from "./checker-page.mjs";

test("providers add the dotted-name errors, strict mode adds the strict errors", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  await app.loadSample();
  await expect(app.count("error")).toHaveText(/3 errors$/);

  await app.setAgainst("all");
  await expect(app.count("error")).toHaveText(/5 errors$/);
  const messages = await page.getByTestId("group-error").getByTestId("finding-message").allTextContents();
  expect(messages.filter((m) => m.startsWith("OpenAI:")).length).toBe(1);
  expect(messages.filter((m) => m.startsWith("Claude:")).length).toBe(1);

  await page.getByTestId("strict").check();
  await expect(app.count("error")).toHaveText(/11 errors$/);
  expect(await app.findingsOfRules("openai-strict")).toBe(4);
  expect(await app.findingsOfRules("claude-strict")).toBe(2);

  // Settings are remembered across a reload; the pasted text is not.
  await page.reload();
  await expect(page.getByTestId("against")).toHaveValue("all");
  await expect(page.getByTestId("strict")).toBeChecked();
});
