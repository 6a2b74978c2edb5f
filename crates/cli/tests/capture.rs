//! `toolcheck capture` and `toolcheck check --stdio/--url` against real
//! servers: the npm package `@modelcontextprotocol/server-everything` (pinned
//! in `tests/package.json`, installed by `npm ci` in `tests/`) over stdio and
//! over Streamable HTTP on loopback, and a small paging test server
//! (`tests/fixtures/mcp-test-server.mjs`) for what server-everything does not
//! do: several pages, JSON (not SSE) HTTP bodies, a server-to-client ping, a
//! server that ignores the end of its input, one that crashes, one that never
//! answers.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command as StdCommand, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command;
use serde_json::Value;

mod common;
use common::{server_everything, test_server};

fn toolcheck() -> Command {
    Command::cargo_bin("toolcheck").expect("the binary is built")
}

fn corpus_names() -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../core/resources/corpus/server-everything.tools-list.json");
    let doc: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("corpus capture")).unwrap();
    let result = doc.get("result").unwrap_or(&doc);
    names(result)
}

fn names(result: &Value) -> Vec<String> {
    result["tools"]
        .as_array()
        .expect("a tools array")
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_owned())
        .collect()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("toolcheck-capture-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A server process started by a test, killed (by its pid) when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts an HTTP server and waits until its port accepts connections.
fn start_http(args: &[&str], port: u16) -> Server {
    let child = StdCommand::new("node")
        .args(args)
        .env("PORT", port.to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("node starts");
    let server = Server(child);
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let until = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_err() {
        assert!(
            Instant::now() < until,
            "the server on port {port} did not start listening"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    server
}

fn capture_json(output: &[u8]) -> Value {
    serde_json::from_slice(output).expect("the capture is JSON")
}

#[test]
fn server_everything_over_stdio() {
    let se = server_everything();
    let out = temp("stdio.json");
    let assert = toolcheck()
        .args(["capture", "--timeout", "60", "--out"])
        .arg(&out)
        .args(["--", "node", &se, "stdio"])
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    let capture: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(capture["jsonrpc"], "2.0");
    let got = names(&capture["result"]);
    // The pinned version lists the same tools as the corpus capture of it.
    assert_eq!(got, corpus_names());
    assert!(
        stderr.contains(&format!(
            "captured {} tools (1 page) from mcp-servers/everything",
            got.len()
        )),
        "{stderr}"
    );
    // Without --verbose the server's stderr ("Starting default (STDIO) server...") is not shown.
    assert!(!stderr.contains("Starting default"), "{stderr}");
    // Its instructions (from initialize), prompts, resources and resource
    // templates are recorded, with how it was reached.
    let record = &capture["result"]["_meta"]["dev.toolcheck/capture"];
    assert_eq!(record["transport"], "stdio");
    assert!(
        record["instructions"]
            .as_str()
            .is_some_and(|i| i.contains("Everything Server")),
        "{record}"
    );
    for member in ["prompts", "resources", "resourceTemplates"] {
        assert!(
            record[member].as_array().is_some_and(|a| !a.is_empty()),
            "{member}: {record}"
        );
    }

    // The capture checks like any file.
    let check = toolcheck()
        .args([
            "check",
            "--no-config",
            "--format",
            "json",
            "--fail-on",
            "never",
        ])
        .arg(&out)
        .assert()
        .success();
    let report: Value = serde_json::from_slice(&check.get_output().stdout).unwrap();
    assert_eq!(report["tools"], got.len());
    assert_eq!(report["format"], "json-rpc-response");
    // Its instructions, prompts and resources are checked too: one argument
    // of a prompt has no description, and no text rule finds anything.
    let about_record: Vec<(&str, &str)> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| {
            f["pointer"]
                .as_str()
                .unwrap()
                .contains("dev.toolcheck~1capture")
        })
        .map(|f| (f["rule"].as_str().unwrap(), f["pointer"].as_str().unwrap()))
        .collect();
    assert_eq!(
        about_record,
        [(
            "prompt-argument-undescribed",
            "/result/_meta/dev.toolcheck~1capture/prompts/1/arguments/1"
        )],
        "{report:#}"
    );
}

#[test]
fn server_everything_over_streamable_http() {
    let se = server_everything();
    let port = free_port();
    let _server = start_http(&[&se, "streamableHttp"], port);
    let url = format!("http://127.0.0.1:{port}/mcp");
    let assert = toolcheck()
        .args([
            "capture",
            "--timeout",
            "60",
            "--url",
            &url,
            "--header",
            "X-Test: capture",
        ])
        .assert()
        .success();
    let capture = capture_json(&assert.get_output().stdout);
    let http_names = names(&capture["result"]);
    assert_eq!(http_names, corpus_names());
    let record = &capture["result"]["_meta"]["dev.toolcheck/capture"];
    assert_eq!(record["transport"], "http");
    assert!(record["prompts"].as_array().is_some_and(|a| !a.is_empty()));

    // Capture and check in one step; both transports see the same tools.
    let check = toolcheck()
        .args([
            "check",
            "--no-config",
            "--url",
            &url,
            "--format",
            "json",
            "--fail-on",
            "never",
        ])
        .assert()
        .success();
    let report: Value = serde_json::from_slice(&check.get_output().stdout).unwrap();
    assert_eq!(report["tools"], http_names.len());
}

#[test]
fn check_stdio_captures_and_checks_in_one_step() {
    let se = server_everything();
    let saved = temp("one-step.json");
    let assert = toolcheck()
        .args([
            "check",
            "--no-config",
            "--stdio",
            "--format",
            "sarif",
            "--fail-on",
            "never",
            "--save-capture",
        ])
        .arg(&saved)
        .args(["--", "node", &se, "stdio"])
        .assert()
        .success();
    let sarif: Value = serde_json::from_slice(&assert.get_output().stdout).unwrap();
    assert_eq!(sarif["version"], "2.1.0");
    let saved_capture: Value =
        serde_json::from_str(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    assert_eq!(names(&saved_capture["result"]).len(), corpus_names().len());
    // Results point into the saved file.
    if let Some(first) = sarif["runs"][0]["results"]
        .as_array()
        .and_then(|r| r.first())
    {
        let uri = first["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            .as_str()
            .unwrap();
        assert!(uri.ends_with("one-step.json"), "{uri}");
    }
}

#[test]
fn pages_merge_over_stdio_with_a_ping_and_noise() {
    let assert = toolcheck()
        .args([
            "capture",
            "--verbose",
            "--timeout",
            "30",
            "--",
            "node",
            &test_server(),
            "stdio",
        ])
        .assert()
        .success();
    let capture = capture_json(&assert.get_output().stdout);
    assert_eq!(
        names(&capture["result"]),
        ["tool_1", "tool_2", "tool_3", "tool_4", "tool_5"]
    );
    assert!(capture["result"].get("nextCursor").is_none());
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(
        stderr.contains(
            "captured 5 tools (3 pages) from paged-test-server 1.0.0, protocol 2025-06-18"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("not JSON-RPC: this line is a log message"),
        "{stderr}"
    );
}

#[test]
fn pages_merge_over_http_with_json_bodies_session_and_version_headers() {
    let port = free_port();
    let _server = start_http(&[&test_server(), "http", &port.to_string()], port);
    let url = format!("http://127.0.0.1:{port}/mcp");
    let assert = toolcheck()
        .args([
            "check",
            "--no-config",
            "--url",
            &url,
            "--format",
            "json",
            "--verbose",
        ])
        .assert()
        .success();
    let report: Value = serde_json::from_slice(&assert.get_output().stdout).unwrap();
    assert_eq!(report["tools"], 5);
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(stderr.contains("session test-session-1"), "{stderr}");
    assert!(stderr.contains("captured 5 tools (3 pages)"), "{stderr}");
}

#[test]
fn a_server_that_ignores_the_end_of_its_input_is_killed() {
    let pid_file = temp("linger.pid");
    let started = Instant::now();
    toolcheck()
        .env("TOOLCHECK_TEST_PID_FILE", &pid_file)
        .args([
            "capture",
            "--timeout",
            "30",
            "--",
            "node",
            &test_server(),
            "stdio",
            "--linger",
        ])
        .assert()
        .success();
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "took {:?}",
        started.elapsed()
    );
    let pid = std::fs::read_to_string(&pid_file).unwrap();
    // Give the kernel a moment to reap it, then make sure it is gone.
    let until = Instant::now() + Duration::from_secs(5);
    while PathBuf::from(format!("/proc/{}", pid.trim())).exists() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        !PathBuf::from(format!("/proc/{}", pid.trim())).exists(),
        "server {pid} still running"
    );
}

#[test]
fn a_crashing_server_is_an_input_error_quoting_its_stderr() {
    let assert = toolcheck()
        .args(["capture", "--", "node", &test_server(), "stdio", "--crash"])
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(stderr.contains("initialize"), "{stderr}");
    assert!(
        stderr.contains("fatal: the test server's config is missing"),
        "{stderr}"
    );
}

#[test]
fn a_silent_server_times_out() {
    let started = Instant::now();
    let assert = toolcheck()
        .args([
            "capture",
            "--timeout",
            "1",
            "--",
            "node",
            &test_server(),
            "stdio",
            "--silent",
        ])
        .assert()
        .code(2);
    assert!(started.elapsed() < Duration::from_secs(10));
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(
        stderr.contains("no response to initialize within 1s"),
        "{stderr}"
    );
}

#[test]
fn usage_errors() {
    toolcheck().args(["capture"]).assert().code(2);
    toolcheck()
        .args(["capture", "--url", "ftp://x"])
        .assert()
        .code(2);
    toolcheck().args(["check", "--stdio"]).assert().code(2);
    let refused = free_port();
    let assert = toolcheck()
        .args([
            "capture",
            "--timeout",
            "5",
            "--url",
            &format!("http://127.0.0.1:{refused}/mcp"),
        ])
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(stderr.contains("cannot reach"), "{stderr}");
}

fn modern_server() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/mcp-2026-test-server.mjs")
        .to_string_lossy()
        .into_owned()
}

/// What a capture recorded about how it was made.
fn recorded(capture: &Value) -> &Value {
    &capture["result"]["_meta"]["dev.toolcheck/capture"]
}

/// The methods toolcheck sent, from its `--verbose` exchange.
fn sent_methods(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter_map(|l| l.strip_prefix("toolcheck: → "))
        .filter_map(|m| serde_json::from_str::<Value>(m).ok())
        .filter_map(|m| m["method"].as_str().map(str::to_owned))
        .collect()
}

#[test]
fn a_2026_server_over_stdio_is_captured_without_initialize() {
    let assert = toolcheck()
        .args(["capture", "--verbose", "--timeout", "30", "--"])
        .args(["node", &modern_server(), "stdio"])
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert_eq!(
        sent_methods(&stderr),
        [
            "server/discover",
            "tools/list",
            "tools/list",
            "tools/list",
            "prompts/list",
            "prompts/list",
            "resources/list",
            "resources/templates/list"
        ],
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "captured 5 tools (3 pages) from modern-test-server 1.0.0, protocol 2026-07-28"
        ),
        "{stderr}"
    );
    // Every request carried the 2026-07-28 _meta.
    for line in stderr
        .lines()
        .filter_map(|l| l.strip_prefix("toolcheck: → "))
    {
        let m: Value = serde_json::from_str(line).unwrap();
        assert_eq!(
            m["params"]["_meta"]["io.modelcontextprotocol/protocolVersion"],
            "2026-07-28"
        );
        assert!(m["params"]["_meta"]["io.modelcontextprotocol/clientCapabilities"].is_object());
    }
    // The first page ends with nextCursor "", which 2026-07-28 follows.
    let cursors: Vec<Value> = stderr
        .lines()
        .filter_map(|l| l.strip_prefix("toolcheck: → "))
        .filter_map(|m| serde_json::from_str::<Value>(m).ok())
        .filter(|m| m["method"] == "tools/list")
        .map(|m| m["params"]["cursor"].clone())
        .collect();
    assert_eq!(cursors, [Value::Null, Value::from(""), Value::from("4")]);
    let capture = capture_json(&assert.get_output().stdout);
    // What the model reads besides the tools, under the spec's member names:
    // the instructions stay in the server/discover result; the prompts'
    // two pages are merged.
    let record = recorded(&capture);
    assert_eq!(record["transport"], "stdio");
    assert!(
        record["discover"]["instructions"]
            .as_str()
            .unwrap()
            .starts_with("Items are read-only.")
    );
    assert!(record.get("instructions").is_none());
    let listed = |member: &str| -> Vec<&str> {
        record[member]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["name"].as_str().unwrap())
            .collect()
    };
    assert_eq!(listed("prompts"), ["summarize_item", "compare_items"]);
    assert_eq!(listed("resources"), ["index"]);
    assert_eq!(listed("resourceTemplates"), ["item"]);
    assert_eq!(recorded(&capture)["protocolVersion"], "2026-07-28");
    assert_eq!(capture["result"]["resultType"], "complete");
    assert_eq!(capture["result"]["ttlMs"], 60000);
    assert_eq!(capture["result"]["cacheScope"], "private");
    assert_eq!(names(&capture["result"]).len(), 5);
    assert!(recorded(&capture).get("cacheScopes").is_none());
    // The server/discover result is kept for the rules that check it.
    assert_eq!(
        recorded(&capture)["discover"]["supportedVersions"][0],
        "2026-07-28"
    );
    assert!(recorded(&capture).get("repeats").is_none());
}

/// Poisoned server instructions and a poisoned prompt description are
/// errors where the capture recorded them.
#[test]
fn poisoned_instructions_and_prompt_of_a_live_server_are_errors() {
    let out = temp("poisoned.json");
    toolcheck()
        .args(["capture", "--timeout", "30", "--out"])
        .arg(&out)
        .args(["--", "node", &modern_server(), "stdio", "--poisoned"])
        .assert()
        .success();
    let check = toolcheck()
        .args(["check", "--no-config", "--format", "json"])
        .arg(&out)
        .assert()
        .code(1);
    let report: Value = serde_json::from_slice(&check.get_output().stdout).unwrap();
    let errors: Vec<(&str, &str, &str)> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["severity"] == "error")
        .map(|f| {
            (
                f["rule"].as_str().unwrap(),
                f["pointer"].as_str().unwrap(),
                f["message"].as_str().unwrap(),
            )
        })
        .collect();
    let record = "/result/_meta/dev.toolcheck~1capture";
    assert_eq!(errors.len(), 2, "{errors:#?}");
    assert_eq!(errors[0].0, "injected-instructions");
    assert_eq!(errors[0].1, format!("{record}/discover/instructions"));
    assert!(
        errors[0]
            .2
            .starts_with("server instructions field asks the model to read ~/.ssh/id_rsa"),
        "{errors:#?}"
    );
    assert_eq!(errors[1].0, "injected-instructions");
    assert_eq!(errors[1].1, format!("{record}/prompts/0/description"));
    assert!(
        errors[1]
            .2
            .starts_with("prompt description asks the model to hand over the conversation"),
        "{errors:#?}"
    );
    // The text output points at the line of each.
    let text = toolcheck()
        .args(["check", "--no-config", "--format", "concise"])
        .arg(&out)
        .assert()
        .code(1);
    let stdout = String::from_utf8_lossy(&text.get_output().stdout).into_owned();
    assert!(
        stdout.contains("error[injected-instructions]: server instructions field asks"),
        "{stdout}"
    );
    assert!(
        stdout.contains("error[injected-instructions]: prompt description asks"),
        "{stdout}"
    );
}

