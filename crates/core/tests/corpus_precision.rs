//! Precision of the text rules on real servers. The captures in
//! `resources/corpus` (37 servers: TypeScript, Go and Python, many of them
//! built with FastMCP and pydantic) are honest servers, so:
//! - no rule gives an error on any of them with `--against all`, and no text
//!   rule reports anything at all, strict or not;
//! - wrapping every description in the forms that prompting guides recommend
//!   (`<instructions>` and `<examples>` blocks, a heading in capitals,
//!   "IMPORTANT", an order about the reply) gives no error and no warning:
//!   form alone is never more than info.

#[path = "support/recall.rs"]
#[allow(dead_code)] // The recall report's other parts serve its own test.
mod recall;

use recall::{TEXT_RULES, json_files, resources};
use serde_json::Value;
use toolcheck::{Settings, Severity, Targets, catalog::every_rule, check};

/// Every capture of the corpus, by file name.
fn corpus() -> Vec<(String, String)> {
    let out: Vec<(String, String)> = json_files(&resources().join("corpus"))
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).expect("readable"))
        })
        .collect();
    assert_eq!(out.len(), 37, "the 37 corpus captures");
    out
}

fn settings(strict: bool) -> Settings {
    Settings {
        targets: Targets::ALL,
        strict,
        ..Settings::default()
    }
}

/// "rule severity tool path" of each finding of a text rule.
fn text_findings(text: &str, settings: &Settings) -> Vec<String> {
    check(text, settings)
        .expect("the capture parses")
        .findings
        .iter()
        .filter(|f| TEXT_RULES.contains(&f.rule.id))
        .map(|f| {
            format!(
                "{} {} {} {}: {}",
                f.rule.id,
                f.severity.as_str(),
                f.tool.as_deref().unwrap_or("-"),
                f.path,
                f.message
            )
        })
        .collect()
}

#[test]
fn the_text_rules_are_real_rules() {
    for id in TEXT_RULES {
        assert!(every_rule().any(|r| r.id == *id), "no rule {id}");
    }
}

#[test]
fn real_servers_get_no_error_and_no_text_finding() {
    let mut tools = 0;
    for (name, text) in corpus() {
        let report = check(&text, &settings(false)).expect("the capture parses");
        tools += report.tools.len();
        let errors: Vec<String> = report
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .map(|f| format!("{} {}: {}", f.rule.id, f.path, f.message))
            .collect();
        assert!(errors.is_empty(), "{name} with --against all: {errors:#?}");
        for strict in [false, true] {
            let found = text_findings(&text, &settings(strict));
            assert!(found.is_empty(), "{name} (strict {strict}): {found:#?}");
        }
    }
    assert!(tools > 980, "{tools} tools");
}

/// A rewrite of a tool's description, from its name and description.
type Form = dyn Fn(&str, &str) -> String;

/// The description of every tool of `capture` rewritten by `wrap`.
fn rewritten(capture: &str, wrap: &Form) -> String {
    let mut doc: Value = serde_json::from_str(capture).expect("JSON");
    let tools = match doc.pointer_mut("/result/tools") {
        Some(t) => t,
        None => doc.pointer_mut("/tools").expect("a tools list"),
    };
    for tool in tools.as_array_mut().expect("an array") {
        let name = tool["name"].as_str().unwrap_or_default().to_owned();
        let description = tool["description"].as_str().unwrap_or_default().to_owned();
        tool["description"] = Value::String(wrap(&name, &description));
    }
    serde_json::to_string_pretty(&doc).expect("serialisable")
}

#[test]
fn form_alone_is_never_more_than_info_on_real_text() {
    // The forms of the report that started this: an official server's usage
    // notes in `<instructions>`, `<examples>` and `<parameters>` blocks;
    // and the other forms servers use: capitals, "IMPORTANT", `<IMPORTANT>`,
    // an order about the reply.
    let forms: [&Form; 4] = [
        &|name, d| {
            format!(
                "<instructions>\n{d}\n\nNote: call {name} only when the user asks.\n</instructions>\n\n\
                 <examples>\n<example>\nQuestion: \"What can {name} do?\"\nParameters: none\n</example>\n</examples>\n\n\
                 <parameters>\nSee the input schema.\n</parameters>"
            )
        },
        &|_, d| {
            format!(
                "IMPORTANT USAGE NOTES:\n{d}\n\nIMPORTANT: you MUST check the result before answering."
            )
        },
        &|_, d| format!("<IMPORTANT>\n{d}\n</IMPORTANT>"),
        &|_, d| {
            format!(
                "{d}\n\nYou MUST start your response with a one-line summary of what this tool returned."
            )
        },
    ];
    let mut checked = 0;
    for (name, text) in corpus() {
        for (i, form) in forms.iter().enumerate() {
            let wrapped = rewritten(&text, form);
            let found = text_findings(&wrapped, &settings(false));
            let above_info: Vec<&String> = found
                .iter()
                .filter(|f| f.contains(" error ") || f.contains(" warning "))
                .collect();
            assert!(above_info.is_empty(), "{name}, form {i}: {above_info:#?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 37 * forms.len());
}

/// A real server's other text is honest too: server-everything's capture,
/// with its Markdown instructions (headings, an order about the reply), 4
/// prompts, 7 resources and 2 resource templates, gets no text finding and
/// no error; its one finding about them is a prompt argument with no
/// description.
#[test]
fn a_real_servers_instructions_prompts_and_resources_get_no_text_finding() {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/resources/fixtures/formats/server-everything-capture.json"
    ));
    for strict in [false, true] {
        let found = text_findings(text, &settings(strict));
        assert!(found.is_empty(), "strict {strict}: {found:#?}");
    }
    let report = check(text, &settings(false)).expect("the capture parses");
    let about_others: Vec<String> = report
        .findings
        .iter()
        .filter(|f| f.tool.is_none())
        .map(|f| format!("{} {}", f.rule.id, f.path))
        .collect();
    assert_eq!(
        about_others,
        [
            "prompt-argument-undescribed result._meta[\"dev.toolcheck/capture\"].prompts[1].arguments[1]"
        ]
    );
    assert!(
        report
            .findings
            .iter()
            .all(|f| f.severity != Severity::Error)
    );
}
