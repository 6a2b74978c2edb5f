/**
 * Toolcheck for Node: check an MCP server's tool definitions before any
 * model sees them.
 *
 * The engine is the native `toolcheck` command's code compiled to
 * WebAssembly: {@link check} returns the object `toolcheck check FILE
 * --format json` prints, byte for byte once serialised the CLI's way.
 * Nothing reads a file or opens a connection: pass the text.
 *
 * Errors: every function throws a {@link ToolcheckError} when its input
 * cannot be checked (invalid JSON, with `line` and `column`; a capture that
 * is not a tool list; an unknown rule; an invalid `toolcheck.toml`), and a
 * `TypeError` for a wrong argument or an unknown option.
 */

// ---------------------------------------------------------------------------
// Values

/** How bad a finding is. */
export type Severity = 'error' | 'warning' | 'info';

/** An MCP specification revision. */
export type Revision = '2026-07-28' | '2025-11-25' | '2025-06-18';

/** A rule set a check applies; MCP's always applies. */
export type Provider = 'mcp' | 'openai' | 'claude' | 'gemini';

/**
 * What to check against: a provider, `all` (OpenAI and Claude), or a list
 * of them (an array, or comma-separated: `"all,gemini"`).
 */
export type Against = Provider | 'all' | (Provider | 'all')[] | (string & {});

/** The Gemini field MCP tools are sent in (see docs/providers-and-clients.md, "Providers"). */
export type GeminiField = 'parameters' | 'json-schema';

/** The output formats of `toolcheck check`. */
export type CheckFormat = 'text' | 'concise' | 'markdown' | 'json' | 'sarif' | 'github';

/** What kind of capture was given. */
export type InputFormat =
  | 'json-rpc-response'
  | 'list-result'
  | 'tool-array'
  | 'single-tool'
  | 'open-ai-chat-tools'
  | 'open-ai-chat-request'
  | 'open-ai-responses-tools'
  | 'open-ai-responses-request'
  | 'open-ai-functions'
  | 'open-ai-functions-request'
  | 'anthropic-tools'
  | 'anthropic-request'
  | 'gemini-request'
  | 'gemini-function-declarations'
  | 'transcript'
  | 'discover-result'
  | 'initialize-result'
  | 'prompt-list'
  | 'resource-list'
  | 'resource-template-list';

/** A capture: text, or its UTF-8 bytes (a Buffer from `fs.readFileSync`). */
export type Capture = string | Uint8Array;

// ---------------------------------------------------------------------------
// Options

/**
 * The settings of a check: the CLI's flags of the same names, in camelCase
 * (`toolBudget` for `--tool-budget`). `lib/settings.d.ts` is made from the
 * CLI's own definitions when the package is built, so every setting flag is
 * here.
 */
export type { Settings } from './lib/settings';
import type { Settings } from './lib/settings';

/** Where the settings and the policy come from, and what the capture is called. */
export interface Source {
  /**
   * The text of a `toolcheck.toml`: its settings apply under the options'
   * (as the CLI's flags override it), and its policy (severity overrides,
   * suppressions, thresholds) is applied and reported as `policy`.
   */
  config?: string;
  /** The config's file name, for its messages [default: `toolcheck.toml`]. */
  configFile?: string;
  /** The capture's path: messages name it, and SARIF and annotations point into it. */
  file?: string;
}

/** The options of {@link check}. */
export interface CheckOptions extends Settings, Source {
  /** `--matrix`: add which clients take each tool, as `compatibility`. */
  matrix?: boolean;
}

/** The options of {@link format}. */
export interface FormatOptions extends CheckOptions {
  /** `--format` [default: `text`]. */
  format?: CheckFormat;
}

/** The options of {@link checkServers}. */
export interface ServersOptions extends Settings {
  /** The text of a `toolcheck.toml` (see {@link Source.config}). */
  config?: string;
  /** The config's file name, for its messages. */
  configFile?: string;
}

/** The options of {@link fix}. */
export interface FixOptions extends Settings, Source {
  /** `--unsafe-fixes`: apply the fixes that change a tool's contract or guess, too. */
  unsafeFixes?: boolean;
}

// ---------------------------------------------------------------------------
// The report: `toolcheck check --format json`

/** Finding counts by severity. */
export interface Counts {
  errors: number;
  warnings: number;
  info: number;
}

