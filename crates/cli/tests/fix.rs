//! `toolcheck fix` and `toolcheck check --fix` on the real binary.

use assert_cmd::Command;

fn toolcheck() -> Command {
    Command::cargo_bin("toolcheck").expect("the binary is built")
}

fn stdout(out: &assert_cmd::assert::Assert) -> String {
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

fn stderr(out: &assert_cmd::assert::Assert) -> String {
    String::from_utf8(out.get_output().stderr.clone()).unwrap()
}

#[test]
fn diff_of_the_sample_with_safe_fixes() {
    let out = toolcheck()
        .args(["fix", "--sample", "--diff"])
        .assert()
        .code(1);
    insta::assert_snapshot!("fix-diff-sample", stdout(&out));
    let summary = stderr(&out);
    assert!(
        summary.contains("Applied 2 fixes (2 safe, 0 unsafe)."),
        "{summary}"
    );
    assert!(summary.contains("Remaining: 1 error,"), "{summary}");
    assert!(summary.contains("more with --unsafe-fixes"), "{summary}");
    assert!(
        summary.contains("Tokens (bytes / 4): 711 before, 708 after (3 saved)."),
        "{summary}"
    );
}

#[test]
fn every_fix_and_every_target_leaves_no_error_and_valid_json() {
    let out = toolcheck()
        .args([
            "fix",
            "--sample",
            "--unsafe-fixes",
            "--against",
            "all",
            "--strict",
        ])
        .assert()
        .code(0);
    let fixed = stdout(&out);
    let doc: serde_json::Value = serde_json::from_str(&fixed).expect("the fixed text is JSON");
    assert_eq!(doc["result"]["tools"].as_array().unwrap().len(), 3);
    // The fixed text checks clean of errors.
    toolcheck()
        .args(["check", "-", "--against", "all", "--strict"])
        .write_stdin(fixed)
        .assert()
        .code(0);
}

#[test]
fn check_fix_is_the_same_command() {
    let a = toolcheck().args(["fix", "--sample"]).assert().code(1);
    let b = toolcheck()
        .args(["check", "--fix", "--sample"])
        .assert()
        .code(1);
    assert_eq!(stdout(&a), stdout(&b));
    assert_eq!(stderr(&a), stderr(&b));
    // Exit 0 once nothing at --fail-on remains.
    toolcheck()
        .args(["fix", "--sample", "--fail-on", "never"])
        .assert()
        .code(0);
}

#[test]
fn in_place_and_output_files() {
    let dir = std::env::temp_dir().join(format!("toolcheck-fix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("tools.json");
    std::fs::write(&file, toolcheck::sample::TOOLS).unwrap();
    let out_file = dir.join("fixed.json");
    toolcheck()
        .args([
            "fix",
            file.to_str().unwrap(),
            "-o",
            out_file.to_str().unwrap(),
        ])
        .assert()
        .code(1)
        .stdout("");
    let written = std::fs::read_to_string(&out_file).unwrap();
    assert!(written.contains("\"type\": \"number\""));
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        toolcheck::sample::TOOLS
    );

    toolcheck()
        .args(["fix", "--in-place", file.to_str().unwrap()])
        .assert()
        .code(1);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), written);
    // Idempotent: a second run changes nothing.
    let again = toolcheck()
        .args(["fix", "--in-place", file.to_str().unwrap()])
        .assert()
        .code(1);
    assert!(stderr(&again).contains("Applied 0 fixes"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), written);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage_and_input_errors_are_exit_2() {
    let out = toolcheck()
        .args(["fix", "--sample", "--in-place"])
        .assert()
        .code(2);
    assert!(stderr(&out).contains("--in-place needs a FILE"));
    toolcheck()
        .args(["check", "--sample", "--diff"])
        .assert()
        .code(2);
    toolcheck()
        .args(["fix", "-"])
        .write_stdin("{\"tools\": [")
        .assert()
        .code(2);
    toolcheck()
        .args(["fix", "--diff", "--in-place", "x.json"])
        .assert()
        .code(2);
}
