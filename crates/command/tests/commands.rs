//! The command layer on its own, natively, with a host that keeps its files
//! in memory: what each command writes and how it exits, for every front
//! end. The CLI's tests run the native binary; the npm package's tests
//! (scripts/test-npm.sh) compare its bin and API with it byte for byte.

use std::cell::RefCell;
use std::collections::BTreeMap;

use serde_json::{Value, json};
use toolcheck_command::api::{self, Failure};
use toolcheck_command::{Host, Problem};

/// Files in memory, standard input, and the files a command wrote.
#[derive(Default)]
struct Memory {
    files: BTreeMap<String, Vec<u8>>,
    stdin: Vec<u8>,
    written: RefCell<BTreeMap<String, Vec<u8>>>,
}

impl Host for Memory {
    fn read(&self, path: &str) -> Result<Vec<u8>, String> {
        self.files
            .get(path)
            .cloned()
            .ok_or_else(|| "No such file or directory (os error 2)".to_owned())
    }

    fn read_stdin(&self) -> Result<Vec<u8>, String> {
        Ok(self.stdin.clone())
    }

    fn write(&self, path: &str, bytes: &[u8]) -> Result<(), String> {
        self.written
            .borrow_mut()
            .insert(path.to_owned(), bytes.to_vec());
        Ok(())
    }

    fn is_file(&self, path: &str) -> bool {
        self.files.contains_key(path)
    }

    fn current_dir(&self) -> Option<String> {
        Some("/work".into())
    }

    fn env(&self, _: &str) -> Option<String> {
        None
    }
}

/// What a command line wrote, and its exit code.
struct Ran {
    stdout: String,
    stderr: String,
    code: u8,
}

fn run(host: &mut Memory, args: &[&str]) -> Ran {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let argv = std::iter::once("toolcheck").chain(args.iter().copied());
    let code = toolcheck_command::run(argv, host, &mut out, &mut err);
    Ran {
        stdout: String::from_utf8(out).unwrap(),
        stderr: String::from_utf8(err).unwrap(),
        code,
    }
}

fn with(files: &[(&str, &str)]) -> Memory {
    Memory {
        files: files
            .iter()
            .map(|(p, t)| ((*p).to_owned(), t.as_bytes().to_vec()))
            .collect(),
        ..Memory::default()
    }
}

const SAMPLE: &str = toolcheck::sample::TOOLS;

#[test]
fn the_json_report_is_the_cores_with_a_newline() {
    let ran = run(
        &mut Memory::default(),
        &["check", "--sample", "--format", "json"],
    );
    let report = toolcheck::check(SAMPLE, &Default::default()).unwrap();
    assert_eq!(ran.stdout, toolcheck::report::json::json(&report) + "\n");
    assert_eq!((ran.code, ran.stderr.as_str()), (1, ""));
}

#[test]
fn fail_on_comes_from_the_flag_then_the_config() {
    let never = [("toolcheck.toml", "fail-on = \"never\"\n")];
    assert_eq!(run(&mut Memory::default(), &["check", "--sample"]).code, 1);
    assert_eq!(
        run(
            &mut Memory::default(),
            &["check", "--sample", "--fail-on", "never"]
        )
        .code,
        0
    );
    assert_eq!(run(&mut with(&never), &["check", "--sample"]).code, 0);
    assert_eq!(
        run(
            &mut with(&never),
            &["check", "--sample", "--fail-on", "error"]
        )
        .code,
        1
    );
    assert_eq!(
        run(&mut with(&never), &["check", "--sample", "--no-config"]).code,
        1
    );
}

#[test]
fn a_threshold_fails_the_run_and_is_told_on_standard_error_except_in_text() {
    let config = [(
        "toolcheck.toml",
        "fail-on = \"never\"\n[thresholds]\nmax-undescribed = \"5%\"\n",
    )];
    let json = run(
        &mut with(&config),
        &["check", "--sample", "--format", "json"],
    );
    assert_eq!(json.code, 1);
    assert!(
        json.stderr
            .starts_with("toolcheck: threshold exceeded: 1 of 7 parameters"),
        "{}",
        json.stderr
    );
    let text = run(&mut with(&config), &["check", "--sample"]);
    assert_eq!((text.code, text.stderr.as_str()), (1, ""));
    assert!(
        text.stdout
            .contains("threshold exceeded: 1 of 7 parameters")
    );
}