#[test]
fn repeat_lists_in_new_sessions_and_the_check_reports_what_changed() {
    let sessions = temp("sessions");
    let _ = std::fs::remove_file(&sessions);
    let out = temp("unstable.json");
    let assert = toolcheck()
        .args(["capture", "--repeat", "2", "--out"])
        .arg(&out)
        .args(["--", "node", &modern_server(), "stdio", "--unstable"])
        .env("TOOLCHECK_TEST_SESSIONS", &sessions)
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(
        stderr.contains("protocol 2026-07-28, listed 2 times"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&sessions).unwrap(), "2");
    let capture: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let repeats = recorded(&capture)["repeats"].as_array().unwrap();
    assert_eq!(repeats.len(), 1);
    assert_eq!(names(&repeats[0])[0], "modern_5");
    let check = toolcheck()
        .args(["check", "--format", "json"])
        .arg(&out)
        .assert()
        .code(0);
    let report: Value = serde_json::from_slice(&check.get_output().stdout).unwrap();
    let unstable: Vec<&str> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == "tools-list-unstable")
        .map(|f| f["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        unstable,
        [
            "The definition of \"modern_1\" changed between the first listing and listing 2: description differs",
            "Listing 2 returned the same tools in another order: \"modern_5\" at position 1, where the first had \"modern_1\"",
        ]
    );
    // A stable server's repeated capture has nothing to report.
    let stable = temp("stable.json");
    toolcheck()
        .args(["capture", "--repeat", "2", "--out"])
        .arg(&stable)
        .args(["--", "node", &modern_server(), "stdio"])
        .assert()
        .success();
    let check = toolcheck()
        .args(["check", "--format", "json"])
        .arg(&stable)
        .assert()
        .code(0);
    let report: Value = serde_json::from_slice(&check.get_output().stdout).unwrap();
    assert!(
        report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| f["rule"] != "tools-list-unstable")
    );
}

