//! `toolcheck scan`: the agents configured on this machine, each with the
//! MCP servers it starts, found at the places their docs give (docs/servers.md
//! lists each place and its source); each agent's servers are
//! then captured and checked together, as `check --mcp-config` checks one
//! config's.
//!
//! `--dry-run` lists the agents, their config files and their servers
//! (transport and command, secrets redacted) and starts nothing. A server
//! that cannot be started, times out or needs a variable that is not set
//! costs that server only: the report says so (`server-not-checked`).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};
use toolcheck::report::ReportFormat;

use crate::Problem;
use crate::args::{CheckFormat, LiveArgs, ScanArgs};
use crate::client_config::{self, ClientConfig, ConfigFormat, Redactor};
use crate::host::Host;
use crate::input::read_file_or_stdin;
use crate::live::Target;
use crate::servers::{self, Server};

/// The operating system whose places are looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Os {
    /// Linux and other Unix-like systems.
    Linux,
    /// macOS.
    MacOs,
    /// Windows.
    Windows,
}

impl Os {
    /// The one this runs on.
    #[must_use]
    pub fn current() -> Self {
        if cfg!(target_os = "macos") {
            Os::MacOs
        } else if cfg!(windows) {
            Os::Windows
        } else {
            Os::Linux
        }
    }
}

/// An agent (an MCP client) whose configs `scan` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Agent {
    /// Claude Desktop.
    ClaudeDesktop,
    /// Claude Code.
    ClaudeCode,
    /// Cursor.
    Cursor,
    /// VS Code (GitHub Copilot Chat).
    VsCode,
    /// Gemini CLI.
    GeminiCli,
    /// OpenAI Codex CLI.
    Codex,
    /// Windsurf.
    Windsurf,
    /// Zed.
    Zed,
}

impl Agent {
    /// Every agent, in the order a scan reports them.
    pub const ALL: [Agent; 8] = [
        Agent::ClaudeDesktop,
        Agent::ClaudeCode,
        Agent::Cursor,
        Agent::VsCode,
        Agent::GeminiCli,
        Agent::Codex,
        Agent::Windsurf,
        Agent::Zed,
    ];

    /// Its name for `--agent`.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Agent::ClaudeDesktop => "claude-desktop",
            Agent::ClaudeCode => "claude-code",
            Agent::Cursor => "cursor",
            Agent::VsCode => "vscode",
            Agent::GeminiCli => "gemini-cli",
            Agent::Codex => "codex",
            Agent::Windsurf => "windsurf",
            Agent::Zed => "zed",
        }
    }

    /// Its name for people.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Agent::ClaudeDesktop => "Claude Desktop",
            Agent::ClaudeCode => "Claude Code",
            Agent::Cursor => "Cursor",
            Agent::VsCode => "VS Code",
            Agent::GeminiCli => "Gemini CLI",
            Agent::Codex => "Codex CLI",
            Agent::Windsurf => "Windsurf",
            Agent::Zed => "Zed",
        }
    }
}

/// Whose servers a config file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The user's, in every project.
    User,
    /// The project's (a file in the project's folder).
    Project,
    /// The user's, in the current project only (Claude Code's `local`).
    Local,
    /// A file given with `--config`.
    Given,
}

impl Scope {
    fn label(self) -> &'static str {
        match self {
            Scope::User => "user",
            Scope::Project => "project",
            Scope::Local => "local",
            Scope::Given => "given",
        }
    }
}

/// How a file lists its servers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// `mcpServers` (Claude Desktop, Claude Code's `.mcp.json`, Cursor,
    /// Windsurf), `servers` (VS Code's `mcp.json`) or `mcp.servers` (VS
    /// Code's `settings.json`).
    Standard,
    /// Claude Code's `~/.claude.json`: `projects["/the/folder"].mcpServers`.
    ClaudeCodeLocal,
    /// Gemini CLI's `settings.json`: `mcpServers`, where `httpUrl` is
    /// Streamable HTTP and `url` is SSE.
    Gemini,
    /// Zed's `settings.json`: `context_servers`, whose `command` may be an
    /// object `{path, args, env}`.
    Zed,
    /// Codex's `config.toml`: `[mcp_servers.NAME]` tables.
    Codex,
}

