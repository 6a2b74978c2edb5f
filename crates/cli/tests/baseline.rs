//! A findings baseline on the real binary: `check --write-baseline FILE`
//! records the findings; `check --baseline FILE` (or `baseline` in
//! toolcheck.toml) reports and fails on the others only, says how many it
//! left out and which entries no longer match, and marks SARIF results.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::{Value, json};

fn toolcheck(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("toolcheck").expect("the binary is built");
    cmd.current_dir(dir);
    cmd
}

/// A fresh folder holding the sample as `tools.json`.
fn workspace(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("toolcheck-baseline-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let sample =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../core/resources/sample/tools-list.json");
    std::fs::copy(sample, dir.join("tools.json")).unwrap();
    dir
}

/// `toolcheck check tools.json --no-config ARGS…` in `dir`.
fn check(dir: &Path, args: &[&str]) -> Command {
    let mut cmd = toolcheck(dir);
    cmd.args(["check", "tools.json", "--no-config"]).args(args);
    cmd
}

fn tools(dir: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("tools.json")).unwrap()).unwrap()
}

fn findings(out: &[u8]) -> Vec<(String, String)> {
    let report: Value = serde_json::from_slice(out).unwrap();
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["tool"].as_str().unwrap_or("").to_owned(),
                f["rule"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[test]
fn reformatted_and_reordered_nothing_is_new_and_one_defect_is_exactly_that_finding() {
    let dir = workspace("round-trip");
    // The sample has errors: `check` fails on it.
    check(&dir, &[]).assert().code(1);
    let written = check(&dir, &["--write-baseline", "known.json"])
        .assert()
        .code(0);
    let stderr = String::from_utf8_lossy(&written.get_output().stderr).into_owned();
    assert!(
        stderr.contains("wrote 11 findings to known.json"),
        "{stderr}"
    );
    let baseline: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("known.json")).unwrap()).unwrap();
    assert_eq!(baseline["findings"].as_array().unwrap().len(), 11);

    // Reformatted (pretty, two spaces → four) and the tools reversed.
    let mut capture = tools(&dir);
    capture["result"]["tools"].as_array_mut().unwrap().reverse();
    let mut text = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(
        &mut text,
        serde_json::ser::PrettyFormatter::with_indent(b"    "),
    );
    serde::Serialize::serialize(&capture, &mut ser).unwrap();
    std::fs::write(dir.join("tools.json"), &text).unwrap();
    let out = check(&dir, &["--baseline", "known.json", "--format", "json"])
        .assert()
        .code(0);
    assert_eq!(
        findings(&out.get_output().stdout),
        Vec::<(String, String)>::new()
    );
    let text_out = check(&dir, &["--baseline", "known.json"]).assert().code(0);
    let printed = String::from_utf8_lossy(&text_out.get_output().stdout).into_owned();
    assert!(
        printed.contains("11 known findings left out (baseline known.json)"),
        "{printed}"
    );

    // One defect added to one tool: exactly that finding, and it fails.
    capture["result"]["tools"][0]["inputSchema"]["properties"]["extra"] = json!({"type": "strin"});
    std::fs::write(
        dir.join("tools.json"),
        serde_json::to_vec_pretty(&capture).unwrap(),
    )
    .unwrap();
    let tool = capture["result"]["tools"][0]["name"]
        .as_str()
        .unwrap()
        .to_owned();
    let out = check(&dir, &["--baseline", "known.json", "--format", "json"])
        .assert()
        .code(1);
    let new: BTreeSet<(String, String)> = findings(&out.get_output().stdout).into_iter().collect();
    let rules: BTreeSet<&str> = new.iter().map(|(_, r)| r.as_str()).collect();
    assert!(new.iter().all(|(t, _)| *t == tool), "{new:?}");
    assert!(rules.contains("unknown-type-name"), "{new:?}");
}

