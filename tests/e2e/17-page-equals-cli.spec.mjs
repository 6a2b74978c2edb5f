// Story 17: the page's final report is the CLI's. The page's module checks
// with regex-lite and without the JSON Schema validator, and its worker adds
// the rest; once the worker's findings are in, the findings and counts of the
// page's JSON report equal `toolcheck check --format json`'s, for the sample,
// every corpus capture, the generated lists and captures that hold the
// server's instructions, prompts and resources, under the four settings of
// the findings digest. So does the summary line: what was pasted, the
// server's other text and the tools' tokens. The toxic-flow rules are left
// out of the CLI's run: the page's build does not have them (the core's
// `flows` feature; its byte ceiling has no room for them).
import { test, expect } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CheckerPage, corpusDir } from "./checker-page.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const generated = join(root, "target", "generated");

function cli() {
  for (const profile of ["release", "debug"]) {
    const bin = join(root, "target", profile, "toolcheck");
    if (existsSync(bin)) return bin;
  }
  throw new Error("no toolcheck binary in target/: run cargo test or cargo build first");
}

/** The rules only builds with the core's `flows` feature run. */
const notOnThePage = ["--ignore", "lethal-trifecta,untrusted-content-drives-action"];

const inputs = [
  ["sample", join(root, "crates", "core", "resources", "sample", "tools-list.json")],
  ...readdirSync(corpusDir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => [f, join(corpusDir, f)]),
  ...[1000, 5000].map((n) => [`generated ${n}`, join(generated, `tools-${n}.json`)]),
  ...["server-everything-capture.json", "capture-record.json", "server-transcript.jsonl"].map((f) => [
    f,
    join(root, "crates", "core", "resources", "fixtures", "formats", f),
  ]),
];

const settings = [
  { name: "mcp", flags: [], page: async () => {} },
  { name: "all", flags: ["--against", "all"], page: async (page) => page.getByTestId("against").selectOption("all") },
  {
    name: "all+strict",
    flags: ["--against", "all", "--strict"],
    page: async (page) => {
      await page.getByTestId("against").selectOption("all");
      await page.getByTestId("strict").check();
    },
  },
  {
    name: "mcp@2025-06-18",
    flags: ["--revision", "2025-06-18"],
    page: async (page) => page.getByTestId("revision").selectOption("2025-06-18"),
  },
];

/** The number of checks the worker completed so far. */
const finals = (page) => page.evaluate(() => performance.getEntriesByName("tc-final").length);

for (const setting of settings) {
  test(`the page's final findings are the CLI's: ${setting.name}`, async ({ page }, info) => {
    test.setTimeout(300_000);
    const app = new CheckerPage(page);
    await app.open();
    await expect(page.getByTestId("pending")).toHaveCount(0);
    await setting.page(page);
    const withOthers = [];
    for (const [name, file] of inputs) {
      if (!existsSync(file)) throw new Error(`${file} is missing: scripts/test.sh generates it`);
      const text = readFileSync(file, "utf8");
      // The box may hold this text already (the sample): nothing to check again.
      if ((await app.input.inputValue()) !== text) {
        const before = await finals(page);
        await app.paste(text);
        await expect.poll(() => finals(page), { timeout: 120_000 }).toBeGreaterThan(before);
      }
      await expect(page.getByTestId("pending")).toHaveCount(0);
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-json").click()]);
      const saved = info.outputPath(`${setting.name}-${name}.json`);
      await download.saveAs(saved);
      const fromPage = JSON.parse(readFileSync(saved, "utf8"));
      expect(fromPage.partial, name).toBeUndefined();

      const run = spawnSync(cli(), ["check", file, "--format", "json", "--fail-on", "never", ...notOnThePage, ...setting.flags], {
        encoding: "utf8",
        maxBuffer: 1 << 30,
      });
      expect(run.status, `${name}: ${run.stderr}`).toBe(0);
      const fromCli = JSON.parse(run.stdout);
      expect(fromPage.summary, name).toEqual(fromCli.summary);
      expect(fromPage.findings.length, name).toBe(fromCli.findings.length);
      expect(fromPage.findings, name).toEqual(fromCli.findings);

      // The summary line: what was pasted, the server's other text and the
      // tools' tokens, as the CLI prints them.
      expect(fromPage.detected, name).toBe(fromCli.detected);
      expect(fromPage.others, name).toEqual(fromCli.others);
      expect(fromPage.tool_tokens, name).toEqual(fromCli.tool_tokens);
      const printed = spawnSync(cli(), ["check", file, "--format", "text", "--fail-on", "never", ...notOnThePage, ...setting.flags], {
        encoding: "utf8",
        maxBuffer: 1 << 30,
      }).stdout.split("\n");
      expect(printed, name).toContain(fromCli.detected);
      await expect(page.getByTestId("detected"), name).toHaveText(fromCli.detected);
      const cost = printed.find((line) => line.startsWith("Tool definitions: "));
      expect(cost, name).toBeDefined();
      await expect(page.getByTestId("tokens"), name).toHaveText(cost);
      if (fromCli.others) withOthers.push(name);
    }
    // The transcript with instructions, prompts and resources was among them.
    expect(withOthers).toContain("server-transcript.jsonl");
  });
}
