// Page object for the checker page.
import { expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const corpusDir = join(here, "..", "..", "crates", "core", "resources", "corpus");
export const readCorpus = (name) => readFileSync(join(corpusDir, name), "utf8");

export class CheckerPage {
  constructor(page) {
    this.page = page;
    this.input = page.getByTestId("input");
    this.findings = page.getByTestId("finding");
  }

  async open() {
    await this.page.goto("/");
    await expect(this.page.getByTestId("summary").or(this.page.getByTestId("input-error"))).toBeVisible();
  }

  /** Clicks a download button and returns the downloaded file's text. */
  async downloadText(testId) {
    const download = this.page.waitForEvent("download");
    await this.page.getByTestId(testId).click();
    let text = "";
    for await (const chunk of await (await download).createReadStream()) text += chunk;
    return text;
  }

  count(severity) {
    return this.page.getByTestId(`count-${severity}`);
  }

  async expectCounts(errors, warnings, info) {
    await expect(this.count("error")).toHaveText(new RegExp(`${errors} errors?$`));
    await expect(this.count("warning")).toHaveText(new RegExp(`${warnings} warnings?$`));
    await expect(this.count("info")).toHaveText(new RegExp(`${info} info$`));
  }

  async loadSample() {
    await this.page.getByTestId("load-sample").click();
  }

  // Replaces the text the way a paste does: the value changes and one input
  // event fires. (Playwright's fill() types through the editor and takes
  // seconds per 10 KB in headless Chromium, which says nothing about the app.)
  //
  // A text of more than 2 MB goes through a paste event, as a user's paste
  // does: the page keeps such a capture out of the box (laying it out would
  // take the browser seconds), and takes it from the event.
  async paste(text) {
    await this.input.evaluate((el, value) => {
      if (value.length > 2_000_000) {
        el.focus();
        el.select();
        const data = new DataTransfer();
        data.setData("text", value);
        el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
        return;
      }
      el.focus();
      el.value = value;
      el.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertFromPaste" }));
    }, text);
  }

  /** Readies a paste as a user makes one: `text` on the clipboard, and the box focused with its whole text selected (Ctrl+A) unless `keep`; Ctrl+V then pastes. */
  async readyPaste(text, { keep = false } = {}) {
    await this.page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await this.input.focus();
    if (!keep) await this.page.keyboard.press("Control+A");
  }

  /** A paste as a user makes one: {@link readyPaste}, then Ctrl+V. */
  async pasteKeys(text, options) {
    await this.readyPaste(text, options);
    await this.page.keyboard.press("Control+V");
  }

  async setAgainst(value) {
    await this.page.getByTestId("against").selectOption(value);
  }

  findingPaths() {
    return this.page.getByTestId("finding-path").allTextContents();
  }

  // The summary by rule: {rule: [{severity, findings, tools}, …]}.
  async byRule() {
    const rows = await this.page.getByTestId("by-rule-row").evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = [...tr.querySelectorAll("td")].map((td) => td.textContent.trim());
        return { rule: tr.dataset.rule, severity: cells[1].replace(/^\S+\s+/, ""), findings: Number(cells[2]), tools: Number(cells[3]) };
      }),
    );
    const out = {};
    for (const r of rows) (out[r.rule] ??= []).push(r);
    return out;
  }

  // The findings of the rules whose id starts with `prefix`, from the summary by rule.
  async findingsOfRules(prefix) {
    const rows = Object.entries(await this.byRule()).filter(([rule]) => rule.startsWith(prefix));
    return rows.flatMap(([, r]) => r).reduce((n, r) => n + r.findings, 0);
  }
}
