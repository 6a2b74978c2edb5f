// Story 16: Fix on the page. The worker applies every fix the rules know
// (unsafe ones too, when asked) and checks the result again; the page shows a
// preview of each change, Undo brings the text back, the fixed JSON can be
// downloaded, and "Apply fix" fixes one finding.
import { test, expect } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CheckerPage } from "./checker-page.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const out = join(root, "docs", "screenshots");
mkdirSync(out, { recursive: true });
const sample = readFileSync(join(root, "crates", "core", "resources", "sample", "tools-list.json"), "utf8");

// The CLI the test command built, to check what the page downloads.
function cli() {
  for (const profile of ["debug", "release"]) {
    const bin = join(root, "target", profile, "toolcheck");
    if (existsSync(bin)) return bin;
  }
  throw new Error("no toolcheck binary in target/: run cargo test or cargo build first");
}

test("Fix with unsafe fixes against every provider in strict mode, Undo, Download, Apply fix", async ({ page }, info) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const app = new CheckerPage(page);
  await app.open();
  await app.loadSample();
  await app.setAgainst("all");
  await page.getByTestId("strict").check();
  await expect(app.count("error")).toHaveText(/11 errors$/);
  await expect(page.getByTestId("pending")).toHaveCount(0);

  await page.getByTestId("fix-unsafe").check();
  await page.getByTestId("fix-all").click();
  await expect(page.getByTestId("fix-summary")).toBeVisible();
  await expect(app.count("error")).toHaveText(/0 errors$/);
  await expect(page.getByTestId("pending")).toHaveCount(0);
  await expect(app.count("error")).toHaveText(/0 errors$/);
  expect(await page.getByTestId("fix-applied").count()).toBeGreaterThan(5);
  await page.screenshot({ path: join(out, "fix-desktop-light.png") });

  // The fixed JSON, downloaded, is clean for the CLI too.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-fixed").click()]);
  expect(download.suggestedFilename()).toBe("tools.fixed.json");
  const file = info.outputPath("tools.fixed.json");
  await download.saveAs(file);
  const run = spawnSync(cli(), ["check", file, "--against", "all", "--strict", "--format", "json"], { encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  expect(JSON.parse(run.stdout).summary.errors).toBe(0);
  expect(readFileSync(file, "utf8")).toBe(await app.input.inputValue());

  // Undo brings the sample back.
  await page.getByTestId("undo-fix").click();
  await expect(app.input).toHaveValue(sample);
  await expect(app.count("error")).toHaveText(/11 errors$/);

  // Apply fix on one finding: the float type becomes a number.
  await expect(page.getByTestId("pending")).toHaveCount(0);
  const float = page.locator('[data-testid="finding"][data-rule="unknown-type-name"]');
  await float.getByTestId("apply-fix").click();
  await expect(app.count("error")).toHaveText(/10 errors$/);
  await expect(page.locator('[data-testid="finding"][data-rule="unknown-type-name"]')).toHaveCount(0);
  expect(await app.input.inputValue()).toContain('"type": "number"');
  // Ctrl+Z undoes it.
  await page.getByTestId("summary").click();
  await page.keyboard.press("Control+z");
  await expect(app.input).toHaveValue(sample);
});
