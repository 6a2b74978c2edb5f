//! `toolcheck scan` on the real binary, with `HOME` pointed at a fake home
//! folder (`tests/fixtures/scan-home`): configs of several agents in JSON,
//! JSON with comments and TOML, user, local and project scopes, disabled
//! servers, an HTTP server whose header holds a secret, a server that does
//! not start and one that needs a variable that is not set. Every stdio
//! server records its start (its pid file), so a dry run is seen to start
//! nothing.

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;
use serde_json::{Value, json};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A fresh copy of the fake home and project, with Claude Code's
/// `~/.claude.json` naming the project (its user and local scopes), and a
/// folder for the servers' pid files.
struct World {
    home: PathBuf,
    project: PathBuf,
    starts: PathBuf,
}

impl World {
    fn new(name: &str) -> Self {
        let root =
            std::env::temp_dir().join(format!("toolcheck-scan-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let (home, project, starts) =
            (root.join("home"), root.join("project"), root.join("starts"));
        copy_dir(&fixtures().join("scan-home"), &home);
        copy_dir(&fixtures().join("scan-project"), &project);
        std::fs::create_dir_all(&starts).unwrap();
        let server = |pid: &str| {
            json!({"command": "node", "args": ["${FIXTURES}/mcp-test-server.mjs", "stdio"],
                   "env": {"TOOLCHECK_TEST_PID_FILE": format!("${{STARTS}}/{pid}")}})
        };
        let claude = json!({
            "numStartups": 3,
            "mcpServers": {"user-items": server("claude-code-user")},
            "projects": {project.display().to_string(): {"mcpServers": {"local-items": server("claude-code-local")}}}
        });
        std::fs::write(home.join(".claude.json"), claude.to_string()).unwrap();
        Self {
            home,
            project,
            starts,
        }
    }

    fn scan(&self, args: &[&str]) -> Output {
        Command::cargo_bin("toolcheck")
            .unwrap()
            .arg("scan")
            .args(["--no-config", "--timeout", "20"])
            .args(args)
            .current_dir(&self.project)
            .env("HOME", &self.home)
            .env_remove("XDG_CONFIG_HOME")
            .env_remove("XDG_STATE_HOME")
            .env_remove("CODEX_HOME")
            .env_remove("COPILOT_HOME")
            .env_remove("TOOLCHECK_FIXTURE_UNSET_KEY")
            .env("FIXTURES", fixtures())
            .env("STARTS", &self.starts)
            .env("GEMINI_TOKEN", "tok-very-secret-123")
            .output()
            .unwrap()
    }

    /// The pid files the servers wrote: one per server started.
    fn started(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.starts)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_dry_run_lists_every_agent_and_server_and_starts_nothing() {
    let world = World::new("dry");
    let out = world.scan(&["--dry-run"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    for expected in [
        "Claude Desktop",
        "Claude Code",
        "  user ",
        "  local ",
        "user-items  stdio  node",
        "local-items  stdio  node",
        "Cursor",
        "old  disabled",
        "VS Code",
        "needs-key  cannot be started: the environment variable TOOLCHECK_FIXTURE_UNSET_KEY is not set",
        "workspace-items  stdio  node",
        "Gemini CLI",
        "remote  http   http://127.0.0.1:9/mcp (headers: Authorization)",
        "Codex CLI",
        "off  disabled",
        "Windsurf",
        "broken  stdio  toolcheck-fixture-no-such-command",
        "Zed",
        "12 servers in 8 agents; nothing is started with --dry-run",
    ] {
        assert!(text.contains(expected), "no {expected:?} in:\n{text}");
    }
    assert!(!text.contains("tok-very-secret-123"), "{text}");
    assert!(world.started().is_empty(), "started: {:?}", world.started());

    // One agent.
    let out = world.scan(&["--dry-run", "--agent", "codex"]);
    let text = stdout(&out);
    assert!(
        text.contains("Codex CLI") && !text.contains("Cursor"),
        "{text}"
    );
    assert!(text.contains("1 server in 1 agent"), "{text}");
    let out = world.scan(&["--dry-run", "--agent", "kodex"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("--agent kodex: no such agent; the agents are claude-desktop")
    );
    assert!(world.started().is_empty());
}

#[test]
fn a_scan_checks_each_agents_servers_and_a_failing_server_costs_only_itself() {
    let world = World::new("full");
    let out = world.scan(&["--format", "json"]);
    // Errors: the servers that could not be checked.
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let agents = report["agents"].as_array().unwrap();
    let names: Vec<&str> = agents
        .iter()
        .map(|a| a["agent"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Claude Desktop",
            "Claude Code",
            "Cursor",
            "VS Code",
            "Gemini CLI",
            "Codex CLI",
            "Windsurf",
            "Zed"
        ]
    );
    let text = report.to_string();
    assert!(!text.contains("tok-very-secret-123"), "{text}");
    // Every server that can start was started once: the disabled ones were not.
    assert_eq!(
        world.started(),
        [
            "claude-code-local",
            "claude-code-user",
            "claude-desktop-files",
            "claude-desktop-items",
            "claude-desktop-web",
            "codex-items",
            "cursor-items",
            "vscode-workspace-items",
            "zed-items"
        ]
    );
    // Each agent's report: its servers, and the ones not checked said so.
    let not_checked: Vec<String> = agents
        .iter()
        .flat_map(|a| {
            a["report"]["across"]
                .as_array()
                .cloned()
                .unwrap_or_default()
        })
        .filter(|f| f["rule"] == "server-not-checked")
        .map(|f| f["message"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(not_checked.len(), 3, "{not_checked:?}");
    assert!(
        not_checked
            .iter()
            .any(|m| m.contains("TOOLCHECK_FIXTURE_UNSET_KEY is not set"))
    );
    assert!(
        not_checked
            .iter()
            .any(|m| m.contains("cannot start \"toolcheck-fixture-no-such-command\""))
    );
    assert!(
        not_checked
            .iter()
            .any(|m| m.contains("http://127.0.0.1:9/mcp"))
    );

    // SARIF: one log, a run per agent.
    let out = world.scan(&["--format", "sarif", "--agent", "cursor", "--agent", "zed"]);
    let sarif: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(sarif["version"], "2.1.0");
    assert_eq!(sarif["runs"].as_array().unwrap().len(), 2);
    assert_eq!(out.status.code(), Some(0));

    // A client config given on the command line is one more agent.
    let out = world.scan(&[
        "--agent",
        "cursor",
        "--mcp-config",
        world.home.join(".cursor/mcp.json").to_str().unwrap(),
        "--format",
        "concise",
    ]);
    let text = stdout(&out);
    assert!(
        text.contains("== Cursor ==") && text.contains("== --mcp-config =="),
        "{text}"
    );
}

/// Claude Desktop's servers together make a toxic flow that no one of them
/// makes alone: `web` reads pages anyone writes and its URL carries data
/// out; `files` reads private files and runs commands. Cursor's are clean.
#[test]
fn a_scan_reports_each_agents_toxic_flows() {
    let world = World::new("flows");
    let out = world.scan(&[
        "--agent",
        "claude-desktop",
        "--agent",
        "cursor",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let flows = |agent: usize| -> Vec<(String, String)> {
        report["agents"][agent]["report"]["across"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| {
                (
                    f["rule"].as_str().unwrap().to_owned(),
                    f["message"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    let desktop = flows(0);
    let rules: Vec<&str> = desktop.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(
        rules,
        [
            "lethal-trifecta-across-servers",
            "untrusted-content-drives-action-across-servers"
        ],
        "{desktop:?}"
    );
    for expected in [
        "\"web\" · \"fetch\" takes in content others can write (its parameter `url`",
        "\"files\" · \"read_file\" reads private data",
        "\"web\" · \"fetch\" sends data out",
    ] {
        assert!(
            desktop[0].1.contains(expected),
            "{expected:?} in {}",
            desktop[0].1
        );
    }
    assert!(
        desktop[1]
            .1
            .contains("\"files\" · \"run_command\" runs code (its parameter `command`)"),
        "{}",
        desktop[1].1
    );
    assert_eq!(flows(1), []);
    // A warning by default; --fail-on warning makes it gate.
    let out = world.scan(&[
        "--agent",
        "claude-desktop",
        "--fail-on",
        "warning",
        "--format",
        "concise",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("lethal-trifecta-across-servers"),
        "{}",
        stdout(&out)
    );
}

/// The secret a config's header takes from the environment appears in no
/// format, nor on standard error.
#[test]
fn no_format_shows_a_configs_secret() {
    let world = World::new("secret");
    for format in ["text", "concise", "markdown", "json", "sarif", "github"] {
        let out = world.scan(&["--agent", "gemini-cli", "--format", format, "--no-lock"]);
        for (stream, text) in [("stdout", stdout(&out)), ("stderr", stderr(&out))] {
            assert!(
                !text.contains("tok-very-secret-123"),
                "{format} {stream}: {text}"
            );
        }
        assert!(
            stdout(&out).contains("remote"),
            "{format}: {}",
            stdout(&out)
        );
    }
}

#[test]
fn nothing_found_is_said() {
    let world = World::new("empty");
    std::fs::remove_dir_all(&world.home).unwrap();
    std::fs::create_dir_all(&world.home).unwrap();
    std::fs::remove_dir_all(world.project.join(".vscode")).unwrap();
    let out = world.scan(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no agent's MCP config found"));
    let out = world.scan(&["--dry-run"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("0 servers in 0 agents"));
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn the_first_scan_locks_what_it_saw_and_a_later_one_reports_drift() {
    let world = World::new("lock");
    let lock = world.home.join(".local/state/toolcheck/scan.lock");
    let scan = |extra: &[&str]| {
        let mut args = vec![
            "--agent", "cursor", "--agent", "codex", "--format", "concise",
        ];
        args.extend_from_slice(extra);
        world.scan(&args)
    };
    let out = scan(&[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("locked 10 tools of 2 servers in ")
            && stderr(&out).contains("later scans report drift from it"),
        "{}",
        stderr(&out)
    );
    let locked: Value = serde_json::from_str(&std::fs::read_to_string(&lock).unwrap()).unwrap();
    let names: Vec<&str> = locked["servers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["cursor/items", "codex/items"]);

    // The same servers: no drift.
    let out = scan(&[]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stderr(&out).contains("no drift from "), "{}", stderr(&out));

    // A rug pull on Cursor's server: a description now asks for the user's
    // credentials, and a destructive tool came.
    let cursor = world.home.join(".cursor/mcp.json");
    let config = std::fs::read_to_string(&cursor)
        .unwrap()
        .replace("\"stdio\"]", "\"stdio\", \"--rug-pull\"]");
    std::fs::write(&cursor, config).unwrap();
    let out = scan(&[]);
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("error: cursor/items: tool_1: description-changed (review, risky)"),
        "{said}"
    );
    assert!(
        said.contains("error: cursor/items: wipe: tool-added (compatible, risky)"),
        "{said}"
    );
    assert!(said.contains("2 drifts from "), "{said}");
    assert!(!said.contains("codex/items"), "{said}");
    // The JSON carries the drift.
    let out = world.scan(&["--agent", "cursor", "--format", "json"]);
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        report["lock"]["drifts"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["tool"] == "wipe" && d["risky"] == true)
    );
    // Approved, it is no drift any more; a server not captured is none.
    let out = scan(&["--update-lock"]);
    assert!(stderr(&out).contains("approved"), "{}", stderr(&out));
    std::fs::write(
        world.home.join(".codex/config.toml"),
        "[mcp_servers.items]\ncommand = \"toolcheck-fixture-no-such-command\"\n",
    )
    .unwrap();
    let out = scan(&[]);
    assert!(stderr(&out).contains("no drift from "), "{}", stderr(&out));
    // --no-lock reads and writes nothing; --lock names the file.
    let other = world.home.join("elsewhere.lock");
    world.scan(&["--agent", "zed", "--lock", other.to_str().unwrap()]);
    assert!(other.is_file());
    let before = std::fs::read_to_string(&lock).unwrap();
    world.scan(&["--agent", "zed", "--no-lock"]);
    assert_eq!(std::fs::read_to_string(&lock).unwrap(), before);
}
