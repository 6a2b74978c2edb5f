//! The result rules: what the result checker reports about one pasted
//! `tools/call` result. They are rules of the same registry as the rules
//! about definitions (`toolcheck rules`, `toolcheck explain`, SARIF and the
//! page's rule docs list them), and the checker in this module runs them.

use crate::rules::rule_info;

rule_info! {
    /// ## What it does
    /// Validates `structuredContent` against the tool's `outputSchema` (with the
    /// dialect its `$schema` names, 2020-12 by default) and reports every place
    /// it breaks it: a wrong type, a missing required property, a value outside
    /// `enum`, a bound or pattern it breaks. Each finding points at the value,
    /// and the message names what the schema expected.
    ///
    /// ## Why is this bad?
    /// Servers MUST return `structuredContent` that conforms to the tool's
    /// `outputSchema`. A client that validates results (the MCP TypeScript SDK
    /// does once it has listed the tools) rejects the whole call with "Structured
    /// content does not match the tool's output schema", and a client that does
    /// not validate passes the value on to code that trusts the schema.
    ///
    /// ## Example
    /// With this `outputSchema`:
    /// ```json
    /// {"outputSchema": {"type": "object", "properties": {"total": {"type": "number"}}, "required": ["total"]}}
    /// ```
    /// this result
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"total\": \"12.50\"}"}], "structuredContent": {"total": "12.50"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"total\": 12.5}"}], "structuredContent": {"total": 12.5}}
    /// ```
    ///
    /// ## Fix
    /// Return what the `outputSchema` promises, or change the schema to say what
    /// the tool returns.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, output schema: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2025-11-25, Tools, output schema: <https://modelcontextprotocol.io/specification/2025-11-25/server/tools>
    /// - MCP TypeScript SDK client (validates structured content): <https://github.com/modelcontextprotocol/typescript-sdk/blob/main/src/client/index.ts>
    pub STRUCTURED_CONTENT_INVALID,
    id = "structured-content-invalid",
    group = Result,
    severity = Error,
    fix_note = "No automatic fix: the result comes from the server at run time: fix the handler that builds it, or the schema if the schema is wrong.",
    summary = "structuredContent does not conform to the tool's outputSchema",
}

rule_info! {
    /// ## What it does
    /// Checks strings in `structuredContent` against the `format` the
    /// `outputSchema` declares for them (`date-time`, `date`, `email`, `uri`,
    /// `uuid` and the other formats JSON Schema 2020-12 defines).
    ///
    /// ## Why is this bad?
    /// JSON Schema 2020-12 treats `format` as an annotation by default, so many
    /// clients accept the value, but code that parses it in that format fails,
    /// and a model that reads the schema expects it.
    ///
    /// ## Example
    /// With this `outputSchema`:
    /// ```json
    /// {"outputSchema": {"type": "object", "properties": {"due": {"type": "string", "format": "date"}}}}
    /// ```
    /// this result
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"due\": \"next Friday\"}"}], "structuredContent": {"due": "next Friday"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"due\": \"2026-12-04\"}"}], "structuredContent": {"due": "2026-12-04"}}
    /// ```
    ///
    /// ## Fix
    /// Return the value in the declared format, or drop or correct the `format`
    /// in the `outputSchema`.
    ///
    /// ## Sources
    /// - JSON Schema 2020-12 Validation, format: <https://json-schema.org/draft/2020-12/json-schema-validation#name-vocabularies-for-semantic-c>
    /// - MCP 2026-07-28, Tools, output schema: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    pub STRUCTURED_CONTENT_FORMAT,
    id = "structured-content-format",
    group = Result,
    severity = Warning,
    fix_note = "No automatic fix: the result comes from the server at run time: fix the handler that formats the value, or the schema's `format`.",
    summary = "a string in structuredContent breaks the format the outputSchema declares",
}

