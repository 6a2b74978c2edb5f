// Browser measurements (printed, not asserted on time): navigation to the
// sample's findings on screen, keystrokes to updated findings on a 1,000-tool
// list and on a real capture, and pastes with Ctrl+V of that capture (paired
// with a bare textarea) and of 5,000 tools. They come from performance marks
// the app sets, and from the browser's long tasks.
import { test, expect } from "@playwright/test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CheckerPage, corpusDir } from "./checker-page.mjs";

const generated = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "target", "generated");

function list(n) {
  const file = join(generated, `tools-${n}.json`);
  if (!existsSync(file)) throw new Error(`${file} is missing: scripts/test.sh generates it`);
  return readFileSync(file, "utf8");
}

async function longTasks(page) {
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((l) => window.__longTasks.push(...l.getEntries().map((e) => e.duration))).observe({
      type: "longtask",
      buffered: false,
    });
  });
}

// Where the time of the last check after `after` went, from the app's marks:
// parsing, the longest slice of rules, building the report, and rendering.
async function breakdown(page, after) {
  const b = await page.evaluate((after) => {
    const at = (name) => performance.getEntriesByName(name).filter((m) => m.startTime > after).map((m) => m.startTime);
    const starts = at("tc-slice-start");
    const ends = at("tc-slice-end");
    const slices = starts.map((s, i) => (ends[i] ?? s) - s);
    const check = at("tc-check-start").at(-1);
    return {
      parse: at("tc-parsed").at(-1) - check,
      slices: slices.length,
      longestSlice: Math.max(0, ...slices),
      finish: at("tc-check-end").at(-1) - at("tc-finish-start").at(-1),
      render: at("tc-findings-rendered").at(-1) - at("tc-check-end").at(-1),
    };
  }, after);
  return (
    `parse ${b.parse.toFixed(0)} ms, rules in ${b.slices} slices (longest ${b.longestSlice.toFixed(0)} ms), ` +
    `report ${b.finish.toFixed(0)} ms, to rendered ${b.render.toFixed(0)} ms`
  );
}

async function nextRender(page, after) {
  return page.waitForFunction(
    (after) => {
      const marks = performance.getEntriesByName("tc-findings-rendered").filter((m) => m.startTime > after);
      return marks.length ? marks[0].startTime : null;
    },
    after,
    { timeout: 120_000 },
  );
}

/**
 * Ten keystrokes, one at a time, at byte `at` of the box's text (after its
 * end when `null`: a space there, else a letter): the median times from the
 * keystroke to the page's findings and to the worker's, after the 150 ms
 * debounce, printed as `label`.
 */
async function keystrokes(page, app, at, label) {
  const shown = [];
  const worker = [];
  for (let i = 0; i < 10; i++) {
    await expect(page.getByTestId("pending")).toHaveCount(0);
    await app.input.evaluate((el, at) => {
      el.focus();
      const p = at ?? el.value.length;
      el.setSelectionRange(p, p);
    }, at);
    const t = await page.evaluate(() => performance.now());
    await page.keyboard.type(at === null ? " " : "x");
    const rendered = await (await nextRender(page, t)).jsonValue();
    const final = await (
      await page.waitForFunction((t) => performance.getEntriesByName("tc-final").find((m) => m.startTime > t)?.startTime ?? null, t, {
        timeout: 60_000,
      })
    ).jsonValue();
    shown.push(rendered - t - 150);
    worker.push(final - t - 150);
  }
  console.log(
    `[perf] keystroke ${label}, after the debounce, medians of 10: ` +
      `findings ${median(shown).toFixed(0)} ms, the worker's findings ${median(worker).toFixed(0)} ms`,
  );
}

/** Where users type: inside a description in the middle of `text`. */
const midText = (text) => text.indexOf('"description": "', text.length / 2) + '"description": "'.length + 3;