#[test]
fn invalid_json_is_named_as_the_cli_names_its_input() {
    let broken = "{\"tools\": [\n  {\"name\": \"a\",}\n]}";
    let file = run(&mut with(&[("t.json", broken)]), &["check", "t.json"]);
    assert_eq!(file.code, 2);
    assert!(
        file.stderr
            .starts_with("toolcheck: t.json: line 2, column 16: "),
        "{}",
        file.stderr
    );
    let mut stdin = Memory {
        stdin: broken.as_bytes().to_vec(),
        ..Memory::default()
    };
    for args in [&["check"][..], &["check", "-"]] {
        let read = run(&mut stdin, args);
        assert!(
            read.stderr.starts_with("toolcheck: <stdin>: line 2"),
            "{}",
            read.stderr
        );
    }
    let mut latin1 = Memory::default();
    latin1.files.insert("t.json".into(), b"{\"\xe9\"}".to_vec());
    assert_eq!(
        run(&mut latin1, &["check", "t.json"]).stderr,
        "toolcheck: t.json is not valid UTF-8 (invalid byte at offset 2); JSON must be UTF-8\n"
    );
    // The typed API names nothing, unless told the file's name.
    match api::check("check", broken.as_bytes().to_vec(), &Value::Null) {
        Err(Failure::Problem(p)) => {
            assert_eq!((p.line, p.column), (Some(2), Some(16)));
            assert!(
                p.message.starts_with("line 2, column 16: "),
                "{}",
                p.message
            );
        }
        _ => panic!("invalid JSON is a problem"),
    }
}

#[test]
fn the_flags_and_the_config_are_checked_before_the_input_is_read() {
    let bad_config = run(
        &mut with(&[("toolcheck.toml", "stric = true\n")]),
        &["check", "t.json"],
    );
    assert!(
        bad_config
            .stderr
            .starts_with("toolcheck: toolcheck.toml:1:1: unknown field `stric`"),
        "{}",
        bad_config.stderr
    );
    let bad_rule = run(
        &mut Memory::default(),
        &["check", "t.json", "--select", "requried-not-in-properties"],
    );
    assert!(
        bad_rule
            .stderr
            .contains("did you mean \"required-not-in-properties\""),
        "{}",
        bad_rule.stderr
    );
    let missing = run(&mut Memory::default(), &["check", "t.json"]);
    assert_eq!(
        (missing.code, missing.stderr.as_str()),
        (
            2,
            "toolcheck: cannot read t.json: No such file or directory (os error 2)\n"
        )
    );
}

#[test]
fn a_usage_error_is_clap_s_and_each_command_takes_its_own_formats() {
    let ran = run(
        &mut Memory::default(),
        &["diff", "a.json", "b.json", "--format", "concise"],
    );
    assert_eq!(ran.code, 2);
    assert!(
        ran.stderr
            .starts_with("error: invalid value 'concise' for '--format <FORMAT>'"),
        "{}",
        ran.stderr
    );
    assert!(
        ran.stderr
            .contains("[possible values: text, markdown, json, sarif, github]")
    );
    let ran = run(&mut Memory::default(), &["check", "--revision", "2024"]);
    assert!(
        ran.stderr.starts_with(
            "error: invalid value '2024' for '--revision <REVISION>': unknown MCP revision"
        ),
        "{}",
        ran.stderr
    );
    let help = run(&mut Memory::default(), &["check", "--help"]);
    assert_eq!((help.code, help.stderr.as_str()), (0, ""));
    assert!(
        help.stdout.contains("--tool-budget <TOKENS>"),
        "{}",
        help.stdout
    );
}

#[test]
fn result_and_infer_name_their_inputs_as_the_cli_does() {
    let result = toolcheck::sample::RESULT;
    let mut host = with(&[
        ("tools.json", SAMPLE),
        ("r.json", result),
        ("bad.json", "{"),
    ]);
    let ran = run(
        &mut host,
        &[
            "result",
            "--tools",
            "tools.json",
            "--tool",
            "get_ordr",
            "r.json",
        ],
    );
    assert!(
        ran.stderr
            .starts_with("toolcheck: tools.json: No tool named \"get_ordr\""),
        "{}",
        ran.stderr
    );
    let ran = run(
        &mut host,
        &[
            "result",
            "--tools",
            "tools.json",
            "--tool",
            "get_order",
            "bad.json",
        ],
    );
    assert!(
        ran.stderr.starts_with("toolcheck: bad.json: line 1"),
        "{}",
        ran.stderr
    );
    let ran = run(
        &mut host,
        &[
            "result",
            "--tools",
            "tools.json",
            "--tool",
            "get_order",
            "no.json",
        ],
    );
    assert_eq!(
        ran.stderr,
        "toolcheck: result: cannot read no.json: No such file or directory (os error 2)\n"
    );
    let ran = run(
        &mut host,
        &[
            "result",
            "--tools",
            "tools.json",
            "--tool",
            "get_order",
            "r.json",
            "--format",
            "json",
        ],
    );
    assert_eq!(ran.code, 1);
    let report: Value = serde_json::from_str(&ran.stdout).unwrap();
    assert_eq!(report["summary"]["errors"], 2);
    let mut stdin = Memory {
        stdin: b"[".to_vec(),
        ..Memory::default()
    };
    let ran = run(&mut stdin, &["infer"]);
    assert!(
        ran.stderr.starts_with("toolcheck: <stdin>: line 1"),
        "{}",
        ran.stderr
    );
}

