// Story 5: the result panel checks the drifted sample result, and infers a
// schema for a tool without an outputSchema.
import { test, expect } from "@playwright/test";
import { CheckerPage } from "./checker-page.mjs";

test("the sample result shows the two seed errors; a tool without outputSchema gets an inferred schema", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  await page.getByTestId("result-load-sample").click();
  await expect(page.getByTestId("result-tool")).toHaveValue("get_order");
  await expect(page.getByTestId("result-count-error")).toHaveText(/2 errors$/);
  const messages = await page.getByTestId("result-message").allTextContents();
  expect(messages).toEqual([
    "structuredContent.total is string, expected number",
    'structuredContent.status "Shipped" is not one of "pending", "shipped", "cancelled"',
  ]);
  const paths = await page.getByTestId("result-path").allTextContents();
  expect(paths).toEqual(["structuredContent.total", "structuredContent.status"]);

  // orders.search has no outputSchema: the panel infers one from the result.
  await page.getByTestId("result-tool").selectOption("orders.search");
  const schema = page.getByTestId("inferred-schema");
  await expect(schema).toBeVisible();
  const inferred = JSON.parse(await schema.textContent());
  expect(inferred.type).toBe("object");
  expect(inferred.properties.total.type).toBe("string");
  expect(inferred.required).toContain("orderId");
  await page.getByTestId("copy-schema").click();
  const clip = await page.evaluate(() => navigator.clipboard.readText());
  expect(JSON.parse(clip)).toEqual(inferred);
});

test("an invalid result shows its line and column", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  await page.getByTestId("result-input").fill('{\n  "content": [,]\n}');
  await expect(page.getByTestId("result-error")).toContainText("Line 2");
});
