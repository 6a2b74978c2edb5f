//! `toolcheck mcp` as a client sees it: the real binary over stdio, both
//! eras of the protocol, every tool's answer checked against the tool's own
//! `outputSchema` and against the command that does the same, and every kind
//! of bad request answered while the server keeps serving.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_toolcheck");

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn corpus(name: &str) -> String {
    format!("crates/core/resources/corpus/{name}.tools-list.json")
}

/// A running `toolcheck mcp`, started in the repository's root.
struct Server {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next_id: u64,
}

impl Server {
    fn start(args: &[&str]) -> Self {
        Self::start_in(&repo(), args)
    }

    /// Started in `dir`, as a client that chooses the working directory.
    fn start_in(dir: &Path, args: &[&str]) -> Self {
        let mut child = Command::new(BIN)
            .arg("mcp")
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Self {
            child,
            stdin,
            stdout,
            next_id: 0,
        }
    }

    /// Sends one line as it is.
    fn send_line(&mut self, line: &str) {
        self.stdin.write_all(line.as_bytes()).unwrap();
        self.stdin.write_all(b"\n").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Reads one answer.
    fn answer(&mut self) -> Value {
        let mut line = String::new();
        assert!(
            self.stdout.read_line(&mut line).unwrap() > 0,
            "the server closed its output"
        );
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"))
    }

    /// A request and its answer, whole.
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send_line(
            &json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string(),
        );
        let answer = self.answer();
        assert_eq!(answer["id"], id, "{answer}");
        answer
    }

