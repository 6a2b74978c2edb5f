use std::sync::LazyLock;

use super::{CallResult, ResultEmitter};
use crate::registry::declare_rule;
use crate::severity::Severity;
use crate::text::re::Regex;

declare_rule! {
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

fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    for (path, text) in &rx.strings {
        let Some(what) = stack_trace(text) else {
            continue;
        };
        let finding = out
            .report(path.clone(), format!("{path} of {} contains {what}", rx.what()))
            .help(
                "Catch the exception in the tool's handler and return a short message that says what went wrong \
                 and what the model can change; log the trace on the server",
            );
        if !rx.is_error {
            finding.severity = Severity::Info;
        }
    }
}

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