#[test]
fn a_2026_server_over_http_gets_the_headers_it_requires() {
    let port = free_port();
    let _server = start_http(&[&modern_server(), "http", &port.to_string()], port);
    let url = format!("http://127.0.0.1:{port}/mcp");
    // The server answers 400 unless MCP-Protocol-Version and Mcp-Method match the body.
    let assert = toolcheck()
        .args(["check", "--no-config", "--url", &url, "--verbose"])
        .args(["--fail-on", "never"])
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(
        !sent_methods(&stderr).contains(&"initialize".to_owned()),
        "{stderr}"
    );
    assert!(stderr.contains("protocol 2026-07-28"), "{stderr}");
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert!(
        stdout.contains("MCP revision 2026-07-28 (the protocol the capture was made with)"),
        "{stdout}"
    );
    assert!(
        !stdout.contains("cache-"),
        "complete hints give no finding: {stdout}"
    );
}

#[test]
fn pages_with_different_cache_scopes_are_found_after_the_merge() {
    let assert = toolcheck()
        .args(["check", "--no-config", "--format", "json", "--stdio", "--"])
        .args(["node", &modern_server(), "stdio", "--mixed-scope"])
        .assert()
        .success();
    let report: Value = serde_json::from_slice(&assert.get_output().stdout).unwrap();
    let mixed: Vec<&Value> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == "cache-scope-mixed")
        .collect();
    assert_eq!(mixed.len(), 1, "{report:#}");
    assert!(
        mixed[0]["message"]
            .as_str()
            .unwrap()
            .contains("Page 2 of tools/list has cacheScope \"public\", page 1 \"private\""),
        "{report:#}"
    );

    let assert = toolcheck()
        .args(["check", "--no-config", "--format", "json", "--stdio", "--"])
        .args(["node", &modern_server(), "stdio", "--no-hints"])
        .assert()
        .success();
    let report: Value = serde_json::from_slice(&assert.get_output().stdout).unwrap();
    assert!(
        report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["rule"] == "cache-hints-missing"),
        "{report:#}"
    );
}