/// A config file an agent reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// The agent (none for a file given with `--config`).
    pub agent: Option<Agent>,
    /// Whose servers it holds.
    pub scope: Scope,
    /// The file.
    pub path: PathBuf,
    shape: Shape,
}

/// The places every agent reads its MCP configs from, on `os`, with the
/// environment `env` (`HOME`, `APPDATA`, `XDG_CONFIG_HOME`, `CODEX_HOME`)
/// and the current folder `cwd` (for project scopes).
#[must_use]
pub fn places(os: Os, env: &dyn Fn(&str) -> Option<String>, cwd: Option<&Path>) -> Vec<Place> {
    // A variable set to nothing is not set.
    let env = |name: &str| env(name).filter(|v| !v.is_empty());
    let home = match os {
        Os::Windows => env("USERPROFILE").or_else(|| env("HOME")),
        _ => env("HOME"),
    }
    .map(PathBuf::from);
    // Where per-user application data lives.
    let app_data = match os {
        Os::Windows => env("APPDATA").map(PathBuf::from),
        Os::MacOs => home
            .as_ref()
            .map(|h| h.join("Library").join("Application Support")),
        Os::Linux => env("XDG_CONFIG_HOME")
            .map(PathBuf::from)
            .or_else(|| home.as_ref().map(|h| h.join(".config"))),
    };
    // Zed keeps ~/.config/zed on macOS too.
    let zed = match os {
        Os::Windows => app_data.as_ref().map(|a| a.join("Zed")),
        Os::MacOs => home.as_ref().map(|h| h.join(".config").join("zed")),
        Os::Linux => app_data.as_ref().map(|a| a.join("zed")),
    };
    let codex = env("CODEX_HOME")
        .map(PathBuf::from)
        .or_else(|| home.as_ref().map(|h| h.join(".codex")));
    let mut out = Vec::new();
    let mut add = |agent, scope, path: Option<PathBuf>, shape| {
        if let Some(path) = path {
            out.push(Place {
                agent: Some(agent),
                scope,
                path,
                shape,
            });
        }
    };
    let under = |base: &Option<PathBuf>, parts: &[&str]| {
        base.as_ref()
            .map(|b| parts.iter().fold(b.clone(), |p, part| p.join(part)))
    };
    use Agent as A;
    use Scope as S;
    add(
        A::ClaudeDesktop,
        S::User,
        under(&app_data, &["Claude", "claude_desktop_config.json"]),
        Shape::Standard,
    );
    add(
        A::ClaudeCode,
        S::User,
        under(&home, &[".claude.json"]),
        Shape::Standard,
    );
    add(
        A::ClaudeCode,
        S::Local,
        under(&home, &[".claude.json"]),
        Shape::ClaudeCodeLocal,
    );
    add(
        A::Cursor,
        S::User,
        under(&home, &[".cursor", "mcp.json"]),
        Shape::Standard,
    );
    add(
        A::VsCode,
        S::User,
        under(&app_data, &["Code", "User", "mcp.json"]),
        Shape::Standard,
    );
    add(
        A::VsCode,
        S::User,
        under(&app_data, &["Code", "User", "settings.json"]),
        Shape::Standard,
    );
    add(
        A::GeminiCli,
        S::User,
        under(&home, &[".gemini", "settings.json"]),
        Shape::Gemini,
    );
    let copilot = env("COPILOT_HOME")
        .map(PathBuf::from)
        .or_else(|| home.as_ref().map(|h| h.join(".copilot")));
    add(
        A::VsCode,
        S::User,
        under(&copilot, &["mcp-config.json"]),
        Shape::Standard,
    );
    add(
        A::Codex,
        S::User,
        under(&codex, &["config.toml"]),
        Shape::Codex,
    );
    add(
        A::Windsurf,
        S::User,
        under(&home, &[".codeium", "windsurf", "mcp_config.json"]),
        Shape::Standard,
    );
    // The Windsurf plugin for other editors (JetBrains).
    add(
        A::Windsurf,
        S::User,
        under(&home, &[".codeium", "mcp_config.json"]),
        Shape::Standard,
    );
    add(A::Zed, S::User, under(&zed, &["settings.json"]), Shape::Zed);
    if let Some(cwd) = cwd {
        let project = Some(cwd.to_path_buf());
        add(
            A::ClaudeCode,
            S::Project,
            under(&project, &[".mcp.json"]),
            Shape::Standard,
        );
        add(
            A::Cursor,
            S::Project,
            under(&project, &[".cursor", "mcp.json"]),
            Shape::Standard,
        );
        add(
            A::VsCode,
            S::Project,
            under(&project, &[".vscode", "mcp.json"]),
            Shape::Standard,
        );
        // VS Code's portable Copilot format shares Claude Code's file.
        add(
            A::VsCode,
            S::Project,
            under(&project, &[".mcp.json"]),
            Shape::Standard,
        );
        add(
            A::Codex,
            S::Project,
            under(&project, &[".codex", "config.toml"]),
            Shape::Codex,
        );
        add(
            A::GeminiCli,
            S::Project,
            under(&project, &[".gemini", "settings.json"]),
            Shape::Gemini,
        );
        add(
            A::Zed,
            S::Project,
            under(&project, &[".zed", "settings.json"]),
            Shape::Zed,
        );
    }
    out
}

