// Story 1: open the page and load the sample.
import { test, expect } from "@playwright/test";
import { CheckerPage } from "./checker-page.mjs";

test("Load sample shows the three seed errors with their paths", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  await app.paste("[]");
  await expect(app.count("error")).toHaveText(/0 errors$/);
  await app.loadSample();
  await expect(page.getByTestId("detected")).toHaveText("JSON-RPC tools/list response · 3 tools");
  await expect(app.count("error")).toHaveText(/3 errors$/);
  const errorGroup = page.getByTestId("group-error");
  const paths = await errorGroup.getByTestId("finding-path").allTextContents();
  expect(paths).toEqual([
    "result.tools[0].inputSchema.required",
    'result.tools[1].inputSchema.properties.orderId["x-mcp-header"]',
    "result.tools[2].inputSchema.properties.refundAmount.type",
  ]);
  const tools = await errorGroup.getByTestId("finding-tool").allTextContents();
  expect(tools).toEqual(["orders.search", "get_order", "cancel_order"]);
  await expect(errorGroup.getByTestId("finding-message").first()).toHaveText(
    'required names "customer_id", which is not in properties',
  );
});