test("navigation to findings, and keystroke to findings on 1,000 tools", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  await expect(app.count("error")).toHaveText(/3 errors$/);
  const firstRender = await page.evaluate(() => performance.getEntriesByName("tc-findings-rendered")[0]?.startTime);
  console.log(`[perf] navigation -> sample findings on screen: ${firstRender.toFixed(0)} ms`);

  const text = list(1000);
  const before = await page.evaluate(() => performance.now());
  await app.paste(text);
  await nextRender(page, before);
  await expect(page.getByTestId("detected")).toContainText("1000 tools");
  const checks = await page.evaluate(() => {
    const s = performance.getEntriesByName("tc-check-start").at(-1).startTime;
    const e = performance.getEntriesByName("tc-check-end").at(-1).startTime;
    return e - s;
  });
  console.log(`[perf] 1,000 tools (${(text.length / 1024).toFixed(0)} KB): check ${checks.toFixed(0)} ms`);

  await longTasks(page);
  await app.input.focus();
  await page.keyboard.press("Control+End");
  const t0 = await page.evaluate(() => performance.now());
  await page.keyboard.type(" ");
  const rendered = await (await nextRender(page, t0)).jsonValue();
  const tasks = await page.evaluate(() => window.__longTasks);
  console.log(
    `[perf] keystroke -> updated findings (1,000 tools): ${(rendered - t0).toFixed(0)} ms (includes the 150 ms debounce); ` +
      `longest task ${Math.max(0, ...tasks).toFixed(0)} ms`,
  );
  console.log(`[perf]   that check: ${await breakdown(page, t0)}`);

  // As users edit: ten letters typed, one at a time, inside a description
  // in the middle of the text, and ten spaces after the last brace; for each
  // place the median time from the keystroke to the page's findings and to
  // the worker's, after the 150 ms debounce.
  await keystrokes(page, app, midText(text), "inside a description mid-text (1,000 tools)");
  await keystrokes(page, app, null, "after the last brace (1,000 tools)");
});

/**
 * Navigation to the sample's findings on screen, and to the worker's findings
 * (its answer in), in a fresh context (no cache), on `conditions`' network.
 */
async function firstFindings(browser, conditions, phone = false) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    ...(phone ? { viewport: { width: 390, height: 844 } } : {}),
  });
  const page = await context.newPage();
  if (conditions) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...conditions });
    if (phone) await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  }
  await new CheckerPage(page).open();
  await expect(page.getByTestId("count-error")).toHaveText(/3 errors$/);
  await page.waitForFunction(() => performance.getEntriesByName("tc-final").length > 0, null, { timeout: 60_000 });
  const times = await page.evaluate(() => ({
    page: performance.getEntriesByName("tc-findings-rendered")[0]?.startTime,
    worker: performance.getEntriesByName("tc-final")[0]?.startTime,
  }));
  await context.close();
  return times;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

test("first findings, the page's and the worker's: the median of 10 loads, locally, on a 10 Mbit/s, 40 ms connection, and on a phone-like one", async ({ browser }) => {
  test.setTimeout(240_000);
  const throttled = { latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 10e6 / 8 };
  for (const [label, conditions, phone] of [
    ["local", null, false],
    ["10 Mbit/s, 40 ms", throttled, false],
    ["phone-like (CPU 4x slower, 10 Mbit/s, 40 ms, 390 px)", throttled, true],
  ]) {
    const loads = [];
    for (let i = 0; i < 10; i++) loads.push(await firstFindings(browser, conditions, phone));
    const spread = (times) =>
      `median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`;
    console.log(
      `[perf] navigation -> sample findings, ${label}: ${spread(loads.map((l) => l.page))}; ` +
        `the worker's findings: ${spread(loads.map((l) => l.worker))}`,
    );
  }
});

