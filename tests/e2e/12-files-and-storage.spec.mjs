// Story 12: a file opened or dropped is read in the page; settings and, when
// asked, the pasted text are remembered in this browser.
import { test, expect } from "@playwright/test";
import { CheckerPage, readCorpus } from "./checker-page.mjs";

test("an opened file and a dropped file are read locally and checked", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  const memory = readCorpus("server-memory.tools-list.json");
  const chooser = page.waitForEvent("filechooser");
  await page.getByTestId("open-file").click();
  await (await chooser).setFiles({ name: "memory.json", mimeType: "application/json", buffer: Buffer.from(memory) });
  await expect(page.getByTestId("detected")).toHaveText("JSON-RPC tools/list response · 9 tools");
  await expect(app.input).toHaveValue(memory);

  const everything = readCorpus("server-everything.tools-list.json");
  const transfer = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], "everything.json", { type: "application/json" }));
    return dt;
  }, everything);
  await page.locator(".editor").dispatchEvent("drop", { dataTransfer: transfer });
  await expect(page.getByTestId("detected")).toHaveText("JSON-RPC tools/list response · 13 tools");
  await expect(app.input).toHaveValue(everything);
});

test("the pasted text is remembered only when asked, and text stored by an earlier version is kept", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  const memory = readCorpus("server-memory.tools-list.json");
  await app.paste(memory);
  await expect(page.getByTestId("detected")).toContainText("9 tools");
  // Not asked: a reload brings the sample back.
  await page.reload();
  await expect(page.getByTestId("detected")).toContainText("3 tools");

  await app.paste(memory);
  await page.getByTestId("remember-input").check();
  await expect(page.getByTestId("detected")).toContainText("9 tools");
  await page.reload();
  await expect(page.getByTestId("detected")).toContainText("9 tools");
  await expect(page.getByTestId("remember-input")).toBeChecked();

  // An earlier version stored the text as it was and the choice as "1", not as JSON.
  await page.evaluate((text) => {
    localStorage.setItem("toolcheck.input", text);
    localStorage.setItem("toolcheck.remember-input", "1");
  }, memory);
  await page.reload();
  await expect(page.getByTestId("detected")).toContainText("9 tools");
  await expect(page.getByTestId("remember-input")).toBeChecked();

  // Unticked, the text is forgotten.
  await page.getByTestId("remember-input").uncheck();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("toolcheck.input"))).toBeNull();
  await page.reload();
  await expect(page.getByTestId("detected")).toContainText("3 tools");
});
