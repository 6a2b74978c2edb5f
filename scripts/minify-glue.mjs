// Run by post-build.mjs (a Trunk post-build hook) in release builds: minifies
// the page's JavaScript glue (wasm-bindgen's toolcheck-web.js, which Trunk's
// own minifier leaves as it is) with terser, and puts the new file's hash in
// the integrity attribute that Trunk wrote for it in index.html.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error("minify-glue: TRUNK_STAGING_DIR is not set (run by trunk as a post_build hook)");
  process.exit(1);
}
const here = dirname(fileURLToPath(import.meta.url));
const { minify } = await import(join(here, "..", "tests", "node_modules", "terser", "main.js"));

const name = "toolcheck-web.js";
const file = join(dir, name);
const before = readFileSync(file, "utf8");
const { code } = await minify(before, { module: true, compress: true, mangle: true });
writeFileSync(file, code);

const html = join(dir, "index.html");
const page = readFileSync(html, "utf8");
const integrity = `sha384-${createHash("sha384").update(code, "utf8").digest("base64")}`;
// The tag Trunk wrote for the glue, with or without quotes around its values.
const tag = new RegExp(`(<link[^>]*href="?/${name.replace(".", "\\.")}"?[^>]*integrity=)"?sha384-[A-Za-z0-9+/=]+"?`);
if (!tag.test(page)) {
  console.error(`minify-glue: index.html has no integrity attribute for /${name}`);
  process.exit(1);
}
writeFileSync(html, page.replace(tag, `$1"${integrity}"`));
console.log(`minify-glue: ${name} ${before.length} → ${code.length} bytes`);