/** One problem, at one place in the capture. */
export interface Finding {
  /** The rule's id: `toolcheck explain RULE` (or {@link explain}) gives its docs. */
  rule: string;
  severity: Severity;
  /** The tool it is in, or `null` for a finding about the whole list. */
  tool: string | null;
  /** Where: `result.tools[1].inputSchema.properties.orderId["x-mcp-header"]`. */
  path: string;
  /** The same place as an RFC 6901 JSON Pointer: `/result/tools/1/inputSchema/…`. */
  pointer: string;
  /** What is wrong, in one line. */
  message: string;
  /** What goes wrong at call time because of it. */
  explanation: string;
  /** How to fix it. */
  help: string;
  /** @deprecated The same as `help`, under its earlier name; dropped in 0.2. */
  fix: string;
}

/** One tool's cost to a model on every request. */
export interface ToolTokens {
  /** Its name, or `null` when it has no string name. */
  tool: string | null;
  /** Where its definition is, as a JSON Pointer. */
  pointer: string;
  /** Its definition's size in tokens (bytes / 4). */
  tokens: number;
}

/** The settings that were applied (a provider's format adds its provider). */
export interface AppliedSettings {
  targets: Provider[];
  strict: boolean;
  revision: Revision;
}

/** How the capture compares with public servers on one corpus check. */
export interface Comparison {
  metric: 'undescribed-parameters' | 'zero-unique-tools' | 'prose-enums' | 'size';
  /** The check, for people. */
  label: string;
  /** This capture's figure, in `unit`. */
  value: number;
  /** The public figure, in `unit`. */
  baseline: number;
  unit: '%' | 'parameters' | 'tokens';
  /** `value` for people: `14.3% (1 of 7)`. */
  value_text: string;
  /** `baseline` for people. */
  baseline_text: string;
  /** Which public servers the baseline comes from. */
  band: string;
  verdict: 'better' | 'same' | 'worse';
}

/** The corpus checks, set beside the figures published for public servers. */
export interface Metrics {
  /** Parameters, at every depth. */
  parameters: number;
  /** Of those, the ones with no description (as the public figure counts them). */
  undescribed_parameters: number;
  /** Of the undescribed, those with an `enum` or `const` (left to `enum-without-description`). */
  undescribed_choices: number;
  tools: number;
  /** Tools whose description has no word no other tool's uses. */
  zero_unique_tools: number;
  /** Parameters that list their values in prose with no `enum`. */
  prose_enum_parameters: number;
  /** The capture's size in bytes. */
  bytes: number;
  /** `bytes / 4`. */
  tokens: number;
  comparisons: Comparison[];
}

/** A finding a suppression silenced, as it would have been reported. */
export interface SuppressedFinding {
  rule: string;
  severity: Severity;
  tool: string | null;
  path: string;
  message: string;
  explanation: string;
  help: string;
}

/** A `[[suppress]]` entry of the config. */
export interface Suppression {
  tool: string;
  /** Every rule when absent. */
  rule?: string;
  /** A path relative to the tool. */
  path?: string;
  reason: string;
  /** Where it is: `toolcheck.toml:12`. */
  origin?: string;
}

/** A threshold of the config that was exceeded: the run fails. */
export interface Breach {
  threshold: 'max-undescribed' | 'max-errors' | 'max-warnings';
  /** The limit as configured: `5%`, `0`. */
  limit: string;
  /** The measured value, in the same unit. */
  actual: string;
  message: string;
}

/** What a config's policy did; only when it has overrides, suppressions or thresholds. */
export interface Policy {
  /** Findings whose severity an override changed. */
  overridden: number;
  /** Findings removed by a suppression (not in `findings` or `summary`). */
  suppressed: { finding: SuppressedFinding; reason: string }[];
  /** Suppressions that matched nothing: stale. */
  unused: Suppression[];
  breaches: Breach[];
}

/** A client target of the compatibility table. */
export type CompatibilityTarget = 'mcp' | 'openai-chat' | 'openai-strict' | 'claude' | 'claude-strict' | 'gemini';

/** Whether a target takes a tool, and the rules behind the verdict. */
export interface CompatibilityCell {
  verdict: 'works' | 'works-with-warnings' | 'rejected';
  rules: string[];
}