rule_info! {
    /// ## What it does
    /// Flags a successful result of a tool that declares an `outputSchema` but
    /// returns no `structuredContent`. When a text block holds JSON, the fix
    /// names it.
    ///
    /// ## Why is this bad?
    /// A tool with an `outputSchema` MUST return `structuredContent` that
    /// conforms to it. The MCP TypeScript SDK client rejects the call with "Tool
    /// … has an output schema but did not return structured content", so the call
    /// fails on every client that uses it.
    ///
    /// ## Example
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"total\": 12.5}"}]}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"total\": 12.5}"}], "structuredContent": {"total": 12.5}}
    /// ```
    ///
    /// ## Fix
    /// Return `structuredContent` matching the `outputSchema` with every
    /// successful result, or set `isError: true` when the call failed.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, structured content: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP TypeScript SDK client: <https://github.com/modelcontextprotocol/typescript-sdk/blob/main/src/client/index.ts>
    pub STRUCTURED_CONTENT_MISSING,
    id = "structured-content-missing",
    group = Result,
    severity = Error,
    fix_note = "No automatic fix: the result comes from the server at run time: fix the handler that builds it.",
    summary = "the tool declares an outputSchema but the result has no structuredContent",
}

rule_info! {
    /// ## What it does
    /// Notes a `structuredContent` that is an array, a string, a number, a
    /// boolean or null.
    ///
    /// ## Why is this bad?
    /// In 2026-07-28, `outputSchema` may be any JSON Schema and
    /// `structuredContent` any JSON value (SEP-2106), so an array or primitive
    /// result is valid. Revisions 2025-11-25 and 2025-06-18 typed both as
    /// objects, and clients built on them may reject or drop the value. Whether
    /// it breaks depends on which revision your clients speak.
    ///
    /// ## Example
    /// ```json
    /// {"content": [{"type": "text", "text": "[1, 2]"}], "structuredContent": [1, 2]}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"items\": [1, 2]}"}], "structuredContent": {"items": [1, 2]}}
    /// ```
    ///
    /// ## Fix
    /// If clients on 2025-11-25 or earlier must read it, wrap the value in an
    /// object (for example `{"items": […]}`) and update the `outputSchema` to
    /// match.
    ///
    /// ## Sources
    /// - MCP 2026-07-28 changelog: <https://modelcontextprotocol.io/specification/2026-07-28/changelog>
    /// - MCP 2025-11-25 schema, CallToolResult: <https://modelcontextprotocol.io/specification/2025-11-25/server/tools>
    pub STRUCTURED_CONTENT_NOT_OBJECT,
    id = "structured-content-not-object",
    group = Result,
    severity = Info,
    fix_note = "No automatic fix: the result comes from the server at run time, and wrapping it changes the `outputSchema` too: fix the handler and the schema together.",
    summary = "structuredContent is an array or a primitive: valid in 2026-07-28, an object in earlier revisions",
}

rule_info! {
    /// ## What it does
    /// Notes that a result with `isError: true` was not checked against the
    /// `outputSchema`.
    ///
    /// ## Why is this bad?
    /// An error result reports a failure for the model to act on; it need not
    /// match the `outputSchema`, and clients do not hold it to it. Checking it
    /// would report differences that are not defects.
    ///
    /// ## Example
    /// ```json
    /// {"content": [{"type": "text", "text": "Order 42 not found"}], "isError": true}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"total\": 12.5}"}], "structuredContent": {"total": 12.5}}
    /// ```
    ///
    /// ## Fix
    /// Nothing to fix; paste a successful result too, to check the schema.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, error handling: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    pub ERROR_RESULT_NOT_CHECKED,
    id = "error-result-not-checked",
    group = Result,
    severity = Info,
    fix_note = "No automatic fix: this is a note about what was checked, not a defect in the result.",
    summary = "isError is true, so the result was not checked against the outputSchema",
}