#[test]
fn a_forced_protocol_the_server_does_not_speak_is_a_clear_error() {
    let assert = toolcheck()
        .args(["capture", "--protocol", "2025-11-25", "--"])
        .args(["node", &modern_server(), "stdio"])
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(
        stderr.contains("the server answered initialize with error -32601")
            && stderr.contains("it supports 2026-07-28"),
        "{stderr}"
    );

    let assert = toolcheck()
        .args(["capture", "--protocol", "2026-07-28", "--"])
        .args(["node", &test_server(), "stdio"])
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(
        stderr.contains("server/discover") && stderr.contains("does not seem to speak 2026-07-28"),
        "{stderr}"
    );
}

#[test]
fn server_everything_falls_back_to_initialize_and_the_check_follows_its_version() {
    let se = server_everything();
    let assert = toolcheck()
        .args([
            "capture",
            "--verbose",
            "--timeout",
            "60",
            "--",
            "node",
            &se,
            "stdio",
        ])
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    let methods = sent_methods(&stderr);
    assert_eq!(
        methods[..3],
        ["server/discover", "initialize", "notifications/initialized"],
        "{stderr}"
    );
    assert!(
        stderr.contains("taking it for a server that predates 2026-07-28, and sending initialize"),
        "{stderr}"
    );
    let capture = capture_json(&assert.get_output().stdout);
    let version = recorded(&capture)["protocolVersion"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(version.starts_with("2025-"), "{version}");
    assert!(capture["result"].get("ttlMs").is_none());
    let file = temp("fallback.json");
    std::fs::write(&file, serde_json::to_string_pretty(&capture).unwrap()).unwrap();
    let check = toolcheck()
        .args(["check", "--no-config", "--fail-on", "never"])
        .arg(&file)
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&check.get_output().stdout).into_owned();
    assert!(
        stdout.contains(&format!(
            "MCP revision {version} (the protocol the capture was made with)"
        )),
        "{stdout}"
    );
    // A revision the user chose wins.
    let chosen = toolcheck()
        .args([
            "check",
            "--no-config",
            "--fail-on",
            "never",
            "--revision",
            "2026-07-28",
        ])
        .arg(&file)
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&chosen.get_output().stdout).into_owned();
    assert!(stdout.contains("MCP revision 2026-07-28 · "), "{stdout}");
}

