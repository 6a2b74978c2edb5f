// Story 7: across a whole session the page requests nothing but its own static files,
// and its Content-Security-Policy blocks any connection it might try.
import { test, expect } from "@playwright/test";
import { CheckerPage, readCorpus } from "./checker-page.mjs";

test("a full session makes no request beyond the page's static files", async ({ page, baseURL }) => {
  const requests = [];
  page.on("request", (r) => requests.push(r.url()));
  const started = page.waitForEvent("worker");
  const app = new CheckerPage(page);
  await app.open();
  // The worker runs from a blob: URL, fetched nothing itself, and answers.
  const worker = await started;
  expect(worker.url()).toMatch(/^blob:/);
  await expect(page.getByTestId("pending")).toHaveCount(0);
  const atLock = requests.length;
  await app.loadSample();
  await app.setAgainst("all");
  await page.getByTestId("strict").check();
  await page.getByTestId("rule-id").first().click();
  await expect(page.getByTestId("rule-docs")).toBeVisible();
  // The docs load from the page's own rule-docs.js.
  await expect(page.getByTestId("rule-docs")).toContainText("What it does");
  await page.getByTestId("close-docs").click();
  await page.getByTestId("copy-report").click();
  await Promise.all([page.waitForEvent("download"), page.getByTestId("download-report").click()]);
  await app.paste(readCorpus("server-memory.tools-list.json"));
  await expect(page.getByTestId("detected")).toContainText("9 tools");
  // The worker's parts of the session: the meta-schema check and the result check.
  await expect(page.getByTestId("pending")).toHaveCount(0);
  await page.getByTestId("result-load-sample").click();
  await expect(page.getByTestId("result-count-error")).toHaveText(/2 errors/);

  // Once the page accepts text, nothing is fetched but the rules' docs, a
  // script of the page's own.
  for (const url of requests.slice(atLock)) {
    expect(new URL(url).pathname, url).toBe("/rule-docs.js");
  }
  const origin = new URL(baseURL).origin;
  const staticFile = /^\/(index\.html)?$|\.(js|wasm|css|svg)$/;
  for (const url of requests) {
    const u = new URL(url);
    if (u.protocol === "blob:" || u.protocol === "data:") continue;
    expect(u.origin, url).toBe(origin);
    expect(u.pathname, url).toMatch(staticFile);
  }

  // The policy itself forbids connections once the app runs.
  const blocked = await page.evaluate(async () => {
    try {
      await fetch("/index.html");
      return false;
    } catch {
      return true;
    }
  });
  expect(blocked).toBe(true);
  const csp = await page.evaluate(() =>
    [...document.querySelectorAll('meta[http-equiv="Content-Security-Policy"]')].map((m) => m.content),
  );
  expect(csp.some((c) => c.includes("connect-src 'none'"))).toBe(true);
  expect(csp[0]).toContain("default-src 'none'");

  // The worker is bound by the same policy: a fetch inside it fails too.
  const workerBlocked = await worker.evaluate(async () => {
    try {
      await fetch("/index.html");
      return false;
    } catch {
      return true;
    }
  });
  expect(workerBlocked).toBe(true);
});