test("a 5 MB paste is checked without freezing the page, and the text is kept", async ({ page }) => {
  test.setTimeout(120_000);
  const app = new CheckerPage(page);
  await app.open();
  await expect(page.getByTestId("pending")).toHaveCount(0);
  const text = list(5000);
  // Pasted with Ctrl+V, as users paste: the text goes to the clipboard
  // before the long tasks are watched (handing 6 MB to the page is the test's
  // work, not the page's).
  await app.readyPaste(text);
  await longTasks(page);
  // How long each keystroke waits to be painted (Event Timing: from the key
  // to the next paint after its handlers).
  await page.evaluate(() => {
    window.__keys = [];
    new PerformanceObserver((l) => window.__keys.push(...l.getEntries().filter((e) => e.name === "keydown").map((e) => e.duration))).observe({
      type: "event",
      durationThreshold: 16,
      buffered: false,
    });
  });
  const t0 = await page.evaluate(() => performance.now());
  await page.keyboard.press("Control+V");
  // A keystroke typed while the list is checked.
  await page.waitForTimeout(50);
  await page.getByTestId("result-input").focus();
  await page.keyboard.type("x");
  const rendered = await (await nextRender(page, t0)).jsonValue();
  await expect(page.getByTestId("detected")).toContainText("5000 tools");
  await expect(page.getByTestId("pending")).toHaveCount(0, { timeout: 60_000 });
  const final = await page.evaluate((t0) => performance.getEntriesByName("tc-final").filter((m) => m.startTime > t0).at(-1)?.startTime, t0);
  await page.waitForTimeout(200);
  const tasks = await page.evaluate(() => window.__longTasks);
  const keys = await page.evaluate(() => window.__keys);
  console.log(
    `[perf] paste of 5,000 tools (${(text.length / 1048576).toFixed(1)} MB): first findings ${(rendered - t0).toFixed(0)} ms, ` +
      `final findings ${(final - t0).toFixed(0)} ms; longest task ${Math.max(0, ...tasks).toFixed(0)} ms ` +
      `(${tasks.filter((d) => d > 100).length} over 100 ms); keystroke to paint ${keys.length ? Math.max(...keys).toFixed(0) : "< 16"} ms`,
  );
  console.log(`[perf]   that check: ${await breakdown(page, t0)}`);
  // The capture is kept, out of the box, and shown in it on request.
  await expect(page.getByTestId("large-input")).toContainText(/A large capture \(\d+\.\d MB, \d+ lines\)/);
  await page.getByTestId("show-large").click();
  expect(await app.input.evaluate((el) => el.value.length)).toBe(text.length);
  // Long groups render lazily: at most 200 rows per group until "Show all".
  const rows = await page.getByTestId("finding").count();
  expect(rows).toBeLessThanOrEqual(600);
});

/**
 * A real capture as users paste it: the corpus servers' tools, those with an
 * output schema first, pretty-printed as `toolcheck capture` and most clients
 * write them, up to 25,000 lines (about 0.9 MB).
 */
function realCapture() {
  const seen = new Set();
  const tools = [];
  for (const file of readdirSync(corpusDir).filter((f) => f.endsWith(".json")).sort()) {
    const doc = JSON.parse(readFileSync(join(corpusDir, file), "utf8"));
    for (const tool of doc.tools ?? doc.result?.tools ?? []) {
      if (!seen.has(tool.name)) {
        seen.add(tool.name);
        tools.push(tool);
      }
    }
  }
  tools.sort((a, b) => Number("outputSchema" in b) - Number("outputSchema" in a));
  const text = (n) => JSON.stringify({ jsonrpc: "2.0", id: 1, result: { tools: tools.slice(0, n) } }, null, 2);
  let n = tools.length;
  while (text(n).split("\n").length > 25_000) n--;
  return { text: text(n), tools: n };
}

