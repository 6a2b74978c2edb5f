//! What a result should never carry: credentials (`result-secret`) and stack
//! traces (`result-stack-trace`), in its text blocks and in the strings of
//! `structuredContent`.

use std::sync::LazyLock;

use crate::text::re::Regex;
use serde_json::Value;

use super::rules;
use crate::finding::{Finding, Severity};
use crate::path::Path;
use crate::rules::util::join_and;
use crate::text::secrets::secrets;

/// Stack traces of the common runtimes, each with a name for messages.
const TRACES: &[(&str, &str)] = &[
    (
        "a Python traceback",
        r"Traceback \(most recent call last\):",
    ),
    (
        "a Python traceback",
        r#"(?m)^[\t\n\x0B\x0C\r ]*File "[^"\n]+", line [0-9]+, in "#,
    ),
    (
        "JavaScript stack frames",
        r"(?m)^[\t\n\x0B\x0C\r ]+at (?:[^\t\n\x0B\x0C\r ()]+ \()?(?:file://)?[^\t\n\x0B\x0C\r ()]+\.(?:js|mjs|cjs|ts|tsx|jsx):[0-9]+:[0-9]+\)?$",
    ),
    (
        "Java stack frames",
        r"(?m)^[\t\n\x0B\x0C\r ]+at [A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z0-9_$<>]+)+\([A-Za-z0-9_$]+\.(?:java|kt|scala|groovy):[0-9]+\)",
    ),
    (
        ".NET stack frames",
        r"(?m)^[\t\n\x0B\x0C\r ]+at [A-Za-z0-9_.<>`]+\(.*\) in .+:line [0-9]+",
    ),
    ("a Go panic", r"goroutine [0-9]+ \[[a-z ]+\]:"),
    ("a Rust panic", r"thread '[^'\n]+' panicked at "),
    (
        "a PHP stack trace",
        r"(?m)^Stack trace:[\t\n\x0B\x0C\r ]*\n#0 ",
    ),
    (
        "a Ruby backtrace",
        r"(?m)[^\t\n\x0B\x0C\r :]+\.rb:[0-9]+:in [`'][^'\n]+'",
    ),
];

static PATTERNS: LazyLock<Vec<(&'static str, Regex)>> = LazyLock::new(|| {
    TRACES
        .iter()
        .map(|(what, p)| (*what, Regex::new(p).expect("the patterns compile")))
        .collect()
});

/// What kind of stack trace `text` holds, if any.
fn stack_trace(text: &str) -> Option<&'static str> {
    if text.len() < 20 {
        return None;
    }
    PATTERNS
        .iter()
        .find(|(_, p)| p.is_match(text))
        .map(|(what, _)| *what)
}

/// Every string of the result that is shown to the model: the text of text
/// blocks, and every string in `structuredContent`, with where it is.
fn strings<'v>(result: &'v serde_json::Map<String, Value>, out: &mut Vec<(Path, &'v str)>) {
    if let Some(Value::Array(blocks)) = result.get("content") {
        for (i, block) in blocks.iter().enumerate() {
            if let Some(text) = block.get("text").and_then(Value::as_str) {
                out.push((Path::root().key("content").index(i).key("text"), text));
            }
        }
    }
    if let Some(structured) = result.get("structuredContent") {
        walk(structured, Path::root().key("structuredContent"), out);
    }
}

fn walk<'v>(value: &'v Value, path: Path, out: &mut Vec<(Path, &'v str)>) {
    match value {
        Value::String(s) => out.push((path, s)),
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                walk(v, path.index(i), out);
            }
        }
        Value::Object(map) => {
            for (k, v) in map {
                walk(v, path.key(k), out);
            }
        }
        _ => {}
    }
}

/// Reports the credentials and stack traces in a completed result.
pub(super) fn check(
    result: &serde_json::Map<String, Value>,
    is_error: bool,
    findings: &mut Vec<Finding>,
) {
    let mut texts = Vec::new();
    strings(result, &mut texts);
    let kind = if is_error {
        "the error result"
    } else {
        "the result"
    };
    for (path, text) in texts {
        let found = secrets(text);
        if !found.is_empty() {
            let listed: Vec<String> = found
                .iter()
                .map(|s| format!("{} ({})", s.kind, s.masked(text)))
                .collect();
            findings.push(Finding::new(
                &rules::RESULT_SECRET,
                path.clone(),
                format!("{path} of {kind} contains {}", join_and(&listed)),
                rules::RESULT_SECRET.why(),
                "Keep credentials out of what the tool returns (build messages yourself instead of passing \
                 exceptions or configuration through), and rotate the credential",
            ));
        }
        if let Some(what) = stack_trace(text) {
            let mut finding = Finding::new(
                &rules::RESULT_STACK_TRACE,
                path.clone(),
                format!("{path} of {kind} contains {what}"),
                rules::RESULT_STACK_TRACE.why(),
                "Catch the exception in the tool's handler and return a short message that says what went wrong \
                 and what the model can change; log the trace on the server",
            );
            if !is_error {
                finding.severity = Severity::Info;
            }
            findings.push(finding);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_the_common_runtimes() {
        for (text, what) in [
            (
                "Traceback (most recent call last):\n  File \"/srv/app.py\", line 3, in <module>\nKeyError: 'q'",
                "a Python traceback",
            ),
            (
                "TypeError: x is undefined\n    at search (/srv/app/dist/tools.js:41:17)\n    at process (node:internal/x:1:2)",
                "JavaScript stack frames",
            ),
            (
                "java.lang.NullPointerException\n\tat com.acme.Tools.search(Tools.java:42)",
                "Java stack frames",
            ),
            (
                "System.Exception: boom\n   at Acme.Tools.Search(String q) in C:\\src\\Tools.cs:line 42",
                ".NET stack frames",
            ),
            (
                "panic: runtime error\n\ngoroutine 1 [running]:\nmain.main()",
                "a Go panic",
            ),
            (
                "thread 'main' panicked at src/main.rs:2:5:\nboom",
                "a Rust panic",
            ),
            (
                "app/tools.rb:12:in `search': undefined method",
                "a Ruby backtrace",
            ),
        ] {
            assert_eq!(stack_trace(text), Some(what), "{text}");
        }
    }

    #[test]
    fn ordinary_text_is_not_a_trace() {
        for text in [
            "Found 3 files at /srv/app (line 42 changed).",
            "Meet at noon (room 4:30).",
            "The traceback shows where the error happened.",
            "Error: the repository was not found. Check the owner and name.",
        ] {
            assert_eq!(stack_trace(text), None, "{text}");
        }
    }
}