#[test]
fn a_fixed_finding_is_named_and_sarif_marks_each_result() {
    let dir = workspace("sarif");
    check(&dir, &["--write-baseline", "known.json"])
        .assert()
        .code(0);
    // The sample's first tool mended of its missing required property, and
    // a new defect in the third.
    let mut capture = tools(&dir);
    capture["result"]["tools"][0]["inputSchema"]["required"] = json!([]);
    capture["result"]["tools"][2]["inputSchema"]["properties"]["extra"] = json!({"type": "strin"});
    std::fs::write(
        dir.join("tools.json"),
        serde_json::to_vec_pretty(&capture).unwrap(),
    )
    .unwrap();
    let out = check(&dir, &["--baseline", "known.json"]).assert();
    let printed = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(printed.contains("no longer match"), "{printed}");
    assert!(
        printed
            .contains("gone: orders.search: required-not-in-properties at /inputSchema/required"),
        "{printed}"
    );
    let out = check(&dir, &["--baseline", "known.json", "--format", "sarif"]).assert();
    let sarif: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let states: BTreeSet<&str> = sarif["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["baselineState"].as_str().unwrap())
        .collect();
    assert_eq!(states, BTreeSet::from(["absent", "new", "unchanged"]));
}

#[test]
fn the_config_names_the_baseline_and_bad_baselines_say_why() {
    let dir = workspace("config");
    check(&dir, &["--write-baseline", "policy/known.json"])
        .assert()
        .code(2);
    std::fs::create_dir_all(dir.join("policy")).unwrap();
    check(&dir, &["--write-baseline", "policy/known.json"])
        .assert()
        .code(0);
    // Relative to the config's folder.
    std::fs::write(
        dir.join("policy/toolcheck.toml"),
        "baseline = \"known.json\"\n",
    )
    .unwrap();
    toolcheck(&dir)
        .args(["check", "tools.json", "--config", "policy/toolcheck.toml"])
        .assert()
        .code(0);
    std::fs::write(
        dir.join("toolcheck.toml"),
        "baseline = \"policy/known.json\"\n",
    )
    .unwrap();
    toolcheck(&dir)
        .args(["check", "tools.json"])
        .assert()
        .code(0);
    // A file that is not a baseline: exit 2, with where.
    std::fs::write(dir.join("bad.json"), "{\"version\": 1,\n \"findings\": [}").unwrap();
    let out = check(&dir, &["--baseline", "bad.json"]).assert().code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        stderr.contains("bad.json: not a Toolcheck baseline (line 2"),
        "{stderr}"
    );
    let out = toolcheck(&dir)
        .args([
            "check",
            "tools.json",
            "tools.json",
            "--no-config",
            "--baseline",
            "bad.json",
        ])
        .assert()
        .code(2);
    assert!(
        String::from_utf8_lossy(&out.get_output().stderr)
            .contains("--write-baseline and --locked check one capture")
    );
}

#[test]
fn the_guides_examples_are_what_the_commands_print() {
    // The guides' blocks under `<!-- baseline-example: … -->` (docs/ci.md)
    // and `<!-- lock-example: … -->` (docs/trust.md): each `$` line runs in
    // a folder holding the sample as tools.json; each line under it is in
    // its output.
    let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    for (guide, marker) in [
        ("ci.md", "<!-- baseline-example:"),
        ("trust.md", "<!-- lock-example:"),
    ] {
        let text = std::fs::read_to_string(docs.join(guide)).unwrap();
        let at = text
            .find(marker)
            .unwrap_or_else(|| panic!("docs/{guide} has no {marker}"));
        let block = &text[at..];
        let block = &block[block.find("```text\n").unwrap() + 8..];
        let block = &block[..block.find("```").unwrap()];
        let dir = workspace(&marker[5..13]);
        let mut printed = String::new();
        let mut commands = 0;
        for line in block.lines() {
            if let Some(command) = line.strip_prefix("$ toolcheck ") {
                let mut cmd = toolcheck(&dir);
                cmd.args(command.split(' '));
                if command.starts_with("check") {
                    cmd.arg("--no-config");
                }
                let out = cmd.output().unwrap();
                printed = format!(
                    "{}{}",
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                );
                commands += 1;
            } else {
                assert!(
                    printed.lines().any(|l| l == line),
                    "the guide shows a line the command does not print:\n{line}\n\nit prints:\n{printed}"
                );
            }
        }
        assert_eq!(commands, 2, "{marker}");
    }
}
