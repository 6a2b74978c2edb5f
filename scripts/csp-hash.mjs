// Run by post-build.mjs (the Trunk post-build hook): puts the SHA-256 hash of every inline <script> of the
// built index.html into its Content-Security-Policy, so the page runs with
// script-src limited to its own files and exactly those inline scripts.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error("csp-hash: TRUNK_STAGING_DIR is not set (run by trunk as a post_build hook)");
  process.exit(1);
}
const file = join(dir, "index.html");
const html = readFileSync(file, "utf8");
const hashes = [];
for (const match of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
  const body = match[1];
  if (body.trim() === "") continue;
  hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
}
if (!html.includes("TRUNK_INLINE_SCRIPT_HASHES")) {
  console.error("csp-hash: index.html has no TRUNK_INLINE_SCRIPT_HASHES marker in its CSP");
  process.exit(1);
}
writeFileSync(file, html.replace("TRUNK_INLINE_SCRIPT_HASHES", hashes.join(" ")));
console.log(`csp-hash: ${hashes.length} inline script hash(es) added to the CSP`);