    /// A tool call's result (asserting it is a result, not a JSON-RPC error).
    fn call(&mut self, tool: &str, arguments: Value) -> Value {
        let answer = self.request("tools/call", json!({"name": tool, "arguments": arguments}));
        assert!(answer.get("error").is_none(), "{answer}");
        answer["result"].clone()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The tool's definition from the server's own list.
fn definition(server: &mut Server, tool: &str) -> Value {
    let list = server.request("tools/list", json!({}));
    list["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == tool)
        .unwrap()
        .clone()
}

/// Asserts that a successful call's `structuredContent` matches the tool's
/// `outputSchema`, and returns it.
fn structured(server: &mut Server, tool: &str, result: &Value) -> Value {
    assert_eq!(result["isError"], false, "{result}");
    assert!(
        result["content"][0]["text"]
            .as_str()
            .is_some_and(|t| !t.is_empty()),
        "{result}"
    );
    let schema = definition(server, tool)["outputSchema"].clone();
    let content = result["structuredContent"].clone();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&content)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{tool}: {errors:?}");
    content
}

/// The command line's own answer, as JSON.
fn cli_json(args: &[&str]) -> Value {
    let out = Command::new(BIN)
        .args(args)
        .current_dir(repo())
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

fn error_text(result: &Value) -> String {
    assert_eq!(result["isError"], true, "{result}");
    assert!(result.get("structuredContent").is_none(), "{result}");
    result["content"][0]["text"].as_str().unwrap().to_owned()
}

#[test]
fn its_own_tools_are_clean_against_every_provider_strict() {
    // As the issue words it (the flags are the server's defaults), and with
    // the check itself against OpenAI and Claude, strict.
    for check in [vec![], vec!["--against", "all", "--strict"]] {
        for protocol in ["auto", "2025-11-25", "2025-06-18"] {
            let out = Command::new(BIN)
                .args(["check", "--format", "json", "--protocol", protocol])
                .args(&check)
                .args(["--stdio", "--", BIN, "mcp", "--against", "all", "--strict"])
                .output()
                .unwrap();
            let report: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|_| {
                panic!("{}", String::from_utf8_lossy(&out.stderr));
            });
            assert_eq!(report["tools"], 4, "{report}");
            assert_eq!(
                report["summary"],
                json!({"errors": 0, "warnings": 0, "info": 0}),
                "{protocol} {check:?}: {:#}",
                report["findings"]
            );
            assert!(out.status.success());
        }
    }
}

#[test]
fn it_speaks_both_eras_of_the_protocol() {
    let mut s = Server::start(&[]);
    for (asked, answered) in [
        ("2025-11-25", "2025-11-25"),
        ("2025-06-18", "2025-06-18"),
        ("2024-11-05", "2025-11-25"),
    ] {
        let init = s.request(
            "initialize",
            json!({"protocolVersion": asked, "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}),
        );
        assert_eq!(init["result"]["protocolVersion"], answered, "{init}");
        assert_eq!(init["result"]["serverInfo"]["name"], "toolcheck");
        assert!(init["result"]["capabilities"]["tools"].is_object());
    }
    // A notification gets no answer: the next line answers the ping.
    s.send_line(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
    assert_eq!(s.request("ping", json!({}))["result"], json!({}));
    let old = s.request("tools/list", json!({}));
    assert!(old["result"].get("resultType").is_none(), "{old}");
    assert_eq!(old["result"]["tools"].as_array().unwrap().len(), 4);

    let meta = json!({"_meta": {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
    }});
    let discover = s.request("server/discover", meta.clone());
    let d = &discover["result"];
    assert_eq!(d["supportedVersions"][0], "2026-07-28", "{discover}");
    assert_eq!(d["resultType"], "complete");
    assert_eq!(d["cacheScope"], "public");
    assert!(d["ttlMs"].as_u64().is_some());
    assert_eq!(
        d["_meta"]["io.modelcontextprotocol/serverInfo"]["name"],
        "toolcheck"
    );
    let list = s.request("tools/list", meta.clone());
    assert_eq!(list["result"]["resultType"], "complete", "{list}");
    assert!(list["result"]["ttlMs"].as_u64().is_some());
    let mut call = meta.clone();
    call["name"] = json!("explain_rule");
    call["arguments"] = json!({"rule": "thin-description"});
    let answer = s.request("tools/call", call);
    assert_eq!(answer["result"]["resultType"], "complete", "{answer}");

    let unsupported = s.request(
        "tools/list",
        json!({"_meta": {"io.modelcontextprotocol/protocolVersion": "2099-01-01"}}),
    );
    assert_eq!(unsupported["error"]["code"], -32022, "{unsupported}");
    assert_eq!(
        unsupported["error"]["data"]["supported"][0], "2026-07-28",
        "{unsupported}"
    );
}

#[test]
fn check_gives_what_the_command_gives_and_matches_its_output_schema() {
    let mut s = Server::start(&[]);
    let github = corpus("github-mcp-server");
    let by_path = s.call(
        "check_tool_definitions",
        json!({"path": github, "against": ["all"], "strict": true, "capture": null, "revision": null, "ignore": null}),
    );
    let content = structured(&mut s, "check_tool_definitions", &by_path);
    assert_eq!(
        content,
        cli_json(&[
            "check",
            &github,
            "--against",
            "all",
            "--strict",
            "--format",
            "json",
            "--no-config"
        ])
    );
    assert!(content["summary"]["errors"].as_u64().unwrap() > 0);
    // The text, instead of a path, gives the same report.
    let text = std::fs::read_to_string(repo().join(&github)).unwrap();
    let by_text = s.call(
        "check_tool_definitions",
        json!({"capture": text, "against": ["openai", "claude"], "strict": true}),
    );
    assert_eq!(by_text["structuredContent"], content);
    // The summary names the counts and the first findings.
    let summary = by_text["content"][0]["text"].as_str().unwrap();
    assert!(summary.contains("errors"), "{summary}");
    assert!(
        summary.contains("more in the structured content"),
        "{summary}"
    );

    // The server's own defaults serve a call that leaves them out.
    let mut strict = Server::start(&["--against", "all", "--strict"]);
    let defaulted = strict.call("check_tool_definitions", json!({"path": github}));
    assert_eq!(defaulted["structuredContent"], content);
    // `ignore` leaves a rule out.
    let ignored = s.call(
        "check_tool_definitions",
        json!({"path": corpus("notion"), "ignore": ["undescribed-parameter"]}),
    );
    let findings = ignored["structuredContent"]["findings"].as_array().unwrap();
    assert!(!findings.is_empty());
    assert!(
        findings
            .iter()
            .all(|f| f["rule"] != "undescribed-parameter")
    );
}

#[test]
fn fix_result_and_explain_match_the_commands() {
    let mut s = Server::start(&[]);
    let sample = sample_tools();
    let fixed = s.call(
        "fix_tool_definitions",
        json!({"capture": sample, "unsafe_fixes": null, "against": null, "strict": null, "path": null}),
    );
    let content = structured(&mut s, "fix_tool_definitions", &fixed);
    let out = Command::new(BIN)
        .args(["fix", "--sample", "--no-config"])
        .current_dir(repo())
        .output()
        .unwrap();
    assert_eq!(content["fixed"], String::from_utf8(out.stdout).unwrap());
    assert_eq!(content["changed"], true);
    assert_eq!(
        content["applied"].as_array().unwrap().len(),
        2,
        "{content:#}"
    );
    assert_eq!(content["remaining"]["errors"], 1);
    assert!(
        content["applied"][0]["applicability"] == "safe",
        "{content:#}"
    );

    let result =
        std::fs::read_to_string(repo().join("crates/core/resources/sample/get-order-result.json"))
            .unwrap();
    let checked = s.call(
        "check_tool_result",
        json!({"capture": sample, "path": null, "tool": "get_order", "result": result, "revision": null}),
    );
    let content = structured(&mut s, "check_tool_result", &checked);
    assert_eq!(
        content,
        cli_json(&["result", "--sample", "--format", "json"])
    );
    assert_eq!(content["summary"]["errors"], 2);

    let explained = s.call(
        "explain_rule",
        json!({"rule": "required-not-in-properties"}),
    );
    let content = structured(&mut s, "explain_rule", &explained);
    let out = Command::new(BIN)
        .args(["explain", "required-not-in-properties"])
        .output()
        .unwrap();
    assert_eq!(
        explained["content"][0]["text"],
        String::from_utf8(out.stdout).unwrap()
    );
    assert_eq!(content["severity"], "error");
    assert!(content["docs"].as_str().unwrap().len() > 200);
}

/// The built-in sample's tools (`toolcheck check --sample`).
fn sample_tools() -> String {
    std::fs::read_to_string(repo().join("crates/core/resources/sample/tools-list.json")).unwrap()
}

#[test]
fn every_bad_request_is_answered_and_the_server_keeps_serving() {
    let mut s = Server::start(&["--max-request-bytes", "4096"]);
    let mut expect_error = |line: &str, code: i64, says: &str| {
        s.send_line(line);
        let answer = s.answer();
        assert_eq!(answer["error"]["code"], code, "{line}: {answer}");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(message.contains(says), "{line}: {message}");
    };
    expect_error("{not json", -32700, "parse error");
    expect_error(
        "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]",
        -32600,
        "batch",
    );
    expect_error("42", -32600, "not a JSON-RPC message");
    expect_error(
        r#"{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}"#,
        -32600,
        "id",
    );
    expect_error(
        r#"{"jsonrpc":"1.0","id":1,"method":"ping"}"#,
        -32600,
        "jsonrpc",
    );
    expect_error(r#"{"jsonrpc":"2.0","id":1}"#, -32600, "no method");
    expect_error(
        r#"{"jsonrpc":"2.0","id":1,"method":"resources/list"}"#,
        -32601,
        "method not found",
    );
    expect_error(
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[]}"#,
        -32602,
        "params",
    );
    expect_error(
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"rm_rf"}}"#,
        -32602,
        "unknown tool",
    );
    expect_error(
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"explain_rule","arguments":"x"}}"#,
        -32602,
        "arguments",
    );
    let huge = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"check_tool_definitions","arguments":{{"capture":"{}"}}}}}}"#,
        "x".repeat(10_000)
    );
    expect_error(&huge, -32600, "larger than 4096 bytes");

    // What a tool cannot do is an isError result that says why.
    let outside = std::env::temp_dir().join("toolcheck-mcp-outside.json");
    std::fs::write(&outside, "[]").unwrap();
    for (arguments, says) in [
        (json!({"capture": "{\"tools\": [}"}), "line 1, column 12"),
        (
            json!({"capture": "\"a string\""}),
            "Not a recognisable tool capture",
        ),
        (json!({}), "give the tool definitions"),
        (json!({"capture": "[]", "path": "x.json"}), "not both"),
        (
            json!({"path": "no/such/file.json"}),
            "cannot read no/such/file.json",
        ),
        (json!({"path": "../outside.json"}), "climbs out of"),
        (json!({"path": outside.to_str().unwrap()}), "is not in"),
        (json!({"path": "crates/../../x.json"}), "climbs out of"),
        (
            json!({"capture": "[]", "against": ["bard"]}),
            "unknown target \"bard\"",
        ),
        (
            json!({"capture": "[]", "revision": "2024-01-01"}),
            "2024-01-01",
        ),
        (json!({"capture": "[]", "strict": "yes"}), "strict must be"),
        (
            json!({"capture": "[]", "ignore": ["thin-descripton"]}),
            "did you mean \"thin-description\"",
        ),
    ] {
        let result = s.call("check_tool_definitions", arguments.clone());
        let text = error_text(&result);
        assert!(text.contains(says), "{arguments}: {text}");
    }
    let unknown = s.call("explain_rule", json!({"rule": "no-such-rule"}));
    assert!(error_text(&unknown).contains("no rule named"));
    let no_tool = s.call(
        "check_tool_result",
        json!({"capture": "[]", "tool": "x", "result": "{}"}),
    );
    assert!(
        error_text(&no_tool).contains("the definitions"),
        "{no_tool}"
    );
    std::fs::remove_file(&outside).unwrap();

    // Still serving.
    let ok = s.call("explain_rule", json!({"rule": "thin-description"}));
    assert_eq!(ok["isError"], false);
}