test("a real capture pasted with Ctrl+V: the page's longest task against a bare textarea's, and keystrokes in it", async ({ page, context }) => {
  test.setTimeout(300_000);
  const { text, tools } = realCapture();
  const lines = text.split("\n").length;
  const withOutput = (text.match(/"outputSchema"/g) ?? []).length;
  const app = new CheckerPage(page);
  const bare = await context.newPage();
  const bareTasks = [];
  const pageTasks = [];
  const finals = [];
  for (let i = 0; i < 10; i++) {
    // The browser's own cost: the same paste into a bare textarea, in the same run.
    await bare.goto("/");
    await bare.evaluate(() => {
      document.body.innerHTML = '<textarea id="bare" wrap="off" spellcheck="false" style="width: 700px; height: 700px; font: 13px/20px monospace"></textarea>';
    });
    await bare.evaluate((t) => navigator.clipboard.writeText(t), text);
    await bare.locator("#bare").focus();
    await longTasks(bare);
    await bare.keyboard.press("Control+V");
    await bare.waitForFunction((n) => document.getElementById("bare").value.length === n, text.length);
    await bare.waitForTimeout(300);
    bareTasks.push(Math.max(0, ...(await bare.evaluate(() => window.__longTasks))));

    await app.open();
    await expect(page.getByTestId("pending")).toHaveCount(0);
    await app.readyPaste(text);
    await longTasks(page);
    const t0 = await page.evaluate(() => performance.now());
    await page.keyboard.press("Control+V");
    await expect(page.getByTestId("detected")).toHaveText(`JSON-RPC tools/list response · ${tools} tools`);
    await expect(page.getByTestId("pending")).toHaveCount(0, { timeout: 60_000 });
    const final = await page.evaluate((t0) => performance.getEntriesByName("tc-final").filter((m) => m.startTime > t0).at(-1)?.startTime, t0);
    await page.waitForTimeout(200);
    pageTasks.push(Math.max(0, ...(await page.evaluate(() => window.__longTasks))));
    finals.push(final - t0);
  }
  await bare.close();
  expect(await app.input.inputValue()).toBe(text);
  console.log(
    `[perf] a real capture pasted with Ctrl+V (${(text.length / 1024).toFixed(0)} KB, ${lines} lines, ${tools} tools, ${withOutput} output schemas), medians of 10: ` +
      `the page's longest task ${median(pageTasks).toFixed(0)} ms, a bare textarea's ${median(bareTasks).toFixed(0)} ms; ` +
      `final findings ${median(finals).toFixed(0)} ms after the paste`,
  );

  // A letter typed inside a description in the middle of that capture.
  await keystrokes(page, app, midText(text), "inside a description mid-text (that capture)");
});

test("a newer check replaces one still running", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  await app.paste(list(5000));
  // Past the debounce: the large check is under way when the sample replaces it.
  await page.waitForFunction(() => performance.getEntriesByName("tc-check-start").length > 1);
  await app.loadSample();
  await expect(page.getByTestId("detected")).toHaveText("JSON-RPC tools/list response · 3 tools");
  await app.expectCounts(3, 5, 3);
  // The older check never lands on top of the newer one.
  await page.waitForTimeout(3_000);
  await expect(page.getByTestId("detected")).toHaveText("JSON-RPC tools/list response · 3 tools");
  await app.expectCounts(3, 5, 3);
});

test("a long group shows its first 200 rows, then all of them on Show all", async ({ page }) => {
  const app = new CheckerPage(page);
  await app.open();
  await app.paste(list(1000));
  await expect(page.getByTestId("detected")).toContainText("1000 tools");
  const group = page.getByTestId("group-warning");
  // Rows: the same finding in several tools is one row.
  const total = Number(await group.getAttribute("data-rows"));
  expect(total).toBeGreaterThan(200);
  const rows = group.getByTestId("finding");
  await expect(rows).toHaveCount(200);
  const showAll = group.locator("button.show-all");
  await expect(showAll).toHaveText(`Show all ${total}`);
  await showAll.click();
  await expect(rows).toHaveCount(total, { timeout: 60_000 });
  await expect(showAll).toHaveCount(0);
});