#[test]
fn a_server_that_exits_on_the_probe_is_started_again() {
    let assert = toolcheck()
        .args(["capture", "--verbose", "--timeout", "30", "--"])
        .args(["node", &test_server(), "stdio", "--exit-on-unknown"])
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(stderr.contains("starting the server again"), "{stderr}");
    assert!(stderr.contains("captured 5 tools (3 pages)"), "{stderr}");
}

/// A server that answers `server/discover` after the probe gave up, then
/// serves 2026-07-28 and refuses `initialize` (basic-memory on a cold
/// start): `auto` starts it again for `initialize`, and again for
/// `server/discover` when `initialize` is refused as a 2026-07-28 server
/// refuses it.
#[test]
fn a_server_slow_to_answer_discover_is_captured_on_a_fresh_start() {
    let sessions = temp("slow-start-sessions");
    let _ = std::fs::remove_file(&sessions);
    let assert = toolcheck()
        .env("TOOLCHECK_TEST_SESSIONS", &sessions)
        .args(["capture", "--verbose", "--timeout", "3", "--"])
        .args(["node", &modern_server(), "stdio", "--slow-start", "4"])
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert_eq!(
        sent_methods(&stderr)[..3],
        ["server/discover", "initialize", "server/discover"],
        "{stderr}"
    );
    assert_eq!(
        stderr.matches("starting the server again").count(),
        2,
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "captured 5 tools (3 pages) from modern-test-server 1.0.0, protocol 2026-07-28"
        ),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&sessions).unwrap(), "3");
    let capture = capture_json(&assert.get_output().stdout);
    assert_eq!(recorded(&capture)["protocolVersion"], "2026-07-28");
}