/** One tool's row: its name, and a cell per target. */
export type CompatibilityRow = { tool: string | null } & { [target in CompatibilityTarget]?: CompatibilityCell };

/** Which clients take each tool (`matrix: true`). */
export interface Compatibility {
  targets: CompatibilityTarget[];
  tools: CompatibilityRow[];
}

/** The report: what `toolcheck check FILE --format json` prints. */
export interface Report {
  summary: Counts;
  format: InputFormat;
  /** What was detected: `JSON-RPC tools/list response · 3 tools`. */
  detected: string;
  /** How many tools. */
  tools: number;
  tool_tokens: ToolTokens[];
  /**
   * What the server gives the model besides its tools (its instructions,
   * prompts, resources and resource templates), counted; only when the
   * capture has any of it.
   */
  others?: { instructions: boolean; prompts: number; resources: number; resource_templates: number };
  settings: AppliedSettings;
  /** Errors, then warnings, then info; by the tool's position, then by path. */
  findings: Finding[];
  metrics: Metrics;
  /** Only when a config with a policy was given. */
  policy?: Policy;
  /** Only with `matrix: true`. */
  compatibility?: Compatibility;
}

// ---------------------------------------------------------------------------
// Several servers: `toolcheck check a.json b.json --format json`

/** One server's check, or why it could not be checked. */
export type ServerReport =
  | { name: string; tokens: number; report: Report }
  | { name: string; tokens: 0; error: { message: string; line: number | null; column: number | null } };

/** A finding about the combination of servers. */
export interface AcrossFinding extends Finding {
  /** The server it is in, or `null`. */
  server: string | null;
  /** The other place it names, when it names one. */
  elsewhere?: { server: string; path: string; pointer: string };
}

/** What {@link checkServers} returns. */
export interface ServersReport {
  summary: Counts;
  servers: ServerReport[];
  across: AcrossFinding[];
  tokens: {
    total: number;
    budget: number | null;
    tool_budget: number | null;
    by_server: { server: string; tokens: number; share: string }[];
  };
}

// ---------------------------------------------------------------------------
// A tools/call result: `toolcheck result --format json`

/** A finding about a result (it belongs to no tool list, so it has no `tool`). */
export type ResultFinding = Omit<Finding, 'tool'>;

/** What {@link checkResult} returns. */
export interface ResultReport {
  /** The tool the result was checked against. */
  tool: string;
  /** Where the tool is in the capture. */
  tool_path: string;
  has_output_schema: boolean;
  /** What kind of paste the result came from. */
  source: 'json-rpc-response' | 'call-tool-result' | 'transcript';
  detected: string;
  /** Where the CallToolResult is in the paste. */
  located_at: string;
  revision: Revision;
  /** Whether the result is an error result (`isError: true`). */
  is_error: boolean;
  summary: Counts;
  findings: ResultFinding[];
  /** For a tool with no outputSchema: one inferred from the result. */
  inferred_schema: Record<string, unknown> | null;
  inferred_from: string | null;
  inferred_note: string | null;
}

// ---------------------------------------------------------------------------
// Fixes

/** A fix that was applied. */
export interface AppliedFix {
  rule: string;
  tool: string | null;
  path: string;
  pointer: string;
  /** What it did. */
  title: string;
  applicability: 'safe' | 'unsafe';
}

/** A fix that was left out, and why. */
export interface SkippedFix {
  rule: string;
  tool: string | null;
  path: string;
  pointer: string;
  title: string;
  reason: string;
}

/** What {@link fix} returns. */
export interface FixResult {
  /** The fixed text: the input with only the wrong bytes changed. */
  text: string;
  /** Whether any fix changed it. */
  changed: boolean;
  applied: AppliedFix[];
  skipped: SkippedFix[];
  /** The check of the fixed text (the fixes' settings applied). */
  remaining: Report;
  /** The definitions' cost in tokens (bytes / 4) before the fixes, and after. */
  tokens_before: number;
  tokens_after: number;
  /** The summary `toolcheck fix` prints on standard error. */
  summary: string;
}

// ---------------------------------------------------------------------------
// Diff: `toolcheck diff OLD NEW --format json`

/** How a change affects callers and consumers. */
export type ChangeClass = 'breaking' | 'review' | 'compatible';

/** A hostile-text finding that a changed description brings. */
export interface Concern {
  rule: string;
  severity: Severity;
  message: string;
}