/// Where the scans keep their lock unless `--lock` says: the user's state
/// folder (`$XDG_STATE_HOME`, by default `~/.local/state`, on Linux;
/// `~/Library/Application Support` on macOS; `%LOCALAPPDATA%` on Windows),
/// in `toolcheck/scan.lock`.
#[must_use]
pub fn default_lock(os: Os, env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    let env = |name: &str| env(name).filter(|v| !v.is_empty());
    let home = match os {
        Os::Windows => env("USERPROFILE").or_else(|| env("HOME")),
        _ => env("HOME"),
    }
    .map(PathBuf::from);
    let state = match os {
        Os::Windows => env("LOCALAPPDATA").map(PathBuf::from),
        Os::MacOs => home.map(|h| h.join("Library").join("Application Support")),
        Os::Linux => env("XDG_STATE_HOME")
            .map(PathBuf::from)
            .or_else(|| home.map(|h| h.join(".local").join("state"))),
    }?;
    Some(state.join("toolcheck").join("scan.lock"))
}

/// A config file found, read.
pub struct Found {
    /// Where.
    pub place: Place,
    /// Its servers, or why it cannot be read.
    pub config: Result<ClientConfig, String>,
}

/// Reads the config at `place`: `None` when there is no such file, or it
/// lists no server (a settings file with other settings only).
fn read(host: &dyn Host, place: &Place, cwd: Option<&Path>) -> Option<Found> {
    let shown = place.path.display().to_string();
    if !host.is_file(&shown) {
        return None;
    }
    let config = read_file_or_stdin(host, Some(&shown))
        .and_then(|text| parse(&text, place, cwd, host).map_err(|e| format!("{shown}: {e}")));
    match &config {
        Ok(c) if c.servers.is_empty() && c.disabled.is_empty() => None,
        _ => Some(Found {
            place: place.clone(),
            config,
        }),
    }
}

