// Writes the messages of JavaScript's validators, as servers pass them on,
// for the probe's judge (crates/core/resources/validator-messages/):
// zod.json (Zod, which the MCP TypeScript SDK validates arguments with) and
// ajv.json (Ajv). Each entry is the argument at fault, the validator's real
// message for a call that breaks it, how the message was taken (`layout`),
// and whether it names the argument (`names`).
//
//   node scripts/validator-messages.mjs
//
// with the versions in tests/node_modules (npm ci in tests/). The Python
// half is scripts/validator-messages.py.
import { createRequire } from "node:module";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(root, "tests", "package.json"));
const { z } = require("zod");
const Ajv = require("ajv");
const out = join(root, "crates", "core", "resources", "validator-messages");
const version = (name) => require(`${name}/package.json`).version;

const calls = [
  ["id", {}],
  ["id", { id: 3, q: "x" }],
  ["q", { id: "x" }],
  ["filter.since", { id: "x", q: "x", filter: { since: 3 } }],
];

function zodCases() {
  const schema = z.object({ id: z.string(), q: z.string(), filter: z.object({ since: z.string() }).optional() });
  const cases = [];
  for (const [argument, args] of calls) {
    const error = schema.safeParse(args).error;
    // The SDK's layout: every issue, as JSON.
    cases.push({ argument, layout: "error.message", message: error.message, names: true });
    cases.push({ argument, layout: "z.prettifyError(error)", message: z.prettifyError(error), names: true });
  }
  return { validator: `zod ${version("zod")}`, cases };
}

function ajvCases() {
  const ajv = new Ajv({ allErrors: false });
  const validate = ajv.compile({
    type: "object",
    properties: {
      id: { type: "string" },
      q: { type: "string" },
      filter: { type: "object", properties: { since: { type: "string" } } },
    },
    required: ["id", "q"],
  });
  const cases = [];
  for (const [argument, args] of calls) {
    validate(args);
    const [error] = validate.errors;
    cases.push({ argument, layout: "ajv.errorsText(errors)", message: ajv.errorsText(validate.errors), names: true });
    // The message alone names a missing property, not a wrong value's.
    cases.push({ argument, layout: "error.message", message: error.message, names: error.keyword === "required" });
    cases.push({
      argument,
      layout: "error.instancePath + error.message",
      message: `${error.instancePath} ${error.message}`.trim(),
      names: true,
    });
  }
  return { validator: `ajv ${version("ajv")}`, cases };
}

mkdirSync(out, { recursive: true });
for (const [name, cases] of [["zod", zodCases()], ["ajv", ajvCases()]]) {
  writeFileSync(join(out, `${name}.json`), JSON.stringify(cases, null, 2) + "\n");
}
