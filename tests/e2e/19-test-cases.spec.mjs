// Story 19: the page writes the test cases. "Test cases" makes, in the
// browser, the calls `toolcheck probe` would make from each tool's
// inputSchema; its exports are the CLI's byte for byte (the JSON, the
// Markdown plan, the pytest and vitest files), and opening it does not hold
// up the findings.
import { test, expect } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CheckerPage, corpusDir, readCorpus } from "./checker-page.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const sample = join(root, "crates", "core", "resources", "sample", "tools-list.json");

function cli() {
  for (const profile of ["release", "debug"]) {
    const bin = join(root, "target", profile, "toolcheck");
    if (existsSync(bin)) return bin;
  }
  throw new Error("no toolcheck binary in target/: run cargo test or cargo build first");
}

/** What `toolcheck probe FILE --dry-run --export KIND` writes. */
function exported(file, kind) {
  const run = spawnSync(cli(), ["probe", file, "--dry-run", "--no-config", "--export", kind], { encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

test("the sample's test cases are made on the page, and exported as the CLI writes them", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  await app.loadSample();
  await expect(page.getByTestId("pending")).toHaveCount(0);
  // Closed, the panel asks for nothing.
  await expect(page.getByTestId("cases-summary")).toBeHidden();
  await page.getByTestId("cases").locator("summary").click();
  await expect(page.getByTestId("cases-summary")).toContainText(/\d+ cases for \d+ tools/);
  const rows = page.getByTestId("cases").locator("tbody tr");
  expect(await rows.count()).toBeGreaterThan(10);
  await expect(page.getByTestId("cases").locator('tr[data-valid="false"]').first()).toBeVisible();
  expect(await app.downloadText("cases-json")).toBe(exported(sample, "json"));
  expect(await app.downloadText("cases-markdown")).toBe(exported(sample, "markdown"));
  expect(await app.downloadText("cases-pytest")).toBe(exported(sample, "pytest"));
  expect(await app.downloadText("cases-vitest")).toBe(exported(sample, "vitest"));
});

test("the cases follow the text, escape it, and say why a text has none", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  await page.getByTestId("cases").locator("summary").click();
  const capture = readCorpus("server-everything.tools-list.json");
  await app.paste(capture);
  const summary = page.getByTestId("cases-summary");
  await expect(summary).toContainText("for 13 tools");
  expect(await app.downloadText("cases-json")).toBe(exported(join(corpusDir, "server-everything.tools-list.json"), "json"));
  // A tool name with markup is shown as text.
  await app.paste(JSON.stringify({ tools: [{ name: "<img src=x onerror=alert(1)>", inputSchema: { type: "object", properties: { q: { type: "string", minLength: 2 } }, required: ["q"] } }] }));
  await expect(summary).toContainText("for 1 tool");
  await expect(page.getByTestId("cases").locator("h3 code")).toHaveText("<img src=x onerror=alert(1)>");
  await expect(page.locator("img[src=x]")).toHaveCount(0);
  await app.paste("{ not json");
  await expect(page.getByTestId("cases")).toContainText("No cases:");
  await expect(page.getByTestId("cases-json")).toBeDisabled();
});