rule_info! {
    /// ## What it does
    /// Flags a `CallToolResult` without `content`.
    ///
    /// ## Why is this bad?
    /// `content` is required in every `CallToolResult`, in every revision, as an
    /// array of content blocks. Hosts show the model the content blocks, so
    /// without them the model sees nothing from the call, and clients that
    /// validate the result shape reject it.
    ///
    /// ## Example
    /// ```json
    /// {"structuredContent": {"total": 12.5}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"total\": 12.5}"}], "structuredContent": {"total": 12.5}}
    /// ```
    ///
    /// ## Fix
    /// Add `content: [{"type": "text", "text": …}]`, with the serialised
    /// `structuredContent` as the text.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, tool result: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2026-07-28 schema, CallToolResult: <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    pub CONTENT_MISSING,
    id = "content-missing",
    group = Result,
    severity = Error,
    fix_note = "No automatic fix: the result comes from the server at run time: fix the handler that builds it.",
    summary = "the result has no content array",
}

rule_info! {
    /// ## What it does
    /// Flags a `content` that is not an array (a single block, a string, an
    /// object of blocks).
    ///
    /// ## Why is this bad?
    /// `content` is an array of content blocks in every revision. Clients that
    /// validate the result shape reject it, and hosts that iterate it show the
    /// model nothing.
    ///
    /// ## Example
    /// ```json
    /// {"content": {"type": "text", "text": "done"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "done"}]}
    /// ```
    ///
    /// ## Fix
    /// Make `content` an array: `[{"type": "text", "text": …}]`.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, tool result: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2026-07-28 schema, CallToolResult: <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    pub CONTENT_NOT_ARRAY,
    id = "content-not-array",
    group = Result,
    severity = Error,
    fix_note = "No automatic fix: the result comes from the server at run time: fix the handler that builds it.",
    summary = "content is not an array",
}

rule_info! {
    /// ## What it does
    /// Flags an item of `content` that is not an object, has no string `type`, or
    /// is a text block without a string `text`. At most ten are reported.
    ///
    /// ## Why is this bad?
    /// Each content item is a content block: an object with a string `type`
    /// (`text`, `image`, `audio`, `resource_link` or `resource`) and that type's
    /// fields. Clients that parse the result reject a malformed block, and with
    /// it the whole result.
    ///
    /// ## Example
    /// ```json
    /// {"content": ["done"]}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "done"}]}
    /// ```
    ///
    /// ## Fix
    /// Make each item a content block such as `{"type": "text", "text": "…"}`.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, tool result: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2026-07-28 schema, ContentBlock: <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    pub CONTENT_BLOCK_INVALID,
    id = "content-block-invalid",
    group = Result,
    severity = Error,
    fix_note = "No automatic fix: the result comes from the server at run time: fix the handler that builds the content blocks.",
    summary = "a content item is not a content block",
}

rule_info! {
    /// ## What it does
    /// Flags an `isError` that is a string, a number or anything else but `true`
    /// or `false`.
    ///
    /// ## Why is this bad?
    /// `isError` is a boolean in every revision. Clients that validate the result
    /// shape reject it, and the rest read a truthy string such as `"false"` as an
    /// error.
    ///
    /// ## Example
    /// ```json
    /// {"content": [{"type": "text", "text": "done"}], "isError": "false"}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "done"}], "isError": false}
    /// ```
    ///
    /// ## Fix
    /// Set `isError` to `true` or `false`, or leave it out for a successful call.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, error handling: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2026-07-28 schema, CallToolResult: <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    pub IS_ERROR_NOT_BOOLEAN,
    id = "is-error-not-boolean",
    group = Result,
    severity = Error,
    fix_note = "No automatic fix: the result comes from the server at run time: fix the handler that sets `isError`.",
    summary = "isError is not a boolean",
}

