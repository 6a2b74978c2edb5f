//! A deterministic generator of realistic tool lists for benchmarks: varied
//! nesting, enums, `$defs`, descriptions made of real words, and some defects.

use std::fmt::Write as _;

/// xorshift64*: small, fast and deterministic.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed.max(1))
    }
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

const VERBS: &[&str] = &[
    "list", "get", "create", "update", "delete", "search", "archive", "merge", "close", "assign",
    "sync", "export", "import", "approve", "reject", "publish", "schedule", "cancel", "restore",
    "tag",
];
const NOUNS: &[&str] = &[
    "issue",
    "pull_request",
    "branch",
    "commit",
    "release",
    "workflow",
    "invoice",
    "customer",
    "order",
    "ticket",
    "project",
    "label",
    "milestone",
    "comment",
    "review",
    "deployment",
    "secret",
    "webhook",
    "team",
    "repository",
    "dashboard",
    "report",
    "alert",
    "incident",
    "shipment",
    "payment",
    "subscription",
    "document",
    "folder",
    "note",
];
const WORDS: &[&str] = &[
    "returns",
    "matching",
    "records",
    "sorted",
    "newest",
    "first",
    "requires",
    "permission",
    "workspace",
    "filter",
    "results",
    "status",
    "owner",
    "including",
    "archived",
    "entries",
    "pagination",
    "cursor",
    "limit",
    "between",
    "timestamp",
    "account",
    "billing",
    "region",
    "metadata",
    "summary",
    "history",
    "changes",
    "approval",
    "queue",
    "priority",
    "severity",
    "escalation",
    "reviewer",
    "assignee",
    "checksum",
    "artifact",
    "pipeline",
    "environment",
    "production",
    "staging",
    "rollback",
    "snapshot",
    "retention",
    "quota",
    "usage",
    "audit",
    "trail",
    "policy",
];
const PARAM_NAMES: &[&str] = &[
    "owner",
    "repo",
    "query",
    "status",
    "limit",
    "cursor",
    "page",
    "perPage",
    "sort",
    "direction",
    "since",
    "until",
    "createdAfter",
    "updatedAt",
    "labels",
    "assignee",
    "title",
    "body",
    "priority",
    "region",
    "customerId",
    "orderId",
    "amount",
    "currency",
    "reason",
    "tags",
    "filters",
    "includeArchived",
    "timeoutMs",
    "format",
];

fn sentence(rng: &mut Rng, words: usize) -> String {
    let mut s = String::new();
    for i in 0..words {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(rng.pick(WORDS));
    }
    let mut chars = s.chars();
    let first = chars.next().map(|c| c.to_ascii_uppercase()).unwrap_or('X');
    format!("{first}{}.", chars.as_str())
}

fn description(rng: &mut Rng, verb: &str, noun: &str) -> String {
    let mut d = format!("{} a {}.", capitalise(verb), noun.replace('_', " "));
    if rng.chance(85) {
        for _ in 0..(2 + rng.below(3)) {
            d.push(' ');
            let n = 6 + rng.below(8);
            d.push_str(&sentence(rng, n));
        }
    }
    d
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}

fn param(rng: &mut Rng, depth: usize, out: &mut String) {
    let kind = rng.below(if depth > 2 { 6 } else { 9 });
    out.push('{');
    match kind {
        0..=2 => {
            out.push_str("\"type\": \"string\"");
            if rng.chance(30) {
                out.push_str(", \"format\": \"date-time\"");
            }
        }
        3 => out.push_str("\"type\": \"integer\", \"minimum\": 1, \"maximum\": 100"),
        4 => out.push_str("\"type\": \"boolean\""),
        5 => {
            out.push_str("\"type\": \"string\", \"enum\": [");
            for i in 0..(2 + rng.below(5)) {
                if i > 0 {
                    out.push_str(", ");
                }
                let _ = write!(out, "\"{}\"", rng.pick(WORDS));
            }
            out.push(']');
        }
        6 => {
            out.push_str("\"type\": \"array\", \"items\": ");
            param(rng, depth + 1, out);
        }
        7 => {
            out.push_str("\"type\": \"object\", \"properties\": {");
            let count = 2 + rng.below(3);
            properties(rng, depth + 1, count, out);
            out.push_str("}, \"additionalProperties\": false");
        }
        _ => out.push_str("\"$ref\": \"#/$defs/page\""),
    }
    if rng.chance(80) {
        let n = 4 + rng.below(6);
        let _ = write!(out, ", \"description\": \"{}\"", sentence(rng, n));
    }
    if rng.chance(2) {
        out.push_str(", \"nullable\": true");
    }
    out.push('}');
}

fn properties(rng: &mut Rng, depth: usize, count: usize, out: &mut String) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    while names.len() < count {
        let n = rng.pick(PARAM_NAMES);
        if !names.contains(&n) {
            names.push(n);
        }
    }
    for (i, name) in names.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "\"{name}\": ");
        param(rng, depth, out);
    }
    names
}

/// A JSON-RPC `tools/list` response with `n` tools, one a line, each
/// written by `tool` (its position, the generator and the text so far).
fn response(n: usize, seed: u64, mut tool: impl FnMut(usize, &mut Rng, &mut String)) -> String {
    let mut rng = Rng::new(seed);
    let mut out = String::from("{\"jsonrpc\": \"2.0\", \"id\": 1, \"result\": {\"tools\": [\n");
    for i in 0..n {
        if i > 0 {
            out.push_str(",\n");
        }
        tool(i, &mut rng, &mut out);
    }
    out.push_str("\n]}}\n");
    out
}