/// The servers of a config's text, in its place's shape.
fn parse(
    text: &str,
    place: &Place,
    cwd: Option<&Path>,
    host: &dyn Host,
) -> Result<ClientConfig, String> {
    let root: Value = if place.shape == Shape::Codex {
        let table: toml::Table =
            toml::from_str(text).map_err(|e| format!("not valid TOML: {e}"))?;
        serde_json::to_value(table).map_err(|e| e.to_string())?
    } else {
        jsonc_parser::parse_to_serde_value(text, &Default::default())
            .map_err(|e| format!("not valid JSON: {e}"))?
    };
    // The object of servers in `member` at `at` (none: no servers), owned
    // to be put in the shape `client_config` reads.
    let line = |at: &str| {
        (place.shape != Shape::Codex)
            .then(|| client_config::line_of(text, at, None))
            .flatten()
    };
    let object = |member: Option<&Value>, at: &str| -> Result<Map<String, Value>, String> {
        match member {
            None | Some(Value::Null) => Ok(Map::new()),
            Some(servers) => client_config::servers_object(servers, at, line(at)).cloned(),
        }
    };
    let (format, at, entries) = match place.shape {
        Shape::Standard => match client_config::listed(&root) {
            Some((format, at, servers)) => (format, at, object(Some(servers), at)?),
            None => (ConfigFormat::McpServers, "mcpServers", Map::new()),
        },
        Shape::ClaudeCodeLocal => {
            let project = cwd.map(|c| c.display().to_string()).unwrap_or_default();
            let servers = root
                .get("projects")
                .and_then(|p| p.get(&project))
                .and_then(|p| p.get("mcpServers"));
            (
                ConfigFormat::McpServers,
                "",
                object(servers, "projects[this folder].mcpServers")?,
            )
        }
        Shape::Gemini => {
            let mut servers = object(root.get("mcpServers"), "mcpServers")?;
            for entry in servers.values_mut().filter_map(Value::as_object_mut) {
                // `httpUrl` is Streamable HTTP; `url` alone is SSE.
                if let Some(http) = entry.remove("httpUrl") {
                    entry.insert("url".into(), http);
                } else if entry.contains_key("url") && !entry.contains_key("type") {
                    entry.insert("type".into(), json!("sse"));
                }
            }
            (ConfigFormat::McpServers, "mcpServers", servers)
        }
        Shape::Zed => {
            let mut servers = object(root.get("context_servers"), "context_servers")?;
            for entry in servers.values_mut().filter_map(Value::as_object_mut) {
                // `"command": {"path", "args", "env"}`, as older settings write it.
                if let Some(Value::Object(command)) = entry.remove("command") {
                    for (from, to) in [("path", "command"), ("args", "args"), ("env", "env")] {
                        if let Some(v) = command.get(from) {
                            entry.insert(to.into(), v.clone());
                        }
                    }
                }
            }
            (ConfigFormat::McpServers, "context_servers", servers)
        }
        Shape::Codex => {
            let mut servers = object(root.get("mcp_servers"), "mcp_servers")?;
            for entry in servers.values_mut().filter_map(Value::as_object_mut) {
                let mut headers = entry
                    .remove("http_headers")
                    .and_then(|h| h.as_object().cloned())
                    .unwrap_or_default();
                if let Some(Value::Object(from_env)) = entry.remove("env_http_headers") {
                    for (name, var) in from_env {
                        if let Some(var) = var.as_str() {
                            headers.insert(name, json!(format!("${{{var}}}")));
                        }
                    }
                }
                if let Some(var) = entry
                    .remove("bearer_token_env_var")
                    .as_ref()
                    .and_then(Value::as_str)
                {
                    headers.insert("Authorization".into(), json!(format!("Bearer ${{{var}}}")));
                }
                if !headers.is_empty() {
                    entry.insert("headers".into(), Value::Object(headers));
                }
            }
            (ConfigFormat::McpServers, "mcp_servers", servers)
        }
    };
    let dir = place.path.parent().unwrap_or(Path::new("."));
    let file = |path: &Path| {
        let shown = path.display().to_string();
        host.read(&shown)
            .and_then(|b| crate::input::utf8(b, &shown))
    };
    let line = |name: &str| {
        (place.shape == Shape::Standard || place.shape == Shape::Gemini)
            .then(|| client_config::line_of(text, at, Some(name)))
            .flatten()
    };
    Ok(client_config::servers_of(
        format,
        &entries,
        dir,
        &|n| host.env(n),
        &file,
        &line,
    ))
}