rule_info! {
    /// ## What it does
    /// When checking against 2026-07-28, flags a result without `resultType`.
    ///
    /// ## Why is this bad?
    /// Servers implementing 2026-07-28 MUST include `resultType` so clients know
    /// how to parse the result. Clients treat a missing one as `"complete"` for
    /// compatibility with earlier revisions, so nothing breaks today, but the
    /// server is not speaking 2026-07-28.
    ///
    /// ## Example
    /// ```json
    /// {"content": [{"type": "text", "text": "done"}]}
    /// ```
    /// Use instead:
    /// ```json
    /// {"resultType": "complete", "content": [{"type": "text", "text": "done"}]}
    /// ```
    ///
    /// ## Fix
    /// Add `"resultType": "complete"` to the result, or check against the
    /// revision the server implements.
    ///
    /// ## Sources
    /// - MCP 2026-07-28 schema, Result: <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    /// - MCP 2026-07-28 changelog: <https://modelcontextprotocol.io/specification/2026-07-28/changelog>
    pub RESULT_TYPE_MISSING,
    id = "result-type-missing",
    group = Result,
    severity = Warning,
    fix_note = "No automatic fix: the result comes from the server at run time, and the revision it speaks is set by the server's code and SDK.",
    summary = "2026-07-28: the result has no resultType",
}

rule_info! {
    /// ## What it does
    /// When checking against 2026-07-28, flags a `resultType` that is not a
    /// string.
    ///
    /// ## Why is this bad?
    /// `resultType` is a string (`"complete"` for a finished call); clients
    /// cannot tell how to parse the result.
    ///
    /// ## Example
    /// ```json
    /// {"resultType": 1, "content": [{"type": "text", "text": "done"}]}
    /// ```
    /// Use instead:
    /// ```json
    /// {"resultType": "complete", "content": [{"type": "text", "text": "done"}]}
    /// ```
    ///
    /// ## Fix
    /// Set `"resultType": "complete"`.
    ///
    /// ## Sources
    /// - MCP 2026-07-28 schema, Result: <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    pub RESULT_TYPE_NOT_STRING,
    id = "result-type-not-string",
    group = Result,
    severity = Error,
    fix_note = "No automatic fix: the result comes from the server at run time: fix the handler that sets `resultType`.",
    summary = "2026-07-28: resultType is not a string",
}

rule_info! {
    /// ## What it does
    /// Compares each text block that holds JSON with `structuredContent` and
    /// reports the places where they differ.
    ///
    /// ## Why is this bad?
    /// A model typically reads the text block while client code reads
    /// `structuredContent`, so the two act on different data: the model can tell
    /// the user one value while the code stores another.
    ///
    /// ## Example
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"total\": 10}"}], "structuredContent": {"total": 12.5}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"total\": 12.5}"}], "structuredContent": {"total": 12.5}}
    /// ```
    ///
    /// ## Fix
    /// Serialise the same value into both: build the text block from
    /// `structuredContent` (`JSON.stringify` in TypeScript, `json.dumps` in
    /// Python).
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, structured content: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    pub TEXT_DISAGREES_WITH_STRUCTURED,
    id = "text-disagrees-with-structured",
    group = Result,
    severity = Warning,
    fix_note = "No automatic fix: which of the two values is right cannot be told from the result, and both come from the server at run time.",
    summary = "a text block holds JSON that differs from structuredContent",
}

rule_info! {
    /// ## What it does
    /// Flags a successful result with `structuredContent` but no text block
    /// holding its serialised JSON. It is an error under 2026-07-28 when
    /// `structuredContent` is an array or a primitive.
    ///
    /// ## Why is this bad?
    /// A tool that returns `structuredContent` SHOULD also return its serialised
    /// JSON in a text block, for clients that do not read `structuredContent`;
    /// many hosts show the model only `content`, so it never sees the structured
    /// value. Since 2026-07-28 (SEP-2106) this is a MUST for an array or a
    /// primitive: clients on earlier revisions typed `structuredContent` as an
    /// object and can only read the text.
    ///
    /// ## Example
    /// ```json
    /// {"content": [{"type": "text", "text": "Done."}], "structuredContent": {"total": 12.5}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"total\": 12.5}"}], "structuredContent": {"total": 12.5}}
    /// ```
    ///
    /// ## Fix
    /// Add `{"type": "text", "text": JSON.stringify(structuredContent)}` to
    /// `content` (`json.dumps` in Python).
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, structured content: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2025-11-25, Tools, structured content: <https://modelcontextprotocol.io/specification/2025-11-25/server/tools>
    pub STRUCTURED_TEXT_FALLBACK_MISSING,
    id = "structured-text-fallback-missing",
    group = Result,
    severity = Warning,
    fix_note = "No automatic fix: the result comes from the server at run time: fix the handler that builds `content`.",
    summary = "no text block holds the serialised structuredContent (an error in 2026-07-28 for arrays and primitives)",
}

