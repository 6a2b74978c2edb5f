//! The real `toolcheck` binary: output, formats and exit codes.

use std::path::PathBuf;

use assert_cmd::Command;
use serde_json::Value;

fn toolcheck() -> Command {
    Command::cargo_bin("toolcheck").expect("the binary is built")
}

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../core/resources/corpus")
}

fn json_of(output: &[u8]) -> Value {
    serde_json::from_slice(output).expect("stdout is JSON")
}

#[test]
fn sample_reports_the_three_seed_errors_with_exact_paths() {
    let out = toolcheck()
        .args(["check", "--sample", "--format", "json"])
        .assert()
        .code(1);
    let json = json_of(&out.get_output().stdout);
    let errors: Vec<(String, String)> = json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["severity"] == "error")
        .map(|f| {
            (
                f["tool"].as_str().unwrap().to_owned(),
                f["path"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let expected = [
        ("orders.search", "result.tools[0].inputSchema.required"),
        (
            "get_order",
            r#"result.tools[1].inputSchema.properties.orderId["x-mcp-header"]"#,
        ),
        (
            "cancel_order",
            "result.tools[2].inputSchema.properties.refundAmount.type",
        ),
    ];
    for (tool, path) in expected {
        assert!(
            errors.iter().any(|(t, p)| t == tool && p == path),
            "missing error {tool} at {path}; got {errors:?}"
        );
    }
    let messages: Vec<&str> = json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f["message"].as_str())
        .collect();
    assert!(messages.contains(&"required names \"customer_id\", which is not in properties"));
    assert!(messages.contains(&"x-mcp-header \"Order Id\" is not an HTTP token"));
    assert!(messages.contains(&"\"float\" is not a JSON Schema type"));
    assert_eq!(json["format"], "json-rpc-response");
    assert_eq!(json["tools"], 3);
}

#[test]
fn text_output_ends_with_the_counts() {
    let out = toolcheck().args(["check", "--sample"]).assert().code(1);
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        stdout.contains("error[required-not-in-properties] orders.search"),
        "{stdout}"
    );
    assert!(stdout.contains("JSON-RPC tools/list response · 3 tools"));
    assert!(
        stdout
            .trim_end()
            .lines()
            .last()
            .unwrap()
            .starts_with("3 errors")
    );
}

/// `FILE:LINE:COL` of each finding of `text` (lines that start with one).
fn locations(text: &str, file: &str) -> Vec<(usize, usize)> {
    text.lines()
        .filter_map(|l| l.strip_prefix(file)?.strip_prefix(':'))
        .map(|rest| {
            let mut parts = rest.splitn(3, ':');
            let line = parts.next().unwrap().parse().unwrap();
            let column = parts.next().unwrap().parse().unwrap();
            (line, column)
        })
        .collect()
}

#[test]
fn every_finding_starts_with_its_file_line_and_column() {
    let file = corpus_dir().join("notion.tools-list.json");
    let file = file.to_str().unwrap();
    let text = std::fs::read_to_string(file).unwrap();
    let json = json_of(
        &toolcheck()
            .args(["check", file, "--format", "json"])
            .assert()
            .get_output()
            .stdout,
    );
    let findings = json["findings"].as_array().unwrap();
    // Concise: one line per finding, in the report's order, each at the
    // value its pointer names, then the counts.
    let out = toolcheck()
        .args(["check", file, "--output-format", "concise"])
        .assert()
        .success();
    let concise = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = concise.lines().collect();
    assert_eq!(lines.len(), findings.len() + 1, "{concise}");
    assert_eq!(lines.last().unwrap(), &"0 errors, 89 warnings, 38 info");
    let at = locations(&concise, file);
    assert_eq!(at.len(), findings.len());
    let starts: Vec<usize> = text
        .split_inclusive('\n')
        .scan(0, |offset, l| {
            let start = *offset;
            *offset += l.len();
            Some(start)
        })
        .collect();
    let value: Value = serde_json::from_str(&text).unwrap();
    for ((line, column), f) in at.iter().zip(findings) {
        let here = &text[starts[line - 1] + column - 1..];
        let pointed = value.pointer(f["pointer"].as_str().unwrap()).unwrap();
        let parsed: Value = serde_json::Deserializer::from_str(here)
            .into_iter()
            .next()
            .unwrap()
            .unwrap();
        assert_eq!(&parsed, pointed, "{f}");
    }
    assert!(lines[0].contains(": warning[thin-description] API-get-user: "));
    // `--format concise` is the same.
    toolcheck()
        .args(["check", file, "--format", "concise"])
        .assert()
        .stdout(concise.clone());

    // Full: the rule's why once per rule (8 rules, 127 findings), each
    // finding from its place.
    let out = toolcheck().args(["check", file]).assert().success();
    let full = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(full.matches("   = why: ").count(), 8, "{full}");
    assert_eq!(
        full.matches("   = fix: ").count(),
        locations(&full, file).len()
    );
    assert!(locations(&full, file).len() > 6);
    // Standard input has no file name to give but `<stdin>`.
    let out = toolcheck()
        .args(["check", "-", "--output-format", "concise"])
        .write_stdin(text)
        .assert()
        .success();
    let stdin = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(locations(&stdin, "<stdin>"), at);
}

#[test]
fn several_captures_point_into_each_file() {
    let dir = corpus_dir();
    let memory = dir.join("server-memory.tools-list.json");
    let notion = dir.join("notion.tools-list.json");
    let (memory, notion) = (memory.to_str().unwrap(), notion.to_str().unwrap());
    for format in ["text", "concise"] {
        let out = toolcheck()
            .args(["check", memory, notion, "--format", format])
            .assert()
            .success();
        let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        let in_memory = stdout
            .lines()
            .filter(|l| l.contains("server-memory.tools-list.json:"))
            .count();
        let in_notion = stdout
            .lines()
            .filter(|l| l.contains("notion.tools-list.json:"))
            .count();
        assert!(in_memory > 0 && in_notion > 0, "{format}: {stdout}");
    }
}

#[test]
fn markdown_output_is_the_report() {
    let out = toolcheck()
        .args(["check", "--sample", "--format", "markdown"])
        .assert()
        .code(1);
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(stdout.starts_with("# Toolcheck report"));
    assert!(stdout.contains("3 errors"));
    // Never the pasted descriptions.
    assert!(!stdout.contains("Search a customer's orders"));
    assert!(!stdout.contains("Customer id, e.g."));
}

#[test]
fn fail_on_sets_the_exit_code() {
    toolcheck()
        .args(["check", "--sample", "--fail-on", "never"])
        .assert()
        .code(0);
    let clean = r#"{"tools":[{"name":"ok","description":"Reads things. Use it to read. It never writes.","inputSchema":{"type":"object","additionalProperties":false}}]}"#;
    toolcheck()
        .args(["check", "-", "--fail-on", "error"])
        .write_stdin(clean)
        .assert()
        .code(0);
}

#[test]
fn reads_standard_input_and_files() {
    let dir = std::env::temp_dir().join(format!("toolcheck-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("tools.json");
    std::fs::write(&file, toolcheck::sample::TOOLS).unwrap();
    toolcheck().args(["check"]).arg(&file).assert().code(1);
    toolcheck()
        .args(["check"])
        .write_stdin(toolcheck::sample::TOOLS)
        .assert()
        .code(1);
}

#[test]
fn input_errors_exit_2_with_line_and_column() {
    let out = toolcheck()
        .args(["check", "-"])
        .write_stdin("{\n  \"tools\": [,]\n}")
        .assert()
        .code(2);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("line 2, column"), "{stderr}");
    toolcheck()
        .args(["check", "/nonexistent/tools.json"])
        .assert()
        .code(2);
    toolcheck()
        .args(["check", "--sample", "--against", "bard"])
        .assert()
        .code(2);
    toolcheck()
        .args(["check", "-"])
        .write_stdin(vec![0xff_u8, 0xfe, b'{'])
        .assert()
        .code(2);
}

#[test]
fn rules_and_explain() {
    let out = toolcheck().arg("rules").assert().success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    for rule in toolcheck::catalog::every_rule() {
        assert!(stdout.contains(rule.id), "rules output lacks {}", rule.id);
    }
    assert!(
        stdout.contains("structured-content-invalid            error    result       fix:none   "),
        "the result rules are listed like the others:\n{stdout}"
    );
    let out = toolcheck()
        .args(["explain", "structured-content-invalid"])
        .assert()
        .success();
    let explained = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        explained.starts_with("# structured-content-invalid (error, result, fix: none)")
            && explained.contains("## Why is this bad?"),
        "{explained}"
    );
    let out = toolcheck()
        .args(["explain", "required-not-in-properties"])
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(stdout.contains("## What it does") && stdout.contains("## Why is this bad?"));
    toolcheck()
        .args(["explain", "no-such-rule"])
        .assert()
        .code(2);
}

#[test]
fn every_corpus_file_checks_without_a_panic() {
    let mut seen = 0;
    for entry in std::fs::read_dir(corpus_dir()).expect("the corpus is in the repository") {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        seen += 1;
        for against in ["mcp", "all"] {
            let out = toolcheck()
                .args([
                    "check",
                    "--format",
                    "json",
                    "--fail-on",
                    "never",
                    "--strict",
                    "--against",
                    against,
                ])
                .arg(&path)
                .assert()
                .code(0);
            let json = json_of(&out.get_output().stdout);
            assert!(json["tools"].as_u64().unwrap() > 0, "{}", path.display());
        }
    }
    assert!(seen >= 4, "expected the four corpus captures, found {seen}");
}

/// (rule, path) of each finding of a JSON report.
fn rule_paths(report: &Value) -> Vec<(String, String)> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["rule"].as_str().unwrap().to_owned(),
                f["path"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[test]
fn the_sample_against_gemini() {
    let out = toolcheck()
        .args([
            "check",
            "--sample",
            "--no-config",
            "--against",
            "gemini",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let report = json_of(&out.stdout);
    assert_eq!(
        report["settings"]["targets"],
        serde_json::json!(["mcp", "gemini"])
    );
    let gemini: Vec<(String, String)> = rule_paths(&report)
        .into_iter()
        .filter(|(rule, _)| rule.starts_with("gemini-"))
        .collect();
    assert_eq!(
        gemini,
        [
            (
                "gemini-unsupported-keyword".to_owned(),
                "result.tools[1].inputSchema.additionalProperties".to_owned()
            ),
            (
                "gemini-unsupported-keyword".to_owned(),
                "result.tools[1].inputSchema.properties.orderId[\"x-mcp-header\"]".to_owned()
            ),
        ]
    );
    // As parametersJsonSchema, nothing of the sample is Gemini's problem.
    let out = toolcheck()
        .args(["check", "--sample", "--no-config", "--against", "gemini"])
        .args(["--gemini-field", "json-schema", "--format", "json"])
        .output()
        .unwrap();
    let report = json_of(&out.stdout);
    assert!(
        rule_paths(&report)
            .iter()
            .all(|(rule, _)| !rule.starts_with("gemini-"))
    );
    // --against all keeps meaning OpenAI and Claude.
    let out = toolcheck()
        .args([
            "check",
            "--sample",
            "--no-config",
            "--against",
            "all",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert_eq!(json_of(&out.stdout)["summary"]["errors"], 5);
    toolcheck()
        .args(["check", "--sample", "--gemini-field", "openapi"])
        .assert()
        .code(2);
}

#[test]
fn a_gemini_request_body_is_detected_with_paths_into_it() {
    let body = serde_json::json!({
        "contents": [{"role": "user", "parts": [{"text": "hi"}]}],
        "tools": [
            {"googleSearch": {}},
            {"functionDeclarations": [
                {"name": "get-weather", "description": "Current weather for a city.",
                 "parameters": {"type": "OBJECT", "properties": {"city": {"type": ["STRING", "NULL"]}}}},
                {"name": "1st_search", "description": "Searches the web.",
                 "parametersJsonSchema": {"type": "object", "properties": {"q": {"type": "string"}},
                                          "additionalProperties": false}}
            ]}
        ]
    });
    let out = toolcheck()
        .args(["check", "-", "--no-config", "--format", "json"])
        .write_stdin(body.to_string())
        .output()
        .unwrap();
    let report = json_of(&out.stdout);
    assert_eq!(report["format"], "gemini-request");
    assert_eq!(report["tools"], 2);
    let found = rule_paths(&report);
    assert!(
        found.contains(&(
            "gemini-type-array".into(),
            "tools[1].functionDeclarations[0].parameters.properties.city.type".into()
        )),
        "{found:?}"
    );
    assert!(
        found.contains(&(
            "gemini-function-name-invalid".into(),
            "tools[1].functionDeclarations[1].name".into()
        )),
        "{found:?}"
    );
    // parametersJsonSchema takes additionalProperties.
    assert!(
        !found
            .iter()
            .any(|(rule, path)| rule == "gemini-unsupported-keyword"
                && path.contains("functionDeclarations[1]")),
        "{found:?}"
    );
    // A bare functionDeclarations object too.
    let bare =
        serde_json::json!({"functionDeclarations": body["tools"][1]["functionDeclarations"]});
    let out = toolcheck()
        .args(["check", "-", "--no-config", "--format", "json"])
        .write_stdin(bare.to_string())
        .output()
        .unwrap();
    assert_eq!(
        json_of(&out.stdout)["format"],
        "gemini-function-declarations"
    );
}

#[test]
fn the_compatibility_table_in_json_markdown_and_text() {
    let out = toolcheck()
        .args([
            "check",
            "--sample",
            "--no-config",
            "--matrix",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let report = json_of(&out.stdout);
    let table = &report["compatibility"];
    assert_eq!(
        table["targets"],
        serde_json::json!([
            "mcp",
            "openai-chat",
            "openai-strict",
            "claude",
            "claude-strict",
            "gemini"
        ])
    );
    let get_order = &table["tools"][1];
    assert_eq!(get_order["tool"], "get_order");
    assert_eq!(get_order["gemini"]["verdict"], "rejected");
    assert_eq!(
        get_order["gemini"]["rules"],
        serde_json::json!(["x-mcp-header-not-token", "gemini-unsupported-keyword"])
    );
    assert_eq!(
        table["tools"][0]["openai-chat"]["rules"],
        serde_json::json!(["required-not-in-properties", "openai-tool-name-invalid"])
    );
    // The check itself is unchanged: MCP only.
    assert_eq!(report["summary"]["errors"], 3);

    let out = toolcheck()
        .args([
            "check",
            "--sample",
            "--no-config",
            "--matrix",
            "--format",
            "markdown",
        ])
        .output()
        .unwrap();
    let md = String::from_utf8(out.stdout).unwrap();
    assert!(md.contains("## Which clients take each tool"), "{md}");
    assert!(
        md.contains(
            "| Tool | MCP | OpenAI Chat | OpenAI strict | Claude | Claude strict | Gemini |"
        ),
        "{md}"
    );

    let out = toolcheck()
        .args(["check", "--sample", "--no-config", "--matrix"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(
            "tool           MCP       OpenAI Chat  OpenAI strict  Claude    Claude strict  Gemini\n"
        ),
        "{text}"
    );
    let out = toolcheck()
        .args(["check", "--sample", "--no-config"])
        .output()
        .unwrap();
    assert!(
        !String::from_utf8(out.stdout)
            .unwrap()
            .contains("Claude strict")
    );
    // Without --matrix no format has it.
    let out = toolcheck()
        .args(["check", "--sample", "--no-config", "--format", "json"])
        .output()
        .unwrap();
    assert!(json_of(&out.stdout).get("compatibility").is_none());
}

/// The client view, `--against <client>`, and what the strict-mode
/// converters do, on a capture that each client takes differently.
#[test]
fn the_client_view_and_checks_against_a_client() {
    let dir = std::env::temp_dir().join(format!("toolcheck-clients-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let capture = dir.join("tools.json");
    std::fs::write(
        &capture,
        r#"{"tools": [
  {"name": "tag_issue", "description": "Adds labels to an issue, and returns the issue with its labels.",
   "inputSchema": {"type": "object", "properties": {"labels": {"type": "array", "description": "Labels to add"}}, "required": ["labels"], "additionalProperties": false}},
  {"name": "get_weather", "description": "Returns the weather in a city, in degrees Celsius.",
   "inputSchema": {"type": "object", "properties": {"city": {"type": "string", "description": "City name", "pattern": "^[A-Za-z ]+$"}}, "required": ["city"], "additionalProperties": false},
   "outputSchema": {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {"celsius": {"type": "number"}}}},
  {"name": "set_labels", "description": "Replaces the labels of an issue, and returns the issue with its labels.",
   "inputSchema": {"type": "object", "properties": {"labels": {"type": "object", "description": "Label names by colour", "additionalProperties": {"type": "string"}}}, "required": ["labels"]}}
]}"#,
    )
    .unwrap();
    let out = toolcheck()
        .args(["check", "--no-config", "--matrix", "--format", "json"])
        .arg(&capture)
        .output()
        .unwrap();
    let report = json_of(&out.stdout);
    let table = &report["compatibility"];
    assert_eq!(
        table["clients"],
        serde_json::json!([
            "vscode",
            "claude-code",
            "claude-desktop",
            "cursor",
            "gemini-cli",
            "codex",
            "chatgpt",
            "agents-sdk",
            "agents-sdk-strict"
        ])
    );
    let cell = |tool: usize, client: &str| table["by_client"][tool][client].clone();
    // VS Code refuses the array without items; the model APIs take it.
    assert_eq!(cell(0, "vscode")["verdict"], "rejected");
    assert_eq!(
        cell(0, "vscode")["rules"],
        serde_json::json!(["vscode-array-without-items"])
    );
    assert_eq!(table["tools"][0]["openai-chat"]["verdict"], "works");
    assert_eq!(cell(0, "claude-code")["verdict"], "works");
    // Claude Desktop and the draft-07 output schema (users' reports: a warning).
    assert_eq!(cell(1, "claude-desktop")["verdict"], "works-with-warnings");
    assert!(
        cell(1, "claude-desktop")["rules"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!("claude-desktop-output-schema-dialect"))
    );
    assert_eq!(cell(1, "claude-code")["verdict"], "works");
    // Codex drops the pattern.
    assert_eq!(
        cell(1, "codex")["rules"],
        serde_json::json!(["codex-dropped-constraint"])
    );
    // The Agents SDK's strict conversion fixes what it can (the first two
    // take strict mode after it) and raises on a map, which then goes
    // without strict.
    assert_eq!(table["tools"][1]["openai-strict"]["verdict"], "works");
    assert_eq!(
        cell(2, "agents-sdk-strict")["verdict"],
        "works-with-warnings"
    );
    assert_eq!(
        cell(2, "agents-sdk-strict")["rules"],
        serde_json::json!([
            "agents-strict-conversion-fails",
            "openai-object-missing-properties"
        ])
    );
    assert_eq!(table["tools"][2]["openai-strict"]["verdict"], "rejected");
    // The check itself is MCP's: no client rule ran.
    assert!(
        report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| !f["rule"].as_str().unwrap().starts_with("vscode-"))
    );

    // `--against vscode,cursor` runs VS Code's rules and OpenAI's and
    // Claude's, which those clients forward to.
    let out = toolcheck()
        .args([
            "check",
            "--no-config",
            "--against",
            "vscode,cursor",
            "--format",
            "json",
        ])
        .arg(&capture)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let report = json_of(&out.stdout);
    assert_eq!(
        report["settings"]["targets"],
        serde_json::json!(["mcp", "openai", "claude", "vscode", "cursor"])
    );
    let rules: Vec<&str> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["rule"].as_str().unwrap())
        .collect();
    assert!(rules.contains(&"vscode-array-without-items"), "{rules:?}");
    assert!(!rules.contains(&"codex-dropped-constraint"), "{rules:?}");
    let text = toolcheck()
        .args(["check", "--no-config", "--against", "vscode,cursor"])
        .arg(&capture)
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("Checked against MCP + OpenAI + Claude + VS Code + Cursor"),
        "{text}"
    );
    let err = toolcheck()
        .args(["check", "--no-config", "--against", "vscod"])
        .arg(&capture)
        .output()
        .unwrap();
    assert_eq!(err.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&err.stderr).contains("gemini-cli"));

    // A strict finding says what each converter does to it, in JSON and Markdown.
    let out = toolcheck()
        .args([
            "check",
            "--sample",
            "--no-config",
            "--against",
            "all",
            "--strict",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let report = json_of(&out.stdout);
    let findings = report["findings"].as_array().unwrap();
    let strict = findings
        .iter()
        .find(|f| f["rule"] == "openai-strict-additional-properties")
        .expect("the sample has one");
    assert_eq!(
        strict["converter"],
        serde_json::json!({"ensure_strict_json_schema": "fixes"})
    );
    assert!(
        findings
            .iter()
            .filter(|f| !f["rule"].as_str().unwrap().contains("strict"))
            .all(|f| f.get("converter").is_none())
    );
    let md = toolcheck()
        .args([
            "check",
            "--sample",
            "--no-config",
            "--against",
            "all",
            "--strict",
            "--matrix",
            "--format",
            "markdown",
        ])
        .output()
        .unwrap();
    let md = String::from_utf8(md.stdout).unwrap();
    assert!(
        md.contains("- **Converter:** `ensure_strict_json_schema` fixes"),
        "{md}"
    );
    assert!(md.contains("### By client"), "{md}");
    assert!(md.contains("| Tool | VS Code | Claude Code | Claude Desktop | Cursor | Gemini CLI | Codex | ChatGPT | Agents SDK | Agents SDK strict |"), "{md}");
}

#[test]
fn security_rules_carry_the_owasp_mcp_top_10_in_rules_json_and_sarif() {
    let out = toolcheck()
        .args(["rules", "--format", "json"])
        .assert()
        .code(0);
    let rules = json_of(&out.get_output().stdout);
    let injected = rules
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "injected-instructions")
        .unwrap();
    let ids: Vec<&str> = injected["owasp"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["MCP03", "MCP06"]);
    let out = toolcheck()
        .args(["check", "--sample", "--format", "sarif"])
        .assert()
        .code(1);
    let sarif = json_of(&out.get_output().stdout);
    let run = &sarif["runs"][0];
    let taxonomy = &run["taxonomies"][0];
    assert_eq!(taxonomy["name"], "OWASP MCP Top 10");
    assert_eq!(taxonomy["taxa"].as_array().unwrap().len(), 10);
    assert_eq!(taxonomy["taxa"][2]["name"], "Tool Poisoning");
    assert_eq!(
        run["tool"]["driver"]["supportedTaxonomies"][0]["name"],
        "OWASP MCP Top 10"
    );
    let rule = run["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "secret-in-definition")
        .unwrap();
    assert_eq!(rule["relationships"][0]["target"]["id"], "MCP01");
    assert_eq!(
        rule["relationships"][0]["target"]["toolComponent"]["index"],
        0
    );
}