/// The agents found: each with its config files, in [`Agent::ALL`]'s order.
fn found(host: &dyn Host, args: &ScanArgs) -> Result<BTreeMap<Agent, Vec<Found>>, Problem> {
    let chosen: Vec<Agent> = if args.agent.is_empty() {
        Agent::ALL.to_vec()
    } else {
        args.agent
            .iter()
            .map(|name| {
                Agent::ALL
                    .into_iter()
                    .find(|a| a.id() == name)
                    .ok_or_else(|| {
                        let ids: Vec<&str> = Agent::ALL.iter().map(|a| a.id()).collect();
                        Problem::new(format!(
                            "--agent {name}: no such agent; the agents are {}",
                            ids.join(", ")
                        ))
                    })
            })
            .collect::<Result<_, _>>()?
    };
    let cwd = host.current_dir().map(PathBuf::from);
    let env = |n: &str| host.env(n);
    let mut out: BTreeMap<Agent, Vec<Found>> = BTreeMap::new();
    for place in places(Os::current(), &env, cwd.as_deref()) {
        let Some(agent) = place.agent.filter(|a| chosen.contains(a)) else {
            continue;
        };
        if let Some(f) = read(host, &place, cwd.as_deref()) {
            out.entry(agent).or_default().push(f);
        }
    }
    Ok(out)
}