/// A JSON-RPC `tools/list` response with `n` tools.
#[must_use]
pub fn tools_list(n: usize, seed: u64) -> String {
    response(n, seed, |i, rng, out| {
        let verb = rng.pick(VERBS);
        let noun = rng.pick(NOUNS);
        let sep = if rng.chance(5) { "." } else { "_" };
        let _ = write!(out, "{{\"name\": \"{verb}{sep}{noun}_{i}\", ");
        let _ = write!(
            out,
            "\"description\": \"{}\", ",
            description(rng, verb, noun)
        );
        out.push_str("\"inputSchema\": {\"type\": \"object\", \"properties\": {");
        let count = 1 + rng.below(6);
        let names = properties(rng, 0, count, out);
        out.push_str("}, \"required\": [");
        let required = 1 + rng.below(names.len());
        for (j, name) in names.iter().take(required).enumerate() {
            if j > 0 {
                out.push_str(", ");
            }
            // A defect now and then: a renamed property left in `required`.
            if rng.chance(3) {
                let _ = write!(out, "\"{name}_old\"");
            } else {
                let _ = write!(out, "\"{name}\"");
            }
        }
        out.push(']');
        out.push_str(", \"$defs\": {\"page\": {\"type\": \"object\", \"properties\": {\"cursor\": {\"type\": \"string\", \"description\": \"Opaque cursor\"}, \"size\": {\"type\": \"integer\", \"description\": \"Page size\"}}, \"additionalProperties\": false}}");
        if rng.chance(60) {
            out.push_str(", \"additionalProperties\": false");
        }
        out.push('}');
        let read_only = matches!(verb, "list" | "get" | "search" | "export");
        let _ = write!(
            out,
            ", \"annotations\": {{\"readOnlyHint\": {read_only}, \"destructiveHint\": {}}}",
            matches!(verb, "delete" | "cancel" | "archive") || rng.chance(2)
        );
        out.push('}');
    })
}

/// One tool with a deeply nested schema and a wide `anyOf`.
#[must_use]
pub fn pathological() -> String {
    let mut schema = String::from("{\"type\": \"string\", \"description\": \"leaf\"}");
    for i in 0..55 {
        schema = format!(
            "{{\"type\": \"object\", \"description\": \"level {i}\", \"properties\": {{\"child\": {schema}, \"n{i}\": {{\"type\": \"integer\", \"description\": \"n\"}}}}, \"required\": [\"child\"]}}"
        );
    }
    let mut any_of = String::new();
    for i in 0..2_000 {
        if i > 0 {
            any_of.push_str(", ");
        }
        let _ = write!(
            any_of,
            "{{\"type\": \"object\", \"properties\": {{\"kind{i}\": {{\"const\": \"k{i}\"}}, \"value\": {{\"type\": \"string\", \"description\": \"v\"}}}}, \"required\": [\"kind{i}\"]}}"
        );
    }
    format!(
        "{{\"tools\": [{{\"name\": \"deep_and_wide\", \"description\": \"A pathological schema: fifty-five levels of nesting and an anyOf with two thousand branches. It exists to find quadratic rules.\", \"inputSchema\": {{\"type\": \"object\", \"properties\": {{\"deep\": {schema}, \"wide\": {{\"description\": \"wide\", \"anyOf\": [{any_of}]}}}}}}}}]}}"
    )
}

/// A JSON-RPC `tools/list` response with `n` tools whose fixes nest: each
/// tool's `filter` parameter is an object three levels deep, every level
/// with optional properties, a `nullable` one, and no
/// `additionalProperties`, so that strict mode's fixes land at every level
/// of the same schema.
#[must_use]
// The bench reads the other lists; the example and the fix tests read this one.
#[allow(dead_code)]
pub fn tools_list_nested(n: usize, seed: u64) -> String {
    let level = |rng: &mut Rng, inner: &str, depth: usize| {
        let a = rng.pick(PARAM_NAMES);
        let words = 4 + rng.below(4);
        format!(
            "{{\"type\": \"object\", \"description\": \"{} (level {depth})\", \"properties\": {{\"{a}\": {{\"type\": \"string\", \"description\": \"{}\"}}, \"limit_{depth}\": {{\"type\": \"integer\", \"nullable\": true, \"description\": \"How many, at most\"}}, \"child\": {inner}}}}}",
            capitalise(&sentence(rng, words)),
            sentence(rng, 5)
        )
    };
    response(n, seed, |i, rng, out| {
        let verb = rng.pick(VERBS);
        let noun = rng.pick(NOUNS);
        let mut schema =
            String::from("{\"type\": \"string\", \"description\": \"The innermost value\"}");
        for depth in (1..=3).rev() {
            schema = level(rng, &schema, depth);
        }
        let _ = write!(
            out,
            "{{\"name\": \"{verb}_{noun}_{i}\", \"description\": \"{}\", \"inputSchema\": {{\"type\": \"object\", \"properties\": {{\"filter\": {schema}, \"query\": {{\"type\": \"string\", \"description\": \"Words to look for\"}}}}, \"required\": [\"query\"]}}}}",
            description(rng, verb, noun)
        );
    })
}