#[test]
fn an_unreadable_capture_among_several_is_a_server_not_checked() {
    let mut host = with(&[("a/orders.json", SAMPLE)]);
    let ran = run(
        &mut host,
        &[
            "check",
            "a/orders.json",
            "b/missing.json",
            "--format",
            "json",
        ],
    );
    let json: Value = serde_json::from_str(&ran.stdout).unwrap();
    assert_eq!(json["servers"][0]["name"], "orders");
    assert_eq!(json["servers"][1]["name"], "missing");
    assert!(
        json["across"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["rule"] == "server-not-checked" && f["server"] == "missing")
    );
    let ran = run(&mut host, &["check", "a/orders.json", "b.json", "--matrix"]);
    assert!(
        ran.stderr.starts_with("toolcheck: --matrix"),
        "{}",
        ran.stderr
    );
}

#[test]
fn fix_gives_the_text_a_diff_or_the_file_and_says_what_changed() {
    let fixed = run(&mut Memory::default(), &["fix", "--sample"]);
    assert!(
        fixed
            .stderr
            .starts_with("Applied 2 fixes (2 safe, 0 unsafe).\n"),
        "{}",
        fixed.stderr
    );
    assert!(fixed.stdout.contains("\"type\": \"number\""));
    let diff = run(&mut Memory::default(), &["fix", "--sample", "--diff"]);
    assert!(
        diff.stdout.starts_with("--- a/sample\n+++ b/sample\n"),
        "{}",
        diff.stdout
    );
    let mut host = with(&[("t.json", &fixed.stdout)]);
    let again = run(&mut host, &["fix", "t.json", "--in-place"]);
    assert_eq!(again.stdout, "");
    assert!(
        host.written.borrow().is_empty(),
        "an unchanged file is not rewritten"
    );
    let mut host = with(&[("t.json", SAMPLE)]);
    run(&mut host, &["fix", "t.json", "--in-place"]);
    assert_eq!(
        host.written.borrow().get("t.json").map(Vec::as_slice),
        Some(fixed.stdout.as_bytes())
    );
}

#[test]
fn explain_names_an_unknown_rule_as_the_cli_does() {
    let ran = run(&mut Memory::default(), &["explain", "unknown-type-name"]);
    assert!(ran.stdout.starts_with("# unknown-type-name (error, "));
    let ran = run(&mut Memory::default(), &["explain", "nope"]);
    assert_eq!(
        (ran.code, ran.stderr.as_str()),
        (
            2,
            "toolcheck: no rule named \"nope\"; `toolcheck rules` lists them\n"
        )
    );
}

#[test]
fn without_live_servers_the_host_says_how_to_get_the_native_binary() {
    for args in [
        &["check", "--stdio", "--", "npx", "server"][..],
        &["check", "--url", "http://127.0.0.1:9/mcp"],
        &["capture", "--", "npx", "server"],
        &["check", "--mcp-config", ".mcp.json"],
        &["mcp"],
    ] {
        let ran = run(&mut Memory::default(), args);
        assert_eq!(ran.code, 2, "{args:?}");
        assert!(
            ran.stderr.starts_with("toolcheck: ")
                && ran.stderr.contains("needs the native toolcheck binary"),
            "{args:?}: {}",
            ran.stderr
        );
    }
}

#[test]
fn the_typed_api_reads_its_options_with_the_flags_parser() {
    let json = |options: Value| {
        api::check("check", SAMPLE.as_bytes().to_vec(), &options)
            .ok()
            .unwrap()
    };
    // A list, or a comma-separated string: the same settings.
    assert_eq!(
        json(json!({"against": ["all", "gemini"]})),
        json(json!({"against": "openai,claude,gemini"}))
    );
    let cli = run(
        &mut Memory::default(),
        &[
            "check",
            "--sample",
            "--format",
            "json",
            "--tool-budget",
            "200",
            "--strict",
        ],
    );
    assert_eq!(json(json!({"toolBudget": 200, "strict": true})), cli.stdout);
    match api::check(
        "check",
        SAMPLE.as_bytes().to_vec(),
        &json!({"revision": "2024"}),
    ) {
        Err(Failure::Problem(Problem {
            option, message, ..
        })) => {
            assert_eq!(option.as_deref(), Some("revision"));
            assert!(
                message.starts_with("revision: unknown MCP revision \"2024\""),
                "{message}"
            );
        }
        _ => panic!("a refused value names its option"),
    }
    for wrong in [
        json!({"stict": true}),
        json!({"format": "json"}),
        json!({"strict": "yes"}),
        json!([1]),
    ] {
        assert!(
            matches!(
                api::check("check", SAMPLE.as_bytes().to_vec(), &wrong),
                Err(Failure::Type(_))
            ),
            "{wrong}"
        );
    }
    let fixed = api::fix(SAMPLE.as_bytes().to_vec(), &Value::Null)
        .ok()
        .unwrap();
    let fixed: Value = serde_json::from_str(&fixed).unwrap();
    assert_eq!(fixed["changed"], true);
    assert_eq!(fixed["applied"].as_array().unwrap().len(), 2);
}

#[test]
fn the_settings_types_name_every_setting_flag() {
    let types = toolcheck_command::options::settings_types();
    for option in toolcheck_command::options::settings_options() {
        assert!(
            types.contains(&format!("  {option}?: ")),
            "{option}:\n{types}"
        );
    }
    assert!(types.contains("  toolBudget?: number;"), "{types}");
    assert!(types.contains("  against?: Against;"), "{types}");
}