/// `toolcheck scan`.
///
/// # Errors
/// An unknown `--agent`, a `--config` file that cannot be read, a config of
/// Toolcheck's with mistakes.
pub fn run(
    args: &ScanArgs,
    host: &mut dyn Host,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, Problem> {
    let mut agents = found(host, args)?;
    let mut given = Vec::new();
    for path in &args.mcp_config {
        let config = client_config::read(host, path).map_err(Problem::new)?;
        given.push(Found {
            place: Place {
                agent: None,
                scope: Scope::Given,
                path: PathBuf::from(path),
                shape: Shape::Standard,
            },
            config: Ok(config),
        });
    }
    let secrets: Vec<String> = agents
        .values()
        .flatten()
        .chain(&given)
        .filter_map(|f| f.config.as_ref().ok())
        .flat_map(|c| c.secrets.iter().cloned())
        .collect();
    let redactor = Redactor::new(&secrets);
    // The given files form an agent of their own.
    let mut groups: Vec<(String, Vec<Found>)> = agents
        .iter_mut()
        .map(|(a, f)| (a.label().to_owned(), std::mem::take(f)))
        .collect();
    // Each group's name in the lock.
    let mut ids: Vec<&str> = agents.keys().map(|a| a.id()).collect();
    if !given.is_empty() {
        groups.push(("--mcp-config".to_owned(), given));
        ids.push("mcp-config");
    }
    if args.dry_run {
        let text = listing(&groups, &redactor);
        let _ = out.write_all(text.as_bytes());
        return Ok(0);
    }
    if groups.is_empty() {
        let _ = writeln!(
            err,
            "toolcheck: no agent's MCP config found (looked for {}); add a client config with --mcp-config",
            Agent::ALL.map(Agent::label).join(", ")
        );
        return Ok(crate::INPUT_ERROR);
    }
    let Some(live) = host.live() else {
        return Err(Problem::native_only("scan: starting the agents' servers"));
    };
    let live_args = LiveArgs {
        url: None,
        headers: Vec::new(),
        timeout: args.timeout,
        protocol: args.protocol,
        verbose: args.verbose,
    };
    // Every agent's servers, started at once: each agent's are a range of
    // them.
    let mut all: Vec<Server> = Vec::new();
    let mut targets: Vec<(usize, Target)> = Vec::new();
    let mut ranges: Vec<std::ops::Range<usize>> = Vec::new();
    for (_, files) in &groups {
        let start = all.len();
        for f in files {
            match &f.config {
                Ok(c) => servers::add_configured(c, &mut all, &mut targets),
                Err(e) => {
                    let _ = writeln!(err, "toolcheck: {}", redactor.redact(e));
                }
            }
        }
        ranges.push(start..all.len());
    }
    servers::capture_into(live, &mut all, &targets, &live_args, &mut |_| {});
    let (config, settings) =
        crate::check::config_and_settings_of(&args.settings, &args.policy, host)?;
    let format = ReportFormat::from(args.format);
    let mut worst = None;
    let mut failed_policy = false;
    let mut parts: Vec<(String, String)> = Vec::new();
    for ((label, _), range) in groups.iter().zip(&ranges) {
        let servers = &all[range.clone()];
        if servers.is_empty() {
            continue;
        }
        let rendered = servers::render(servers, &settings, config.as_ref(), format, err);
        // Severities order the worst first.
        worst = worst.into_iter().chain(rendered.worst).min();
        failed_policy |= rendered.failed_policy;
        parts.push((label.clone(), rendered.text));
    }
    // What the lock pins: each server captured, as `agent/server`.
    let captured: Vec<(String, String)> = ranges
        .iter()
        .zip(&ids)
        .flat_map(|(range, id)| {
            all[range.clone()].iter().filter_map(move |s| {
                s.text
                    .as_ref()
                    .ok()
                    .map(|t| (format!("{id}/{}", s.name), t.clone()))
            })
        })
        .collect();
    let drifts = locked(args, host, &captured, err)?;
    let text = joined(&parts, args.format, drifts.as_ref());
    let _ = out.write_all(redactor.redact(&text).as_bytes());
    let fail_on = toolcheck_config::FailOn::chosen(args.policy.fail_on, config.as_ref());
    let code = crate::exit_code(worst, fail_on);
    let risky = drifts
        .as_ref()
        .is_some_and(|(_, d)| d.iter().any(|d| d.risky));
    Ok(if failed_policy || risky {
        code.max(1)
    } else {
        code
    })
}

/// The lock's part: the first scan writes it; a later one gives the drift
/// of the servers it captured (a server that could not be captured this
/// time is no drift), on standard error in the formats for people, and
/// with `--update-lock` writes the lock again. `None` with `--no-lock`.
///
/// # Errors
/// A lock that cannot be read or written.
fn locked(
    args: &ScanArgs,
    host: &dyn Host,
    captured: &[(String, String)],
    err: &mut dyn Write,
) -> Result<Option<(String, Vec<toolcheck::lock::Drift>)>, Problem> {
    use toolcheck::lock::Lock;
    if args.no_lock {
        return Ok(None);
    }
    let file = match &args.lock {
        Some(file) => file.clone(),
        None => match default_lock(Os::current(), &|n| host.env(n)) {
            Some(path) => path.display().to_string(),
            None => return Ok(None),
        },
    };
    let write = |lock: &Lock| {
        // The default's folder may not be there yet; a --lock FILE's must be.
        if args.lock.is_none()
            && let Some(dir) = Path::new(&file).parent()
        {
            host.make_dir(&dir.display().to_string()).map_err(|e| {
                Problem::new(format!("cannot make the folder of the lock {file}: {e}"))
            })?;
        }
        host.write(&file, lock.to_text().as_bytes())
            .map_err(|e| Problem::new(format!("cannot write the lock {file}: {e}")))
    };
    if !host.is_file(&file) {
        let lock = Lock::of(captured).map_err(|(name, e)| Problem::input(Some(&name), &e))?;
        write(&lock)?;
        let _ = writeln!(
            err,
            "toolcheck: locked {} of {} in {file}; later scans report drift from it",
            lock.contents(),
            toolcheck::report::text::counted(lock.servers.len(), "server")
        );
        return Ok(Some((file, Vec::new())));
    }
    let full = crate::lock::read_lock(&file, host)?;
    let mut lock = full.clone();
    lock.servers
        .retain(|s| captured.iter().any(|(name, _)| *name == s.name));
    let drifts = lock
        .verify(captured)
        .map_err(|(name, e)| Problem::input(Some(&name), &e))?;
    if !matches!(args.format, CheckFormat::Json | CheckFormat::Sarif) {
        for line in crate::lock::lines(&file, &drifts) {
            let _ = writeln!(err, "toolcheck: {line}");
        }
    }
    if args.update_lock && !drifts.is_empty() {
        let updated = full
            .updated(captured)
            .map_err(|(name, e)| Problem::input(Some(&name), &e))?;
        write(&updated)?;
        let _ = writeln!(
            err,
            "toolcheck: updated {file}: {} approved",
            toolcheck::report::text::counted(drifts.len(), "drift")
        );
    }
    Ok(Some((file, drifts)))
}

/// Each agent's report in one document: JSON as `{"agents": [{agent,
/// report}], "lock": {file, drifts}}`, SARIF as one log with each agent's runs, the others one
/// after another under a heading.
fn joined(
    parts: &[(String, String)],
    format: CheckFormat,
    drifts: Option<&(String, Vec<toolcheck::lock::Drift>)>,
) -> String {
    match format {
        CheckFormat::Json => {
            let agents: Vec<Value> = parts
                .iter()
                .map(|(label, text)| {
                    json!({"agent": label, "report": serde_json::from_str::<Value>(text).unwrap_or(Value::Null)})
                })
                .collect();
            let mut all = json!({"agents": agents});
            if let Some((file, drifts)) = drifts {
                all["lock"] = json!({"file": file, "drifts": drifts});
            }
            let mut s = serde_json::to_string_pretty(&all).unwrap_or_default();
            s.push('\n');
            s
        }
        CheckFormat::Sarif => {
            let mut log: Option<Value> = None;
            for (_, text) in parts {
                let Ok(mut one) = serde_json::from_str::<Value>(text) else {
                    continue;
                };
                match log.as_mut().and_then(|l| l["runs"].as_array_mut()) {
                    Some(runs) => runs.extend(
                        one["runs"]
                            .as_array_mut()
                            .map(std::mem::take)
                            .unwrap_or_default(),
                    ),
                    None => log = Some(one),
                }
            }
            let mut s =
                serde_json::to_string_pretty(&log.unwrap_or(Value::Null)).unwrap_or_default();
            s.push('\n');
            s
        }
        CheckFormat::Markdown => parts
            .iter()
            .map(|(label, text)| format!("# {label}\n\n{text}"))
            .collect::<Vec<_>>()
            .join("\n"),
        CheckFormat::Github => parts.iter().map(|(_, t)| t.as_str()).collect(),
        _ => parts
            .iter()
            .map(|(label, text)| format!("== {label} ==\n{text}"))
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

/// What `--dry-run` prints: each agent, its files and their servers.
fn listing(groups: &[(String, Vec<Found>)], redactor: &Redactor) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let mut count = 0;
    for (label, files) in groups {
        let _ = writeln!(s, "{label}");
        for f in files {
            let _ = writeln!(s, "  {} {}", f.place.scope.label(), f.place.path.display());
            match &f.config {
                Err(e) => {
                    let _ = writeln!(s, "    cannot be read: {e}");
                }
                Ok(c) => {
                    for server in &c.servers {
                        count += 1;
                        let how = match &server.target {
                            Ok(Target::Stdio { argv, env, .. }) => {
                                let vars: Vec<&str> = env.iter().map(|(k, _)| k.as_str()).collect();
                                let env = if vars.is_empty() {
                                    String::new()
                                } else {
                                    format!(" (env: {})", vars.join(", "))
                                };
                                format!("stdio  {}{env}", argv.join(" "))
                            }
                            Ok(Target::Http { url, headers }) => {
                                let names: Vec<&str> =
                                    headers.iter().map(|(k, _)| k.as_str()).collect();
                                let headers = if names.is_empty() {
                                    String::new()
                                } else {
                                    format!(" (headers: {})", names.join(", "))
                                };
                                format!("http   {url}{headers}")
                            }
                            Err(e) => format!("cannot be started: {e}"),
                        };
                        let _ = writeln!(s, "    {}  {how}", server.name);
                    }
                    for name in &c.disabled {
                        let _ = writeln!(s, "    {name}  disabled");
                    }
                }
            }
        }
    }
    let _ = writeln!(
        s,
        "{} in {}; nothing is started with --dry-run",
        toolcheck::report::text::counted(count, "server"),
        toolcheck::report::text::counted(groups.len(), "agent"),
    );
    redactor.redact(&s).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(os: Os, vars: &[(&str, &str)], agent: Agent) -> Vec<String> {
        let env = |name: &str| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (*v).to_owned())
        };
        places(os, &env, Some(Path::new("/work/repo")))
            .into_iter()
            .filter(|p| p.agent == Some(agent))
            .map(|p| format!("{} {}", p.scope.label(), p.path.display()))
            .collect()
    }

    #[test]
    fn the_documented_places_on_each_system() {
        let mac = [("HOME", "/Users/me")];
        assert_eq!(
            paths(Os::MacOs, &mac, Agent::ClaudeDesktop),
            ["user /Users/me/Library/Application Support/Claude/claude_desktop_config.json"]
        );
        assert_eq!(
            paths(Os::MacOs, &mac, Agent::Zed),
            [
                "user /Users/me/.config/zed/settings.json",
                "project /work/repo/.zed/settings.json"
            ]
        );
        assert_eq!(
            paths(Os::MacOs, &mac, Agent::VsCode),
            [
                "user /Users/me/Library/Application Support/Code/User/mcp.json",
                "user /Users/me/Library/Application Support/Code/User/settings.json",
                "user /Users/me/.copilot/mcp-config.json",
                "project /work/repo/.vscode/mcp.json",
                "project /work/repo/.mcp.json",
            ]
        );
        let linux = [
            ("HOME", "/home/me"),
            ("XDG_CONFIG_HOME", "/xdg"),
            ("CODEX_HOME", "/codex"),
        ];
        assert_eq!(
            paths(Os::Linux, &linux, Agent::Codex),
            [
                "user /codex/config.toml",
                "project /work/repo/.codex/config.toml"
            ]
        );
        assert_eq!(
            paths(Os::Linux, &linux, Agent::ClaudeCode),
            [
                "user /home/me/.claude.json",
                "local /home/me/.claude.json",
                "project /work/repo/.mcp.json"
            ]
        );
        assert_eq!(
            paths(
                Os::Linux,
                &[("HOME", "/home/me"), ("XDG_CONFIG_HOME", "")],
                Agent::Zed
            )[0],
            "user /home/me/.config/zed/settings.json"
        );
        let windows = [
            ("USERPROFILE", "C:/Users/me"),
            ("APPDATA", "C:/Users/me/AppData/Roaming"),
        ];
        assert_eq!(
            paths(Os::Windows, &windows, Agent::ClaudeDesktop),
            ["user C:/Users/me/AppData/Roaming/Claude/claude_desktop_config.json"]
        );
        assert_eq!(
            paths(Os::Windows, &windows, Agent::Windsurf),
            [
                "user C:/Users/me/.codeium/windsurf/mcp_config.json",
                "user C:/Users/me/.codeium/mcp_config.json"
            ]
        );
        assert_eq!(
            paths(Os::Windows, &windows, Agent::Zed)[0],
            "user C:/Users/me/AppData/Roaming/Zed/settings.json"
        );
        // Nothing to look at without a home.
        assert!(paths(Os::Linux, &[], Agent::Cursor) == ["project /work/repo/.cursor/mcp.json"]);
    }

    #[test]
    fn the_lock_lives_in_the_users_state_folder() {
        let lock = |os, vars: &[(&str, &str)]| {
            let env = |name: &str| {
                vars.iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| (*v).to_owned())
            };
            default_lock(os, &env).map(|p| p.display().to_string())
        };
        assert_eq!(
            lock(Os::Linux, &[("HOME", "/home/me")]).as_deref(),
            Some("/home/me/.local/state/toolcheck/scan.lock")
        );
        assert_eq!(
            lock(
                Os::Linux,
                &[("HOME", "/home/me"), ("XDG_STATE_HOME", "/state")]
            )
            .as_deref(),
            Some("/state/toolcheck/scan.lock")
        );
        assert_eq!(
            lock(Os::MacOs, &[("HOME", "/Users/me")]).as_deref(),
            Some("/Users/me/Library/Application Support/toolcheck/scan.lock")
        );
        assert_eq!(
            lock(
                Os::Windows,
                &[("LOCALAPPDATA", "C:/Users/me/AppData/Local")]
            )
            .as_deref(),
            Some("C:/Users/me/AppData/Local/toolcheck/scan.lock")
        );
        assert_eq!(lock(Os::Linux, &[]), None);
    }
}
