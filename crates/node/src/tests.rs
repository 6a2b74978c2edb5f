//! The commands on their own, natively. The npm package's tests
//! (packages/npm/test, run by scripts/test-npm.sh) compare the compiled
//! module with the native CLI byte for byte.

use crate::options::Options;
use crate::run::{self, Problem, Server};

fn options(json: &str) -> Options {
    Options::parse(json).unwrap()
}

fn problem(result: Result<run::Output, Problem>) -> Problem {
    result.expect_err("the command should fail")
}

#[test]
fn the_json_report_is_the_cores_with_a_newline() {
    let out = run::check(b"", None, &options(r#"{"sample": true, "format": "json"}"#)).unwrap();
    let report = toolcheck::check(toolcheck::sample::TOOLS, &Default::default()).unwrap();
    assert_eq!(out.stdout, toolcheck::report::json::json(&report) + "\n");
    assert_eq!((out.code, out.stderr.as_str()), (1, ""));
}

#[test]
fn fail_on_comes_from_the_flag_then_the_config() {
    let sample = |json: &str| run::check(b"", None, &options(json)).unwrap().code;
    assert_eq!(sample(r#"{"sample": true}"#), 1);
    assert_eq!(sample(r#"{"sample": true, "failOn": "never"}"#), 0);
    assert_eq!(
        sample(r#"{"sample": true, "config": "fail-on = \"never\"\n"}"#),
        0
    );
    assert_eq!(
        sample(r#"{"sample": true, "config": "fail-on = \"never\"\n", "failOn": "error"}"#),
        1
    );
}

#[test]
fn a_threshold_fails_the_run_and_is_told_on_standard_error_except_in_text() {
    let config = r#""config": "fail-on = \"never\"\n[thresholds]\nmax-undescribed = \"5%\"\n""#;
    let json = run::check(
        b"",
        None,
        &options(&format!(
            r#"{{"sample": true, "format": "json", {config}}}"#
        )),
    )
    .unwrap();
    assert_eq!(json.code, 1);
    assert!(
        json.stderr
            .starts_with("toolcheck: threshold exceeded: 1 of 7 parameters"),
        "{}",
        json.stderr
    );
    let text = run::check(
        b"",
        None,
        &options(&format!(r#"{{"sample": true, {config}}}"#)),
    )
    .unwrap();
    assert_eq!((text.code, text.stderr.as_str()), (1, ""));
    assert!(
        text.stdout
            .contains("threshold exceeded: 1 of 7 parameters")
    );
}

#[test]
fn invalid_json_is_named_as_the_cli_names_its_input() {
    let broken = b"{\"tools\": [\n  {\"name\": \"a\",}\n]}";
    let api = problem(run::check(broken, None, &options("{}")));
    assert_eq!((api.line, api.column), (Some(2), Some(16)));
    assert!(
        api.message.starts_with("line 2, column 16: "),
        "{}",
        api.message
    );
    let file = problem(run::check(broken, None, &options(r#"{"file": "t.json"}"#)));
    assert!(file.message.starts_with("t.json: line 2, column 16: "));
    for stdin in [r#"{"file": "-"}"#, r#"{"stdin": true}"#] {
        let read = problem(run::check(broken, None, &options(stdin)));
        assert!(
            read.message.starts_with("<stdin>: line 2"),
            "{}",
            read.message
        );
    }
    let latin1 = problem(run::check(
        b"{\"\xe9\"}",
        None,
        &options(r#"{"file": "t.json"}"#),
    ));
    assert_eq!(
        latin1.message,
        "t.json is not valid UTF-8 (invalid byte at offset 2); JSON must be UTF-8"
    );
}

#[test]
fn the_flags_and_the_config_are_checked_before_the_input_is_read() {
    let unreadable = Some("cannot read t.json: No such file or directory (os error 2)");
    let bad_config = options(r#"{"file": "t.json", "config": "stric = true\n"}"#);
    let e = problem(run::check(b"", unreadable, &bad_config));
    assert!(
        e.message
            .starts_with("toolcheck.toml:1:1: unknown field `stric`"),
        "{}",
        e.message
    );
    let bad_rule = options(r#"{"file": "t.json", "select": "requried-not-in-properties"}"#);
    let e = problem(run::check(b"", unreadable, &bad_rule));
    assert!(
        e.message
            .contains("did you mean \"required-not-in-properties\"")
    );
    let e = problem(run::check(
        b"",
        unreadable,
        &options(r#"{"file": "t.json"}"#),
    ));
    assert_eq!(Some(e.message.as_str()), unreadable);
}

#[test]
fn options_are_checked_by_name_and_value() {
    let e = Options::parse(r#"{"stict": true}"#).unwrap_err();
    assert!(
        e.message.starts_with("options: unknown field `stict`"),
        "{}",
        e.message
    );
    let e = problem(run::check(
        b"",
        None,
        &options(r#"{"sample": true, "revision": "2024"}"#),
    ));
    assert_eq!(e.option, Some("revision"));
    assert!(
        e.message
            .starts_with("revision: unknown MCP revision \"2024\"")
    );
    let e = problem(run::check(
        b"",
        None,
        &options(r#"{"sample": true, "against": ["all", "nope"]}"#),
    ));
    assert_eq!(e.option, Some("against"));
    // A list, or a comma-separated string: the same settings.
    let json = |against: &str| {
        run::check(
            b"",
            None,
            &options(&format!(
                r#"{{"sample": true, "format": "json", "against": {against}}}"#
            )),
        )
        .unwrap()
        .stdout
    };
    assert_eq!(
        json(r#"["all", "gemini"]"#),
        json(r#""openai,claude,gemini""#)
    );
}

#[test]
fn each_command_takes_its_own_formats() {
    let concise = options(r#"{"format": "concise"}"#);
    let side = |bytes: &'static [u8]| run::Side {
        bytes,
        file: None,
        uri: None,
    };
    let tools = toolcheck::sample::TOOLS.as_bytes();
    let e = problem(run::diff(&side(tools), &side(tools), &concise));
    assert_eq!(e.option, Some("format"));
    assert!(
        e.message
            .ends_with("expected text, markdown, json, sarif, github")
    );
    let sample = options(r#"{"sample": true, "format": "sarif"}"#);
    let e = problem(run::check_result(b"", None, None, b"", None, &sample));
    assert!(e.message.ends_with("expected text, markdown, json"));
}

#[test]
fn result_and_infer_name_their_inputs_as_the_cli_does() {
    let named = options(r#"{"toolsFile": "tools.json", "file": "-"}"#);
    let tools = toolcheck::sample::TOOLS.as_bytes();
    let e = problem(run::check_result(
        tools,
        None,
        Some("get_ordr"),
        b"{}",
        None,
        &named,
    ));
    assert!(
        e.message
            .starts_with("tools.json: No tool named \"get_ordr\""),
        "{}",
        e.message
    );
    let e = problem(run::check_result(
        tools,
        None,
        Some("get_order"),
        b"{",
        None,
        &named,
    ));
    assert!(e.message.starts_with("-: line 1"), "{}", e.message);
    let e = problem(run::check_result(
        tools,
        None,
        Some("get_order"),
        b"",
        Some("cannot read r.json: No such file or directory (os error 2)"),
        &named,
    ));
    assert_eq!(
        e.message,
        "result: cannot read r.json: No such file or directory (os error 2)"
    );
    let e = problem(run::infer(b"[", None, &options(r#"{"stdin": true}"#)));
    assert!(e.message.starts_with("<stdin>: line 1"), "{}", e.message);
}

#[test]
fn an_unreadable_capture_among_several_is_a_server_not_checked() {
    let servers = [
        Server::new(
            "a/orders.json",
            None,
            Ok(toolcheck::sample::TOOLS.as_bytes()),
        ),
        Server::new(
            "b/missing.json",
            None,
            Err("cannot read b/missing.json: No such file or directory (os error 2)".into()),
        ),
    ];
    let out = run::check_servers(&servers, &options(r#"{"format": "json"}"#)).unwrap();
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(json["servers"][0]["name"], "orders");
    assert_eq!(json["servers"][1]["name"], "missing");
    assert!(
        json["across"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["rule"] == "server-not-checked" && f["server"] == "missing")
    );
    let e = problem(run::check_servers(
        &servers,
        &options(r#"{"matrix": true}"#),
    ));
    assert!(e.message.starts_with("--matrix"));
}

#[test]
fn fix_gives_the_text_or_a_diff_and_says_what_changed() {
    let fixed = run::fix(b"", None, &options(r#"{"sample": true}"#)).unwrap();
    assert!(fixed.changed);
    assert!(
        fixed
            .stderr
            .starts_with("Applied 2 fixes (2 safe, 0 unsafe).\n")
    );
    assert!(fixed.stdout.contains("\"type\": \"number\""));
    let diff = run::fix(b"", None, &options(r#"{"sample": true, "diff": true}"#)).unwrap();
    assert!(
        diff.stdout.starts_with("--- a/sample\n+++ b/sample\n"),
        "{}",
        diff.stdout
    );
    let again = run::fix(fixed.stdout.as_bytes(), None, &options("{}")).unwrap();
    assert!(!again.changed);
    assert_eq!(again.stdout, fixed.stdout);
}

#[test]
fn explain_names_an_unknown_rule_as_the_cli_does() {
    assert!(
        run::explain("unknown-type-name")
            .unwrap()
            .starts_with("# unknown-type-name (error, ")
    );
    assert_eq!(
        run::explain("nope").unwrap_err().message,
        "no rule named \"nope\"; `toolcheck rules` lists them"
    );
}
