//! Rendering reports: text for terminals, Markdown for the exported report,
//! JSON for machines, SARIF for code scanning and GitHub Actions annotations.

pub mod fold;
pub mod github;
pub mod json;
pub mod markdown;
pub mod result;
pub mod sarif;
pub mod servers;
pub mod terminal;
mod write;

use crate::Report;

pub use github::github;
pub use json::json;
pub use markdown::markdown;
pub use sarif::sarif;
/// [`terminal`], under the name it had before; its functions keep their paths
/// (`report::text::one_line`).
pub use terminal as text;
pub use terminal::text;
pub use write::{ReportFormat, write_report};

/// `s` safe to put in HTML text or a quoted attribute: the page's tables
/// and previews escape pasted text with it.
#[must_use]
pub fn escape_html(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// The settings line: what was checked against, strict mode and the revision.
#[must_use]
pub fn settings_line(report: &Report) -> String {
    let s = &report.settings;
    let mut line = format!(
        "Checked against {} · MCP revision {}{} · strict mode {}",
        s.targets.label(),
        s.revision,
        if s.revision_from == crate::settings::RevisionFrom::Capture {
            " (the protocol the capture was made with)"
        } else {
            ""
        },
        if s.strict { "on" } else { "off" }
    );
    if s.targets.openai || s.targets.claude {
        line.push_str(" · provider rules as of ");
        line.push_str(crate::settings::PROVIDER_RULES_AS_OF);
    }
    if s.targets.gemini {
        line.push_str(" · Gemini rules as of ");
        line.push_str(crate::settings::GEMINI_RULES_AS_OF);
        line.push_str(match s.gemini_field {
            crate::GeminiField::Parameters => ", MCP tools sent as parameters",
            crate::GeminiField::JsonSchema => ", MCP tools sent as parametersJsonSchema",
        });
    }
    line
}

/// The `n` heaviest tools, heaviest first (list order between equals), each
/// with its label (`tool #3` for one without a name).
#[must_use]
pub fn heaviest(report: &Report, n: usize) -> Vec<(String, &crate::ToolSummary)> {
    tool_costs(report, true, n)
}

/// The first `n` tools with their labels (`tool #3` for one without a
/// name): heaviest first (list order between equals), or in list order.
#[must_use]
pub fn tool_costs(
    report: &Report,
    heaviest_first: bool,
    n: usize,
) -> Vec<(String, &crate::ToolSummary)> {
    let mut tools: Vec<(usize, &crate::ToolSummary)> = report.tools.iter().enumerate().collect();
    if heaviest_first {
        tools.sort_by(|a, b| b.1.tokens.cmp(&a.1.tokens).then(a.0.cmp(&b.0)));
    }
    tools
        .into_iter()
        .take(n)
        .map(|(i, t)| {
            let label = t.name.clone().unwrap_or_else(|| format!("tool #{}", i + 1));
            (label, t)
        })
        .collect()
}

/// `62%`: `part` as a share of `whole`, rounded.
pub use crate::numbers::share;

/// What every tool of the report costs together, in tokens.
#[must_use]
pub fn tool_tokens(report: &Report) -> usize {
    report.tools.iter().map(|t| t.tokens).sum()
}

/// How many of the heaviest tools the text report names.
const HEAVIEST_IN_TEXT: usize = 3;

/// `Tool definitions: about 711 tokens; heaviest: "a" (300), "b" (200), "c" (100)`.
#[must_use]
pub fn cost_line(report: &Report) -> Option<String> {
    if report.tools.is_empty() {
        return None;
    }
    let named: Vec<String> = heaviest(report, HEAVIEST_IN_TEXT)
        .iter()
        .map(|(label, t)| {
            format!(
                "{} ({})",
                crate::text::quote(label),
                crate::numbers::thousands(t.tokens)
            )
        })
        .collect();
    Some(format!(
        "Tool definitions: {}; heaviest: {}",
        crate::numbers::about(tool_tokens(report)),
        named.join(", ")
    ))
}

/// The text `write` writes into memory, reserving `capacity` bytes first;
/// empty if it fails (which writing to memory does not).
pub(crate) fn written_text(
    capacity: usize,
    write: impl FnOnce(&mut Vec<u8>) -> std::io::Result<()>,
) -> String {
    let mut out = Vec::with_capacity(capacity);
    match write(&mut out).map(|()| String::from_utf8(out)) {
        Ok(Ok(text)) => text,
        _ => String::new(),
    }
}

/// Helpers for rule snapshot tests.
#[cfg(test)]
pub mod testing {
    use std::fmt::Write as _;

    use crate::Report;

    /// Every JSON document of the crate's sample and fixtures and, with
    /// `with_corpus`, of its copies of real servers' captures, parsed. Files that are not one JSON document (transcripts) are left out.
    #[must_use]
    pub fn json_documents(with_corpus: bool) -> Vec<serde_json::Value> {
        json_texts(with_corpus)
            .iter()
            .filter_map(|text| serde_json::from_str(text).ok())
            .collect()
    }

    /// The text of every `.json` file of the crate's sample and fixtures
    /// and, with `with_corpus`, of its copies of real servers' captures
    /// (`resources/corpus`).
    #[must_use]
    pub fn json_texts(with_corpus: bool) -> Vec<String> {
        let root = env!("CARGO_MANIFEST_DIR");
        let mut files = vec![std::path::PathBuf::from(format!(
            "{root}/resources/sample/tools-list.json"
        ))];
        files_ending(
            format!("{root}/resources/fixtures").as_ref(),
            "json",
            &mut files,
        )
        .expect("fixtures are readable");
        if with_corpus {
            files_ending(
                format!("{root}/resources/corpus").as_ref(),
                "json",
                &mut files,
            )
            .expect("the corpus is readable");
        }
        read_all(&files)
    }

    /// The text of each of `files`.
    fn read_all(files: &[std::path::PathBuf]) -> Vec<String> {
        files
            .iter()
            .map(|f| std::fs::read_to_string(f).expect("readable"))
            .collect()
    }

    /// The files under `dir` with extension `ext`, at any depth, added to `out`.
    fn files_ending(
        dir: &std::path::Path,
        ext: &str,
        out: &mut Vec<std::path::PathBuf>,
    ) -> std::io::Result<()> {
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() {
                files_ending(&path, ext, out)?;
            } else if path.extension().is_some_and(|e| e == ext) {
                out.push(path);
            }
        }
        Ok(())
    }

    /// The text of every newline-delimited transcript (`.jsonl`) among the
    /// crate's fixtures.
    #[must_use]
    pub fn transcript_texts() -> Vec<String> {
        let mut files = Vec::new();
        files_ending(
            format!("{}/resources/fixtures", env!("CARGO_MANIFEST_DIR")).as_ref(),
            "jsonl",
            &mut files,
        )
        .expect("fixtures are readable");
        read_all(&files)
    }

    /// A compact rendering of the findings for snapshots.
    #[must_use]
    pub fn render_for_snapshot(report: &Report) -> String {
        let mut out = String::new();
        for f in &report.findings {
            let _ = writeln!(
                out,
                "{} {} [{}] {}\n    {}\n    fix: {}",
                f.severity,
                f.tool.as_deref().unwrap_or("-"),
                f.rule.id,
                f.path,
                f.message,
                f.help
            );
        }
        if out.is_empty() {
            out.push_str("(no findings)\n");
        }
        out
    }

    /// [`assert_fixture_expectations`] for the prompts, resources and
    /// resource templates of a fixture (a list result, or the response that
    /// holds it): a `bad_` item gets a finding inside it, an `ok_` one none.
    pub fn assert_server_fixture_expectations(text: &str, report: &Report) {
        let Ok(doc) = serde_json::from_str::<serde_json::Value>(text) else {
            return;
        };
        let (result, base) = match doc.get("result") {
            Some(result) => (result, crate::path::Path::root().key("result")),
            None => (&doc, crate::path::Path::root()),
        };
        for kind in crate::input::ListKind::ALL {
            let items = result
                .get(kind.member())
                .and_then(serde_json::Value::as_array);
            for (i, item) in items.into_iter().flatten().enumerate() {
                let Some(name) = item.get("name").and_then(serde_json::Value::as_str) else {
                    continue;
                };
                let at = base.key(kind.member()).index(i);
                let hits = report
                    .findings
                    .iter()
                    .filter(|f| f.path.starts_with(&at))
                    .count();
                if name.starts_with("ok_") {
                    assert_eq!(
                        hits,
                        0,
                        "near-miss {} {name} got a finding: {:#?}",
                        kind.item(),
                        report.findings
                    );
                }
                if name.starts_with("bad_") {
                    assert!(hits > 0, "bad {} {name} got no finding", kind.item());
                }
            }
        }
    }

    /// Fixture tools named `ok_*` get no finding; tools named `bad_*` get one.
    pub fn assert_fixture_expectations(report: &Report) {
        for tool in &report.tools {
            let Some(name) = tool.name.as_deref() else {
                continue;
            };
            let hits = report
                .findings
                .iter()
                .filter(|f| f.tool.as_deref() == Some(name))
                .count();
            if name.starts_with("ok_") {
                assert_eq!(
                    hits, 0,
                    "near-miss tool {name} got a finding: {:#?}",
                    report.findings
                );
            }
            if name.starts_with("bad_") {
                assert!(hits > 0, "bad tool {name} got no finding");
            }
        }
        // A finding's explanation is its rule's docs' "Why" unless the rule
        // gives its own; but the page's module and its worker, which run
        // the rules about tool definitions, keep no docs (`kept.rs`), so
        // there such a finding would explain nothing.
        for f in &report.findings {
            assert_ne!(
                f.explanation.as_ref(),
                f.rule.why(),
                "{}: the page keeps no docs, so a rule about tool definitions gives each finding its own \
                 .explanation(…)",
                f.rule.id
            );
        }
    }
}
