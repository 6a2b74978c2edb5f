// A minimal static file server for the built app (dist/), used by the browser
// tests so they run against the release build without rebuilding it. Like any
// static host, it sends gzip to a browser that accepts it, so what a load
// costs on a slow connection is measured on the bytes a user fetches.
import { createServer } from "node:http";
import { gzipSync } from "node:zlib";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";

const root = resolve(process.argv[2] ?? "../dist");
const port = Number(process.argv[3] ?? 4173);
const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
  // As static hosts serve the guides (GitHub Pages, Netlify, nginx).
  ".md": "text/markdown; charset=utf-8",
};

/** Each file's gzipped bytes, by path and modification time. */
const gzipped = new Map();

createServer(async (req, res) => {
  const url = new URL(req.url, "http://127.0.0.1");
  let path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, "");
  if (path.endsWith("/")) path += "index.html";
  const file = join(root, path);
  if (!file.startsWith(root)) {
    res.writeHead(403).end();
    return;
  }
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error("not a file");
    let body = await readFile(file);
    const headers = { "content-type": types[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" };
    if (/\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
      const key = `${file} ${info.mtimeMs}`;
      if (!gzipped.has(key)) gzipped.set(key, gzipSync(body, { level: 9 }));
      body = gzipped.get(key);
      headers["content-encoding"] = "gzip";
      headers.vary = "accept-encoding";
    }
    res.writeHead(200, headers);
    res.end(body);
  } catch {
    res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  }
}).listen(port, "127.0.0.1", () => console.log(`serving ${root} on http://127.0.0.1:${port}`));