/// When every attempt fails, the error says what each one got.
#[test]
fn auto_says_what_each_attempt_got() {
    let sessions = temp("always-slow-sessions");
    let _ = std::fs::remove_file(&sessions);
    let assert = toolcheck()
        .env("TOOLCHECK_TEST_SESSIONS", &sessions)
        .args(["capture", "--timeout", "2", "--"])
        .args([
            "node",
            &modern_server(),
            "stdio",
            "--slow-start",
            "3",
            "--always-slow",
        ])
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(
        stderr.contains(
            "no response to server/discover within 2s; then the server answered initialize with error -32022: \
             connection is serving the 2026-07-28 protocol"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "; then, started again, no response to server/discover within 2s (a server this slow to start needs a longer --timeout)"
        ),
        "{stderr}"
    );
}

/// `capture --stdio -- CMD` means what it means for `check` and `probe`.
#[test]
fn capture_takes_stdio_as_check_and_probe_do() {
    let assert = toolcheck()
        .args(["capture", "--stdio", "--timeout", "30", "--"])
        .args(["node", &modern_server(), "stdio"])
        .assert()
        .success();
    assert_eq!(
        names(&capture_json(&assert.get_output().stdout)["result"]).len(),
        5
    );
    let assert = toolcheck().args(["capture", "--stdio"]).assert().code(2);
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(
        stderr.contains("--stdio needs the server command after --"),
        "{stderr}"
    );
}
