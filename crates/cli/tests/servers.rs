//! Several servers checked together: captures given as files, and client
//! configs (`--mcp-config`) whose servers are started for real: the npm
//! package `@modelcontextprotocol/server-everything` (installed by `npm ci`
//! in `tests/`) twice under two names, and the small test server
//! (`tests/fixtures/mcp-test-server.mjs`) crashing, hanging and answering.

use std::path::PathBuf;

use assert_cmd::Command;
use serde_json::Value;

mod common;
use common::{server_everything, test_server};

fn toolcheck() -> Command {
    Command::cargo_bin("toolcheck").expect("the binary is built")
}

fn fixture(dir: &str, file: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../core/resources/fixtures/servers")
        .join(dir)
        .join(file)
        .to_string_lossy()
        .into_owned()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("toolcheck-servers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The planted secrets: a config `env` value, a header value, and a value
/// the config takes from the environment.
const ENV_SECRET: &str = "planted-env-secret-8c1f";
const HEADER_SECRET: &str = "planted-header-secret-41d9";
const FROM_ENVIRONMENT: &str = "planted-environment-secret-77aa";

/// Two copies of server-everything under two names, a server that prints
/// its secret to standard error and exits, and an HTTP server that is not
/// there, each carrying a secret.
fn client_config() -> PathBuf {
    let se = server_everything();
    let config = serde_json::json!({"mcpServers": {
        "everything": {"command": "node", "args": [se, "stdio"], "env": {"API_KEY": ENV_SECRET}},
        "everything-too": {"command": "node", "args": [se, "stdio"], "env": {"API_KEY": "${TOOLCHECK_TEST_SECRET}"}},
        "leaky": {"command": "node", "args": ["-e", "console.error('my key is ' + process.env.API_KEY + ' and ' + process.env.OTHER); process.exit(1)"],
                  "env": {"API_KEY": ENV_SECRET, "OTHER": "${env:TOOLCHECK_TEST_SECRET}"}},
        "remote": {"type": "http", "url": "http://127.0.0.1:9/mcp", "headers": {"Authorization": format!("Bearer {HEADER_SECRET}")}},
    }});
    let path = temp("claude_desktop_config.json");
    std::fs::write(&path, serde_json::to_string_pretty(&config).unwrap()).unwrap();
    path
}

fn run_config(config: &PathBuf, format: &str) -> (i32, String, String) {
    let out = toolcheck()
        .args([
            "check",
            "--no-config",
            "--timeout",
            "60",
            "--format",
            format,
            "--mcp-config",
        ])
        .arg(config)
        .env("TOOLCHECK_TEST_SECRET", FROM_ENVIRONMENT)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Both copies are started and captured; every tool of the second collides
/// with the first's; the two servers that fail are findings; and no secret
/// reaches any output format.
#[test]
fn a_client_config_starts_every_server_and_finds_the_collisions() {
    let config = client_config();
    let (code, json, stderr) = run_config(&config, "json");
    assert_eq!(code, 1, "{stderr}");
    let report: Value = serde_json::from_str(&json).expect("JSON");
    let servers = report["servers"].as_array().unwrap();
    let names: Vec<&str> = servers
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["everything", "everything-too", "leaky", "remote"]);
    let tools = servers[0]["report"]["tools"].as_u64().unwrap();
    assert!(tools > 5, "{tools}");
    assert_eq!(servers[1]["report"]["tools"].as_u64(), Some(tools));
    let across = report["across"].as_array().unwrap();
    let rule = |id: &str| {
        across
            .iter()
            .filter(|f| f["rule"] == id)
            .collect::<Vec<_>>()
    };
    let collisions = rule("tool-name-collision");
    assert_eq!(collisions.len() as u64, tools);
    assert!(
        collisions
            .iter()
            .all(|f| f["server"] == "everything-too" && f["elsewhere"]["server"] == "everything")
    );
    // Same descriptions on both: near duplicates across servers too.
    assert_eq!(rule("near-duplicate-across-servers").len() as u64, tools);
    let failed = rule("server-not-checked");
    let failed_servers: Vec<&str> = failed
        .iter()
        .map(|f| f["server"].as_str().unwrap())
        .collect();
    assert_eq!(failed_servers, ["leaky", "remote"]);
    assert!(
        failed[0]["message"]
            .as_str()
            .unwrap()
            .contains("my key is *** and ***"),
        "{}",
        failed[0]["message"]
    );

    for format in ["text", "markdown", "json", "sarif", "github"] {
        let (code, out, err) = if format == "json" {
            (code, json.clone(), stderr.clone())
        } else {
            run_config(&config, format)
        };
        assert_eq!(code, 1, "{format}: {err}");
        for secret in [ENV_SECRET, HEADER_SECRET, FROM_ENVIRONMENT] {
            assert!(!out.contains(secret), "{format} prints {secret}");
            assert!(!err.contains(secret), "{format} prints {secret} on stderr");
        }
        assert!(out.contains("everything-too"), "{format}");
    }
}

/// A server that exits at once and one that never answers are findings,
/// and the run still finishes, in about one timeout, with the rest.
#[test]
fn a_crashed_or_hung_server_is_a_finding_and_the_rest_is_checked() {
    let ts = test_server();
    let config = serde_json::json!({"servers": {
        "crashes": {"type": "stdio", "command": "node", "args": [ts, "stdio", "--crash"]},
        "hangs": {"type": "stdio", "command": "node", "args": [ts, "stdio", "--silent"]},
        "works": {"type": "stdio", "command": "node", "args": [ts, "stdio"]},
    }});
    let dir = temp("workspace/.vscode");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mcp.json");
    std::fs::write(&path, serde_json::to_string(&config).unwrap()).unwrap();
    let started = std::time::Instant::now();
    let out = toolcheck()
        .args([
            "check",
            "--no-config",
            "--timeout",
            "4",
            "--format",
            "json",
            "--fail-on",
            "never",
            "--mcp-config",
        ])
        .arg(&path)
        .output()
        .unwrap();
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let failed: Vec<(String, String)> = report["across"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == "server-not-checked")
        .map(|f| {
            (
                f["server"].as_str().unwrap().to_owned(),
                f["message"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(failed.len(), 2, "{failed:?}");
    assert_eq!(failed[0].0, "crashes");
    assert!(
        failed[0].1.contains("the test server's config is missing"),
        "{}",
        failed[0].1
    );
    assert_eq!(failed[1].0, "hangs");
    assert!(
        failed[1].1.contains("within 4s (--timeout)"),
        "{}",
        failed[1].1
    );
    let works = &report["servers"][2];
    assert_eq!(works["name"], "works");
    assert!(works["report"]["tools"].as_u64().unwrap() > 0);
}

/// Captures given as files: the servers are named by their files, the
/// collisions found, and SARIF points into each file.
#[test]
fn several_captures_are_checked_together() {
    let files = [
        fixture("tool-name-collision", "alpha.json"),
        fixture("tool-name-collision", "beta.json"),
    ];
    let out = toolcheck()
        .args(["check", "--no-config", "--format", "sarif"])
        .args(&files)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let sarif: Value = serde_json::from_slice(&out.stdout).unwrap();
    let run = &sarif["runs"][0];
    let artifacts: Vec<&str> = run["artifacts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["location"]["uri"].as_str().unwrap())
        .collect();
    assert_eq!(artifacts.len(), 2);
    assert!(artifacts[0].ends_with("alpha.json") && artifacts[1].ends_with("beta.json"));
    let collision = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["ruleId"] == "tool-name-collision")
        .expect("the collision");
    let here = &collision["locations"][0]["physicalLocation"];
    assert!(
        here["artifactLocation"]["uri"]
            .as_str()
            .unwrap()
            .ends_with("beta.json")
    );
    assert_eq!(here["artifactLocation"]["index"], 1);
    assert_eq!(here["region"]["startLine"], 3);
    let there = &collision["relatedLocations"][0]["physicalLocation"];
    assert!(
        there["artifactLocation"]["uri"]
            .as_str()
            .unwrap()
            .ends_with("alpha.json")
    );
    assert_eq!(there["region"]["startLine"], 2);
    assert_eq!(collision["properties"]["server"], "beta");
    // Findings of one server point into its own file.
    let own = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["ruleId"] == "duplicate-tool-name")
        .expect("beta's own finding");
    assert_eq!(
        own["locations"][0]["physicalLocation"]["artifactLocation"]["index"],
        1
    );

    // The Markdown report names both servers.
    let md = toolcheck()
        .args(["check", "--no-config", "--format", "markdown"])
        .args(&files)
        .output()
        .unwrap();
    let md = String::from_utf8_lossy(&md.stdout);
    assert!(
        md.contains("## Server `alpha`") && md.contains("## Server `beta`"),
        "{md}"
    );
    assert!(
        md.contains("`beta/bad_search` · `tool-name-collision`"),
        "{md}"
    );
}

/// `--budget` (or `budget` in toolcheck.toml) is for all the servers together.
#[test]
fn the_budget_covers_every_server() {
    let files = [
        fixture("near-duplicate-across-servers", "github.json"),
        fixture("near-duplicate-across-servers", "gh-community.json"),
    ];
    let out = toolcheck()
        .args([
            "check",
            "--no-config",
            "--select",
            "token-budget-exceeded",
            "--budget",
            "150",
        ])
        .args(&files)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("warning[token-budget-exceeded] (all servers)"),
        "{text}"
    );
    assert!(text.contains("Tokens by server: github "), "{text}");
    let config = temp("toolcheck.toml");
    std::fs::write(&config, "budget = 100000\ntool-budget = 10\n").unwrap();
    let out = toolcheck()
        .args([
            "check",
            "--select",
            "token-budget-exceeded,tool-over-budget",
            "--config",
        ])
        .arg(&config)
        .args(&files)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("token-budget-exceeded"), "{text}");
    assert!(text.contains("warning[tool-over-budget]"), "{text}");
}

/// A config that is not valid is a usage error with its line, before any
/// server starts.
#[test]
fn a_malformed_config_is_an_error_with_its_line() {
    let path = temp("broken.json");
    std::fs::write(
        &path,
        "{\"mcpServers\": {\n  \"a\": {\"command\": \"node\",}\n  \"b\" }\n}",
    )
    .unwrap();
    // Checks the config; its exit code and standard error.
    let check = |path: &PathBuf| {
        let out = toolcheck()
            .args(["check", "--no-config", "--mcp-config"])
            .arg(path)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, err) = check(&path);
    assert_eq!(code, Some(2));
    assert!(err.contains("on line 3"), "{err}");
    // A config with no server to check.
    std::fs::write(
        &path,
        "{\"mcpServers\": {\"off\": {\"command\": \"x\", \"disabled\": true}}}",
    )
    .unwrap();
    let (code, err) = check(&path);
    assert_eq!(code, Some(2));
    assert!(err.contains("no servers to check"), "{err}");
    let out = toolcheck()
        .args(["fix", "--no-config", "a.json", "b.json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