rule_info! {
    /// ## What it does
    /// Reports an `outputSchema` that the validator cannot compile (an unknown
    /// keyword value, an external or broken `$ref`), so nothing was validated.
    ///
    /// ## Why is this bad?
    /// The result cannot be checked against a schema that does not compile, and
    /// neither can clients: a client that validates results fails on every call
    /// to this tool. `toolcheck check` on the tools capture names the problem in
    /// the schema.
    ///
    /// ## Example
    /// ```json
    /// {"outputSchema": {"type": "object", "properties": {"a": {"$ref": "https://example.com/a.json"}}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"outputSchema": {"type": "object", "properties": {"a": {"$ref": "#/$defs/a"}}, "$defs": {"a": {"type": "string"}}}}
    /// ```
    ///
    /// ## Fix
    /// Fix the schema: inline referenced schemas under `$defs`, and correct what
    /// the message names.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, output schema: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - JSON Schema 2020-12 Core, $ref: <https://json-schema.org/draft/2020-12/json-schema-core#name-direct-references-with-ref>
    pub OUTPUT_SCHEMA_UNUSABLE,
    id = "output-schema-unusable",
    group = Result,
    severity = Warning,
    fix_note = "No automatic fix: the schema is part of the tool's definition, not the result, and what its broken part was meant to say is for the author to decide.",
    summary = "the outputSchema cannot be compiled, so the result was not validated",
}

rule_info! {
    /// ## What it does
    /// Notes an `outputSchema` whose `$schema` is not JSON Schema draft 4, 6, 7,
    /// 2019-09 or 2020-12; the result is validated as 2020-12.
    ///
    /// ## Why is this bad?
    /// The `$schema` names a dialect that clients do not know, so they cannot
    /// know which rules apply. MCP's default dialect is 2020-12.
    ///
    /// ## Example
    /// ```json
    /// {"outputSchema": {"$schema": "https://example.com/my-dialect", "type": "object"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"outputSchema": {"type": "object"}}
    /// ```
    ///
    /// ## Fix
    /// Remove `$schema`, or set it to `"https://json-
    /// schema.org/draft/2020-12/schema"`.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, output schema: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - JSON Schema 2020-12 Core, $schema: <https://json-schema.org/draft/2020-12/json-schema-core#name-the-schema-keyword>
    pub OUTPUT_SCHEMA_DIALECT_UNKNOWN,
    id = "output-schema-dialect-unknown",
    group = Result,
    severity = Info,
    fix_note = "No automatic fix: a custom dialect may read keywords differently from 2020-12, so only the author can say whether dropping `$schema` is safe.",
    summary = "the outputSchema declares an unknown $schema; validated as 2020-12",
}

rule_info! {
    /// ## What it does
    /// For a tool without an `outputSchema`, infers a starting schema from
    /// `structuredContent` (or from the first text block that holds JSON) and
    /// offers it.
    ///
    /// ## Why is this bad?
    /// Without an `outputSchema`, clients cannot validate the result and models
    /// cannot know its shape before calling. One result shows one shape, so
    /// review `required` in the inferred schema before publishing it.
    ///
    /// ## Example
    /// ```json
    /// {"name": "get_order", "inputSchema": {"type": "object"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "get_order", "inputSchema": {"type": "object"},
    ///  "outputSchema": {"type": "object", "properties": {"total": {"type": "number"}}, "required": ["total"]}}
    /// ```
    ///
    /// ## Fix
    /// Review the inferred schema, add descriptions, and publish it as the tool's
    /// `outputSchema`.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, output schema: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    pub OUTPUT_SCHEMA_MISSING,
    id = "output-schema-missing",
    group = Result,
    severity = Info,
    fix_note = "No automatic fix: one result shows only one shape, so the inferred schema needs review of `required` and added descriptions before it is published.",
    summary = "the tool declares no outputSchema; a starting schema was inferred from the result",
}