/** One change between the captures. */
export interface Change {
  /** The kind's stable id: `tool-removed`, `required-added`, `type-changed`, … */
  kind: string;
  class: ChangeClass;
  tool: string;
  /** Which capture `path` points into: the old one for what was removed. */
  side: 'old' | 'new';
  path: string;
  pointer: string;
  message: string;
  /** For a changed description: the texts, and what the hostile-text rules find in the new one. */
  old_text?: string | null;
  new_text?: string | null;
  concerns?: Concern[];
}

/** What {@link diff} returns. */
export interface DiffReport {
  summary: { breaking: number; review: number; compatible: number };
  old: { format: InputFormat; tools: number };
  new: { format: InputFormat; tools: number };
  changes: Change[];
}

// ---------------------------------------------------------------------------
// Rules

/** One rule, as `toolcheck rules` lists it. */
export interface RuleInfo {
  id: string;
  /** Its default severity. */
  severity: Severity;
  /** Its group (`result`: the rules of {@link checkResult}). */
  group:
    | 'shape'
    | 'schema'
    | 'header'
    | 'clarity'
    | 'annotations'
    | 'revision'
    | 'openai'
    | 'claude'
    | 'gemini'
    | 'security'
    | 'result'
    | 'budget'
    | 'servers'
    | 'clients'
    | 'probe';
  /** Whether its findings come with a fix, and how far it can be trusted. */
  fixability: 'safe' | 'unsafe' | 'none';
  /** One line. */
  summary: string;
  /** The OWASP MCP Top 10 (2025) entries a security rule addresses. */
  owasp: { id: string; title: string; url: string }[];
}

// ---------------------------------------------------------------------------
// Errors

/** What every function throws when its input cannot be checked. */
export interface ToolcheckError extends Error {
  name: 'ToolcheckError';
  /** The 1-based line of invalid JSON. */
  line?: number;
  /** The 1-based column of invalid JSON. */
  column?: number;
  /** The option whose value is wrong: `revision`, `against`, `geminiField`, … */
  option?: string;
}

// ---------------------------------------------------------------------------
// Functions

/**
 * Checks tool definitions: a `tools/list` response, its result (what an SDK
 * client's `listTools()` returns), an array of tools, one tool, OpenAI,
 * Anthropic or Gemini tool definitions, or a JSON-RPC transcript.
 *
 * @returns the object `toolcheck check FILE --format json` prints
 * @throws {ToolcheckError} invalid JSON (with `line` and `column`), not a capture, an unknown rule, a bad config
 */
export function check(text: Capture, options?: CheckOptions): Report;

/**
 * The report in one of the CLI's formats: what `toolcheck check FILE
 * --format FORMAT` prints (`text` by default).
 */
export function format(text: Capture, options?: FormatOptions): string;

/**
 * Several servers' captures checked together, as one client loads them:
 * what `toolcheck check a.json b.json --format json` prints.
 */
export function checkServers(captures: { name: string; text: Capture }[], options?: ServersOptions): ServersReport;

/**
 * One `tools/call` result checked against the `outputSchema` of the tool
 * named `toolName` in a tools capture: what `toolcheck result --format
 * json` prints.
 */
export function checkResult(
  capture: Capture,
  toolName: string,
  resultText: Capture,
  options?: { revision?: Revision },
): ResultReport;

/** A starting `outputSchema` (JSON Schema 2020-12) inferred from one `tools/call` result. */
export function inferSchema(resultText: Capture): Record<string, unknown>;

/** Applies the fixes the rules know, as `toolcheck fix` does. */
export function fix(text: Capture, options?: FixOptions): FixResult;

/** The changes between two captures: what `toolcheck diff OLD NEW --format json` prints. */
export function diff(oldText: Capture, newText: Capture): DiffReport;

/** Every rule, the result rules too. */
export function rules(): RuleInfo[];

/**
 * One rule's docs, in Markdown: what `toolcheck explain RULE` prints.
 *
 * @throws {ToolcheckError} when no rule has that id
 */
export function explain(id: string): string;

/** The built-in sample: `tools` (what `toolcheck check --sample` checks) and a `get_order` result. */
export const sample: Readonly<{ tools: string; result: string }>;

/** The engine's version. */
export const version: string;
