// Where the wasm bundle's bytes go, as plain tables:
//   node scripts/bundle-breakdown.mjs DIST_WASM [UNOPTIMISED_WASM TWIGGY_CSV]
// 1. the sections of the shipped wasm (raw and gzipped);
// 2. the 15 largest contributors to the code by crate, from the name section
//    of the wasm before wasm-opt (`twiggy top --format csv`), since the shipped
//    wasm carries no names;
// 3. the data section's largest parts: the text in it (meta-schemas, rule
//    docs, the sample) and the binary rest.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const kb = (n) => `${Math.round(n / 1024)}`.padStart(6) + " KB";
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;

function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

const SECTIONS = ["custom", "type", "import", "function", "table", "memory", "global", "export", "start",
  "element", "code", "data", "datacount"];

/** The sections of a wasm module: name and bytes. */
function sections(bytes) {
  const out = [];
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at++];
    let size;
    [size, at] = leb(bytes, at);
    const body = bytes.subarray(at, at + size);
    let name = SECTIONS[id] ?? `section ${id}`;
    if (id === 0) {
      const [len, from] = leb(body, 0);
      name = `custom: ${body.subarray(from, from + len).toString()}`;
    }
    out.push({ name, body });
    at += size;
  }
  return out;
}

/** The bytes of every data segment, concatenated. */
function dataBytes(body) {
  const parts = [];
  let [count, at] = leb(body, 0);
  for (let i = 0; i < count; i++) {
    let flags;
    [flags, at] = leb(body, at);
    if (flags === 2) [, at] = leb(body, at);
    if (flags !== 1) {
      // An init expression: skip to its `end` (0x0b).
      while (body[at] !== 0x0b) at++;
      at++;
    }
    let size;
    [size, at] = leb(body, at);
    parts.push(body.subarray(at, at + size));
    at += size;
  }
  return Buffer.concat(parts);
}

/** Runs of printable text of at least 200 bytes, by kind. */
function dataParts(data) {
  const kinds = new Map();
  const add = (kind, bytes) => {
    const k = kinds.get(kind) ?? { raw: 0, chunks: [] };
    k.raw += bytes.length;
    k.chunks.push(bytes);
    kinds.set(kind, k);
  };
  let start = -1;
  const texts = [];
  for (let i = 0; i <= data.length; i++) {
    const c = data[i];
    const printable = i < data.length && (c === 9 || c === 10 || c === 13 || (c >= 32 && c < 127) || c >= 0xc2);
    if (printable && start < 0) start = i;
    if (!printable && start >= 0) {
      if (i - start >= 200) texts.push([start, i]);
      start = -1;
    }
  }
  let last = 0;
  const binary = [];
  for (const [a, b] of texts) {
    binary.push(data.subarray(last, a));
    last = b;
    const text = data.subarray(a, b).toString();
    if (text.includes("## What it does") || text.includes("## Why is this bad?")) add("text: rule docs", data.subarray(a, b));
    else if (text.includes("json-schema.org") && text.includes('"$schema"')) add("text: JSON Schema meta-schemas", data.subarray(a, b));
    else if (text.includes('"inputSchema"')) add("text: the sample and examples", data.subarray(a, b));
    else add("text: other (messages, CSS class names, …)", data.subarray(a, b));
  }
  binary.push(data.subarray(last));
  add("binary (Unicode tables, numbers, pointers)", Buffer.concat(binary));
  return [...kinds.entries()]
    .map(([kind, k]) => ({ kind, raw: k.raw, gz: gz(Buffer.concat(k.chunks)) }))
    .sort((a, b) => b.raw - a.raw);
}

/** A function's crate: the first path segment of its demangled name. */
function crateOf(name) {
  const m = name.replace(/^[<&*(\s]+|^(dyn|impl|mut|const)\s+/g, "").match(/^([A-Za-z_][A-Za-z0-9_]*)::/);
  if (!m) return null;
  return ["core", "alloc", "std"].includes(m[1]) ? "core/alloc/std (generic code)" : m[1];
}

function parseCsv(text) {
  const rows = [];
  for (const line of text.split("\n").slice(1)) {
    if (!line) continue;
    // Name,ShallowSize,…: the name may be quoted and hold commas.
    const m = line.match(/^("(?:[^"]|"")*"|[^,]*),(\d+),/);
    if (m) rows.push([m[1].replace(/^"|"$/g, "").replace(/""/g, '"'), Number(m[2])]);
  }
  return rows;
}

const [distPath, rawPath, csvPath] = process.argv.slice(2);
const dist = readFileSync(distPath);
console.log("Sections of the shipped wasm:");
console.log(`  ${"section".padEnd(34)} ${"raw".padStart(9)} ${"gzipped".padStart(9)}`);
let data;
for (const s of sections(dist)) {
  if (s.name === "data") data = dataBytes(s.body);
  if (s.body.length < 1024) continue;
  console.log(`  ${s.name.padEnd(34)} ${kb(s.body.length)} ${kb(gz(s.body))}`);
}

if (rawPath && csvPath) {
  const byCrate = new Map();
  let total = 0;
  for (const [name, size] of parseCsv(readFileSync(csvPath, "utf8"))) {
    const crate = crateOf(name);
    if (!crate) continue;
    byCrate.set(crate, (byCrate.get(crate) ?? 0) + size);
    total += size;
  }
  const top = [...byCrate.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
  console.log(`\nCode by crate, before wasm-opt (${Math.round(total / 1024)} KB of named functions in ${rawPath.split("/").pop()}):`);
  for (const [crate, size] of top) console.log(`  ${crate.padEnd(34)} ${kb(size)}`);
}

if (data) {
  console.log("\nData section by part:");
  console.log(`  ${"part".padEnd(44)} ${"raw".padStart(9)} ${"gzipped".padStart(9)}`);
  for (const p of dataParts(data)) console.log(`  ${p.kind.padEnd(44)} ${kb(p.raw)} ${kb(p.gz)}`);
}