#[test]
fn roots_widen_what_a_path_may_name() {
    let dir = std::env::temp_dir().join(format!("toolcheck-mcp-root-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("tools.json");
    std::fs::copy(repo().join(corpus("server-memory")), &file).unwrap();
    let mut s = Server::start(&["--root", dir.to_str().unwrap()]);
    let result = s.call(
        "check_tool_definitions",
        json!({"path": file.to_str().unwrap()}),
    );
    assert_eq!(result["isError"], false, "{result}");
    // With --root, the working directory is no longer allowed.
    let denied = s.call(
        "check_tool_definitions",
        json!({"path": corpus("server-memory")}),
    );
    let said = error_text(&denied);
    assert!(
        said.contains("is not in") && !said.contains("outside"),
        "{said}"
    );
    drop(s);
    std::fs::remove_dir_all(&dir).unwrap();

    let bad = Command::new(BIN)
        .args(["mcp", "--root", "/no/such/dir"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--root /no/such/dir"));
}

/// A client chooses the server's working directory, and the user does not
/// see it: a relative path is read inside the roots, whatever it is.
#[test]
fn a_relative_path_is_read_inside_the_roots_from_any_working_directory() {
    let tmp = std::env::temp_dir().join(format!("toolcheck-mcp-rel-{}", std::process::id()));
    let (project, other, elsewhere) = (tmp.join("project"), tmp.join("other"), tmp.join("cwd"));
    for d in [&project, &other, &elsewhere] {
        std::fs::create_dir_all(d).unwrap();
    }
    std::fs::copy(
        repo().join(corpus("server-memory")),
        project.join("tools.json"),
    )
    .unwrap();
    std::fs::copy(
        repo().join(corpus("mcp-server-time")),
        other.join("time.json"),
    )
    .unwrap();
    std::fs::write(tmp.join("secret.json"), "[]").unwrap();
    let project_arg = project.to_str().unwrap();
    let other_arg = other.to_str().unwrap();
    let mut s = Server::start_in(&elsewhere, &["--root", project_arg, "--root", other_arg]);

    let found = s.call("check_tool_definitions", json!({"path": "tools.json"}));
    assert_eq!(found["isError"], false, "{found}");
    assert!(
        found["structuredContent"]["tools"].as_u64() == Some(9),
        "{found}"
    );
    // The first root that holds it wins; the second is tried after it.
    let second = s.call("check_tool_definitions", json!({"path": "time.json"}));
    assert_eq!(second["isError"], false, "{second}");

    let climbs = error_text(&s.call("check_tool_definitions", json!({"path": "../secret.json"})));
    assert!(climbs.contains("climbs out of"), "{climbs}");
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(tmp.join("secret.json"), project.join("link.json")).unwrap();
        let linked = error_text(&s.call("check_tool_definitions", json!({"path": "link.json"})));
        assert!(linked.contains("through a symbolic link"), "{linked}");
    }
    let missing = error_text(&s.call("check_tool_definitions", json!({"path": "nope.json"})));
    let canonical = |d: &Path| d.canonicalize().unwrap().display().to_string();
    assert!(
        missing.contains(&format!(
            "nope.json: it is not in {} or {}",
            canonical(&project),
            canonical(&other)
        )) && !missing.contains("outside"),
        "{missing}"
    );
    drop(s);
    std::fs::remove_dir_all(&tmp).unwrap();
}

#[test]
fn the_readmes_client_configs_start_the_server() {
    // The lines docs/mcp-server.md gives for VS Code (`.vscode/mcp.json`) and Cursor
    // (`.cursor/mcp.json`, which Claude Code's `.mcp.json` shares), started
    // as those clients would, with `toolcheck` on the PATH.
    let bin_dir = Path::new(BIN).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for config in ["vscode.mcp.json", "cursor.mcp.json"] {
        let file = repo().join("docs/examples/mcp").join(config);
        let out = Command::new(BIN)
            .args(["check", "--format", "json", "--against", "all", "--strict"])
            .arg("--mcp-config")
            .arg(&file)
            .env("PATH", &path)
            .output()
            .unwrap();
        let report: Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|_| panic!("{}", String::from_utf8_lossy(&out.stderr)));
        assert_eq!(
            report["summary"],
            json!({"errors": 0, "warnings": 0, "info": 0}),
            "{config}: {report:#}"
        );
        assert_eq!(
            report["servers"][0]["report"]["tools"], 4,
            "{config}: {report:#}"
        );
    }
}
