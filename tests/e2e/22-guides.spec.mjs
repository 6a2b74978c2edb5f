// The page's footer and its rules' docs link to the guides, which the page
// serves beside itself; each opens in a new tab, so the pasted text stays.
import { test, expect } from "@playwright/test";
import { CheckerPage } from "./checker-page.mjs";

test("the footer and a rule's docs open the guides, and the pasted text stays", async ({ page, context }) => {
  const app = new CheckerPage(page);
  await app.open();
  await app.loadSample();
  const pasted = await app.input.inputValue();

  const footer = page.locator("footer.site-footer");
  await expect(footer).toContainText("Guides");
  const hrefs = await footer.locator("a").evaluateAll((as) => as.map((a) => [a.getAttribute("href"), a.target]));
  expect(hrefs.length).toBeGreaterThanOrEqual(4);
  for (const [href, target] of hrefs) {
    expect(target, href).toBe("_blank");
    const response = await page.request.get(href);
    expect(response.status(), href).toBe(200);
    expect(await response.text(), href).toMatch(/^# /);
  }
  const [guide] = await Promise.all([
    context.waitForEvent("page"),
    footer.getByRole("link", { name: "security" }).click(),
  ]);
  await guide.waitForLoadState();
  await expect(guide.locator("body")).toContainText("# Security: what Toolcheck catches, and why");
  await guide.close();

  // x-mcp-header-not-token's docs end with the guide to the MCP revisions.
  await page.locator('[data-testid="rule-id"]', { hasText: "x-mcp-header-not-token" }).first().click();
  const docs = page.getByTestId("rule-docs");
  await expect(docs).toContainText("Guide");
  const link = docs.locator('a[href="docs/providers-and-clients.md#mcp-revisions"]');
  await expect(link).toHaveAttribute("target", "_blank");
  const [revisions] = await Promise.all([context.waitForEvent("page"), link.click()]);
  await revisions.waitForLoadState();
  await expect(revisions.locator("body")).toContainText("## MCP revisions");
  await revisions.close();
  // The sources are links too.
  await expect(docs.locator('a[href^="https://"]').first()).toBeVisible();

  expect(await app.input.inputValue()).toBe(pasted);
});