rule_info! {
    /// ## What it does
    /// When a pasted transcript has no `tools/call` for the chosen tool, the last
    /// response is checked, and this says which tool it answers.
    ///
    /// ## Why is this bad?
    /// Each tool has its own `outputSchema`, so checking one tool's result
    /// against another's schema reports differences that are not defects.
    ///
    /// ## Example
    /// ```json
    /// {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "get_user"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "get_order"}}
    /// ```
    ///
    /// ## Fix
    /// Pick the tool the response belongs to, or paste a response to a call to
    /// the chosen tool.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, calling tools: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    pub RESULT_FOR_OTHER_TOOL,
    id = "result-for-other-tool",
    group = Result,
    severity = Warning,
    fix_note = "No automatic fix: this is about which response was pasted, not a defect in the server.",
    summary = "the transcript's tools/call response answers a call to another tool",
}

rule_info! {
    /// ## What it does
    /// When checking against 2026-07-28, notes a result whose `resultType` is
    /// `"input_required"`: the server asks the client for input (an
    /// elicitation, a sampling request or the roots) before it completes the
    /// call.
    ///
    /// ## Why is this bad?
    /// It is not: it is how a 2026-07-28 tool asks for what it needs half way
    /// through a call. But an `InputRequiredResult` has no `content` or
    /// `structuredContent`, so there is nothing yet to hold to the
    /// `outputSchema`: the client answers the requests and calls the tool
    /// again with `inputResponses` and the same `requestState`, and that
    /// call's result is the one to check.
    ///
    /// ## Example
    /// ```json
    /// {"resultType": "input_required", "inputRequests": {"github_login": {"method": "elicitation/create", "params": {"mode": "form", "message": "Your GitHub username?", "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}}}}}, "requestState": "eyJ…"}
    /// ```
    ///
    /// ## Fix
    /// Nothing to fix; paste the result of the retried call to check it
    /// against the `outputSchema`.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, input required: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2026-07-28, Multi-round-trip requests: <https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr>
    pub INPUT_REQUIRED,
    id = "input-required",
    group = Result,
    severity = Info,
    fix_note = "No automatic fix: this is a note about a normal result, not a defect; the retried call's result is the one to check.",
    summary = "2026-07-28: the result asks for input before the call completes",
}

rule_info! {
    /// ## What it does
    /// When checking against 2026-07-28, flags an `InputRequiredResult` the
    /// client cannot act on: neither `inputRequests` nor `requestState`, an
    /// `inputRequests` that is not an object of requests, a request whose
    /// `method` is not `elicitation/create`, `sampling/createMessage` or
    /// `roots/list`, or a `requestState` that is not a string.
    ///
    /// ## Why is this bad?
    /// At least one of `inputRequests` and `requestState` MUST be present, and
    /// the client can only answer the three kinds of request. Given anything
    /// else it has no way to continue: the call never completes, and the model
    /// gets an error instead of the tool's result.
    ///
    /// ## Example
    /// ```json
    /// {"resultType": "input_required", "inputRequests": {"login": {"method": "auth/prompt"}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"resultType": "input_required", "inputRequests": {"login": {"method": "elicitation/create", "params": {"mode": "form", "message": "Your username?", "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}}}}}}
    /// ```
    ///
    /// ## Fix
    /// Ask with `elicitation/create`, `sampling/createMessage` or `roots/list`
    /// under `inputRequests`, and keep any state to resume from as a string in
    /// `requestState`.
    ///
    /// ## Sources
    /// - MCP 2026-07-28 schema, `InputRequiredResult` ("At least one of `inputRequests` or `requestState` MUST be present") and `InputRequest`: <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    /// - MCP 2026-07-28, Multi-round-trip requests: <https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr>
    pub INPUT_REQUIRED_INVALID,
    id = "input-required-invalid",
    group = Result,
    severity = Error,
    fix_note = "No automatic fix: the result comes from the server at run time, and which input it needs is the server's decision: fix the handler that builds it.",
    summary = "2026-07-28: an input-required result the client cannot act on",
}

