// Story 21: a paste with Ctrl+V, as users make one. A paste of several lines
// is put in the box by the page (the browser's own paste edits the box a line
// at a time, which takes seconds on a real capture), so the page takes it
// back on Ctrl+Z, or Undo, as it takes back a fix.
import { test, expect } from "@playwright/test";
import { CheckerPage, readCorpus } from "./checker-page.mjs";

const sampleDetected = "JSON-RPC tools/list response · 3 tools";

test("a capture pasted over the sample with Ctrl+V is checked, and Ctrl+Z or Undo takes it back", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  await expect(page.getByTestId("detected")).toHaveText(sampleDetected);
  const sample = await app.input.inputValue();
  const memory = readCorpus("server-memory.tools-list.json");

  await app.pasteKeys(memory);
  await expect(app.input).toHaveValue(memory);
  await expect(page.getByTestId("detected")).toHaveText("JSON-RPC tools/list response · 9 tools");
  // The caret is where the browser's paste leaves it: after the pasted text.
  expect(await app.input.evaluate((el) => [el.selectionStart, el.selectionEnd])).toEqual([memory.length, memory.length]);

  // A letter typed after the paste is the box's own undo; then the paste.
  await page.keyboard.type("x");
  await expect(app.input).toHaveValue(memory + "x");
  await page.keyboard.press("Control+z");
  await expect(app.input).toHaveValue(memory);
  await page.keyboard.press("Control+z");
  await expect(app.input).toHaveValue(sample);
  await expect(page.getByTestId("detected")).toHaveText(sampleDetected);

  // Undo, as after a fix.
  await app.pasteKeys(memory);
  await expect(page.getByTestId("detected")).toHaveText("JSON-RPC tools/list response · 9 tools");
  await page.getByTestId("undo-fix").click();
  await expect(app.input).toHaveValue(sample);
  await expect(page.getByTestId("detected")).toHaveText(sampleDetected);
  await expect(page.getByTestId("undo-fix")).toBeDisabled();
});

test("lines pasted at the caret go in there, and a one-line paste is the browser's own", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  const sample = await app.input.inputValue();
  const at = sample.indexOf('"description": "') + '"description": "'.length;
  await app.input.evaluate((el, at) => el.setSelectionRange(at, at), at);

  // Two lines into a description: a raw line break in a JSON string.
  await app.pasteKeys("first\nsecond ", { keep: true });
  const twoLines = sample.slice(0, at) + "first\nsecond " + sample.slice(at);
  await expect(app.input).toHaveValue(twoLines);
  expect(await app.input.evaluate((el) => el.selectionStart)).toBe(at + "first\nsecond ".length);
  await expect(page.getByTestId("input-error")).toContainText("control character");

  // One line: the browser pastes it, and its undo takes it back.
  await app.pasteKeys("third ", { keep: true });
  await expect(app.input).toHaveValue(sample.slice(0, at) + "first\nsecond third " + sample.slice(at));
  await page.keyboard.press("Control+z");
  await expect(app.input).toHaveValue(twoLines);
  await page.keyboard.press("Control+z");
  await expect(app.input).toHaveValue(sample);
  await expect(page.getByTestId("detected")).toHaveText(sampleDetected);
});
