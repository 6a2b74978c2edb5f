//! Hostile and malformed input through the real binary: a clear message and
//! exit code 2 for input that cannot be checked, never a crash (a panic exits
//! 101, a stack overflow aborts with a signal).

use std::time::{Duration, Instant};

use assert_cmd::Command;
use serde_json::{Value, json};

fn toolcheck() -> Command {
    let mut cmd = Command::cargo_bin("toolcheck").expect("the binary is built");
    cmd.timeout(Duration::from_secs(300));
    cmd
}

/// Runs `check -` on `stdin` with extra arguments; returns (exit code, stdout, stderr).
fn run(stdin: impl Into<Vec<u8>>, args: &[&str]) -> (i32, String, String) {
    let start = Instant::now();
    let out = toolcheck()
        .args(["check", "-"])
        .args(args)
        .write_stdin(stdin.into())
        .output()
        .expect("the binary runs");
    eprintln!("cli case took {:.2?}", start.elapsed());
    let code = out
        .status
        .code()
        .unwrap_or_else(|| panic!("killed by a signal: {:?}", out.status));
    (
        code,
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Asserts exit code 2 with a one-line message on stderr containing `needle`.
fn rejected(stdin: impl Into<Vec<u8>>, needle: &str) -> String {
    let (code, stdout, stderr) = run(stdin, &[]);
    assert_eq!(code, 2, "stderr: {stderr}");
    assert!(stdout.is_empty(), "nothing on stdout: {stdout}");
    assert!(stderr.starts_with("toolcheck: <stdin>: "), "{stderr}");
    assert!(stderr.contains(needle), "expected {needle:?} in {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[test]
fn nesting_one_hundred_thousand_levels() {
    let stderr = rejected("[".repeat(100_000), "Nested too deep");
    assert!(stderr.contains("line 1, column 128"), "{stderr}");
    rejected(
        format!("{{\"tools\": [{}", "{\"a\": ".repeat(100_000)),
        "Nested too deep",
    );
    rejected(
        format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)),
        "Nested too deep",
    );
}

#[test]
fn invalid_utf8_is_exit_2() {
    let mut bytes = b"{\"tools\": [{\"name\": \"".to_vec();
    bytes.extend([0xff, 0xfe, 0x80]);
    bytes.extend(b"\"}]}");
    let (code, stdout, stderr) = run(bytes.clone(), &[]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(
        stderr.contains("not valid UTF-8") && stderr.contains("offset 21"),
        "{stderr}"
    );

    let dir = std::env::temp_dir().join(format!("toolcheck-adversarial-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("latin1.json");
    std::fs::write(&file, &bytes).unwrap();
    let out = toolcheck().args(["check"]).arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not valid UTF-8"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn empty_null_and_not_a_capture() {
    rejected("", "The input is empty");
    rejected(" \n\t", "The input is empty");
    rejected("null", "Not a recognisable tool capture");
    rejected("[1, 2, 3]", "Not a recognisable tool capture");
}

#[test]
fn byte_order_mark_is_accepted() {
    let text = "\u{feff}{\"tools\": [{\"name\": \"a\", \"description\": \"Adds two numbers and returns the sum.\", \"inputSchema\": {\"type\": \"object\"}}]}";
    let (code, stdout, stderr) = run(text, &["--fail-on", "never"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("1 tool"), "{stdout}");
}

#[test]
fn trailing_commas_comments_and_numbers_are_named() {
    let stderr = rejected(
        "{\n  \"tools\": [\n    {\"name\": \"a\"},\n  ]\n}",
        "Trailing comma",
    );
    assert!(stderr.contains("line 4, column"), "{stderr}");
    let stderr = rejected(
        "{\n  // tools\n  \"tools\": []\n}",
        "Comments are not allowed",
    );
    assert!(stderr.contains("line 2, column"), "{stderr}");
    let stderr = rejected(
        "{\"tools\": [{\"name\": \"a\", \"inputSchema\": {\"maximum\": 1e400}}]}",
        "number out of range",
    );
    assert!(stderr.contains("line 1, column"), "{stderr}");
}

#[test]
fn ten_megabytes_on_stdin() {
    let tools: Vec<Value> = (0..20_000)
        .map(|i| {
            json!({"name": format!("tool_{i}"), "description": format!("Looks up record {i}. {}", "Padding. ".repeat(50)),
                   "inputSchema": {"type": "object", "properties": {"id": {"type": "string", "description": "Record id"}}}})
        })
        .collect();
    let text = json!({"tools": tools}).to_string();
    assert!(text.len() >= 10_000_000);
    let start = Instant::now();
    let (code, stdout, stderr) = run(text, &["--format", "json", "--fail-on", "never"]);
    eprintln!("cli 10 MB: {:.2?}", start.elapsed());
    assert_eq!(code, 0, "{stderr}");
    let json: Value = serde_json::from_str(&stdout).expect("JSON output");
    assert_eq!(json["tools"], 20_000);
}

#[test]
fn awkward_names_have_exact_paths_in_json_output() {
    let key = "a.b \"q\" [0] ~/x\n🦀";
    let text =
        json!({"tools": [{"name": "odd.name", "inputSchema": {"type": "object", "properties": {
            key: {"type": "float", "description": "An amount"}
        }}}]})
        .to_string();
    let (code, stdout, stderr) = run(text, &["--format", "json"]);
    assert_eq!(code, 1, "{stderr}");
    let json: Value = serde_json::from_str(&stdout).unwrap();
    let finding = json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["rule"] == "unknown-type-name")
        .expect("the bad type is reported");
    assert_eq!(
        finding["path"],
        r#"tools[0].inputSchema.properties["a.b \"q\" [0] ~/x\n🦀"].type"#
    );
    assert_eq!(
        finding["pointer"],
        "/tools/0/inputSchema/properties/a.b \"q\" [0] ~0~1x\n🦀/type"
    );
}

#[test]
fn hidden_characters_are_reported_escaped() {
    let text =
        json!({"tools": [{"name": "get\u{202E}redro", "description": "Fetch one order.\u{200B}",
                                  "inputSchema": {"type": "object"}}]})
        .to_string();
    let (code, stdout, stderr) = run(text, &["--format", "json"]);
    assert_eq!(
        code, 1,
        "a bidi control in a tool name is an error: {stderr}"
    );
    let json: Value = serde_json::from_str(&stdout).unwrap();
    let messages: Vec<&str> = json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == "hidden-unicode")
        .filter_map(|f| f["message"].as_str())
        .collect();
    assert_eq!(
        messages,
        [
            r#"tool name "get\u{202E}redro" contains U+202E RIGHT-TO-LEFT OVERRIDE at character 4"#,
            "tool description contains U+200B ZERO WIDTH SPACE at character 17",
        ]
    );
}

#[test]
fn every_target_and_revision_survive_wrong_types() {
    let text = json!({"tools": [
        null, true, 1, "s", [], {},
        {"name": null, "description": [], "inputSchema": "s", "outputSchema": 1, "annotations": []},
        {"name": "a", "inputSchema": {"type": [], "properties": [], "required": {}, "$defs": 1, "anyOf": {}, "items": "s",
                                       "additionalProperties": "s", "enum": {}, "$ref": 1}},
        {"name": "b", "inputSchema": {"type": "object", "properties": {"p": {"x-mcp-header": {}, "type": null, "enum": null}}}}
    ]})
    .to_string();
    for against in ["mcp", "openai", "claude", "all"] {
        for strict in [false, true] {
            for revision in ["2025-06-18", "2025-11-25", "2026-07-28"] {
                let mut args = vec![
                    "--against",
                    against,
                    "--revision",
                    revision,
                    "--format",
                    "json",
                ];
                if strict {
                    args.push("--strict");
                }
                let (code, stdout, stderr) = run(text.clone(), &args);
                assert!(
                    code == 0 || code == 1,
                    "{against} {strict} {revision}: exit {code}: {stderr}"
                );
                serde_json::from_str::<Value>(&stdout).expect("JSON output");
            }
        }
    }
}

/// Whether a report may not contain `c` raw: a control character other than
/// a line break, or a bidirectional or zero-width one.
fn raw_unprintable(c: char) -> bool {
    (c.is_control() && c != '\n')
        || matches!(
            c,
            '\u{202A}'..='\u{202E}'
                | '\u{2066}'..='\u{2069}'
                | '\u{200E}'
                | '\u{200F}'
                | '\u{061C}'
                | '\u{200B}'..='\u{200D}'
                | '\u{2060}'
                | '\u{FEFF}'
                | '\u{2028}'
                | '\u{2029}'
        )
}

#[test]
fn adversarial_names_reach_no_report_raw() {
    let names = [
        "refund\u{202E}lanif",
        "\u{1b}[2K\u{1b}[1Aok: nothing to see",
        "nul\u{0}byte",
        "zero\u{200B}width\u{2060}joiner\u{200D}",
        "line\rbreak\u{2028}separator",
        "isolate\u{2067}rtl\u{2069}",
    ];
    let tools: Vec<Value> = names
        .iter()
        .map(|n| {
            json!({"name": n, "description": format!("Deletes {n}."), "inputSchema": {"type": "object",
                "properties": {*n: {"type": "float"}}}})
        })
        .collect();
    let text = json!({"tools": tools}).to_string();
    for format in ["text", "markdown", "github"] {
        let (code, stdout, stderr) = run(text.clone(), &["--format", format]);
        assert_eq!(code, 1, "{format}: {stderr}");
        // Markdown breaks the links it prints with a zero-width space after
        // "://" and "www"; those are the report's own.
        let own = stdout
            .replace(":\u{200B}//", "://")
            .replace("www\u{200B}.", "www.");
        let raw: Vec<String> = own
            .chars()
            .filter(|c| raw_unprintable(*c))
            .map(|c| c.escape_unicode().to_string())
            .collect();
        assert!(raw.is_empty(), "{format} output has {raw:?}:\n{stdout}");
        // The names are still there, escaped.
        assert!(
            stdout.contains(r"refund\u{202e}lanif"),
            "{format}:\n{stdout}"
        );
        assert!(stdout.contains(r"\u{1b}[2K"), "{format}:\n{stdout}");
        assert!(!stderr.chars().any(raw_unprintable), "{format}: {stderr:?}");
    }
}