rule_info! {
    /// ## What it does
    /// Flags a credential in a `tools/call` result: in a text block, or in a
    /// string anywhere in `structuredContent`. It knows the formats
    /// `secret-in-definition` knows (AWS access key IDs, GitHub, GitLab,
    /// Slack, OpenAI, Anthropic, Stripe, Google, npm and Hugging Face tokens,
    /// Slack webhook URLs, private key blocks, JSON Web Tokens, database URLs
    /// with a password) and leaves the same placeholders alone. The message says
    /// whether the result is an error result, where a credential is almost
    /// always a leak from a configuration or an exception.
    ///
    /// ## Why is this bad?
    /// Everything a tool returns goes into the model's context, and from there
    /// into transcripts, logs and any tool the model calls next. A credential in
    /// a result is handed to the model and whoever can steer it. The MCP
    /// specification asks servers to sanitize tool outputs. A tool whose purpose
    /// is to mint a key returns one by design; anywhere else, and in an error
    /// result above all, a credential is a leak.
    ///
    /// ## Example
    /// ```json
    /// {"content": [{"type": "text", "text": "connect failed: postgres://app:S3cr3tP4ss@db.prod.internal/main refused"}], "isError": true}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "The database did not accept the connection. Try again later."}], "isError": true}
    /// ```
    ///
    /// ## Fix
    /// Keep credentials out of what the tool returns: build error messages
    /// yourself rather than passing exceptions or configuration through, and
    /// rotate any credential a result has already exposed.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, security considerations ("Servers MUST … sanitize tool outputs"): <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - OWASP Top 10 for LLM Applications, LLM02 Sensitive Information Disclosure: <https://genai.owasp.org/llmrisk/llm022025-sensitive-information-disclosure/>
    /// - CWE-209, Generation of Error Message Containing Sensitive Information: <https://cwe.mitre.org/data/definitions/209.html>
    pub RESULT_SECRET,
    id = "result-secret",
    group = Result,
    severity = Warning,
    fix_note = "No automatic fix: the result comes from the server at run time: fix the handler that builds it, and rotate the credential.",
    summary = "a tools/call result contains a credential",
}

rule_info! {
    /// ## What it does
    /// Flags a stack trace in a `tools/call` result, in a text block or a string
    /// of `structuredContent`: a Python traceback, JavaScript, Java, .NET, PHP
    /// or Ruby stack frames, a Go panic with its goroutines, a Rust panic. It is
    /// a warning in an error result (`isError: true`), where a trace is an
    /// exception passed through to the model, and info in a successful one,
    /// where it may be what the tool reads (a log, a test run).
    ///
    /// ## Why is this bad?
    /// A stack trace tells the model nothing it can act on, costs its context,
    /// and shows whoever reads the transcript the server's file paths, library
    /// versions and internal structure. The MCP specification asks servers to
    /// sanitize tool outputs, and to report tool errors in the result so that the
    /// model can recover: a one-line message that says what went wrong and what
    /// to try does that.
    ///
    /// ## Example
    /// ```json
    /// {"content": [{"type": "text", "text": "Traceback (most recent call last):\n  File \"/srv/app/tools.py\", line 42, in search\nKeyError: 'q'"}], "isError": true}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "Missing argument: q (the search query)."}], "isError": true}
    /// ```
    ///
    /// ## Fix
    /// Catch the exception in the tool's handler and return a short message that
    /// says what went wrong and what the model can change; log the trace on the
    /// server.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, error handling and security considerations: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - CWE-209, Generation of Error Message Containing Sensitive Information: <https://cwe.mitre.org/data/definitions/209.html>
    /// - OWASP, Improper Error Handling: <https://owasp.org/www-community/Improper_Error_Handling>
    pub RESULT_STACK_TRACE,
    id = "result-stack-trace",
    group = Result,
    severity = Warning,
    fix_note = "No automatic fix: the result comes from the server at run time: catch the exception in the handler and return a short message.",
    summary = "a tools/call result contains a stack trace",
}
