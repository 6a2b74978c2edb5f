//! Client MCP configs (`--mcp-config`): the servers a client starts, read
//! from the file the client reads, with `${VAR}` references taken from the
//! environment.
//!
//! Formats, told apart by their top-level member:
//! - `mcpServers`: Claude Desktop (`claude_desktop_config.json`), Claude Code
//!   (`.mcp.json`) and Cursor (`.cursor/mcp.json`);
//! - `servers`: VS Code (`.vscode/mcp.json`), or `mcp.servers` in its
//!   `settings.json`.
//!
//! The file may hold comments and trailing commas, as VS Code's do. A server
//! entry that cannot be used (no command or URL, a variable that is not
//! set, a transport Toolcheck does not speak) becomes that server's error,
//! and the other servers are still checked.
//!
//! Every value that comes from the environment or is an `env` or header
//! value is a secret: [`Redactor`] takes them out of everything printed.

use std::path::{Path, PathBuf};

use serde_json::Value;

use toolcheck::value::json_kind as kind;

use crate::host::Host;
use crate::live::Target;

/// Which client's format a config is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfigFormat {
    /// `mcpServers`: Claude Desktop, Claude Code, Cursor.
    McpServers,
    /// `servers`: VS Code.
    VsCode,
}

impl ConfigFormat {
    /// For messages.
    pub fn label(self) -> &'static str {
        match self {
            ConfigFormat::McpServers => "Claude Desktop / Claude Code / Cursor (mcpServers)",
            ConfigFormat::VsCode => "VS Code (servers)",
        }
    }
}

/// A server a config lists.
#[derive(Debug, Clone)]
pub struct ConfiguredServer {
    /// Its key in the config.
    pub name: String,
    /// How to reach it, or why it cannot be.
    pub target: Result<Target, String>,
}

/// A client config, read.
#[derive(Debug, Clone)]
pub struct ClientConfig {
    /// Its format.
    pub format: ConfigFormat,
    /// Its servers, in the file's order (disabled ones left out).
    pub servers: Vec<ConfiguredServer>,
    /// The servers it lists as disabled (`"disabled": true`, or
    /// `"enabled": false`), which no client starts.
    pub disabled: Vec<String>,
    /// The values that must never be printed.
    pub secrets: Vec<String>,
}

/// Reads and parses the config at `path`, with the host's environment.
pub fn read(host: &dyn Host, path: &str) -> Result<ClientConfig, String> {
    let bytes = host
        .read(path)
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    let text = String::from_utf8(bytes)
        .map_err(|e| format!("cannot read {path}: {}", invalid_utf8(&e)))?;
    let file = Path::new(path);
    let dir = file.parent().unwrap_or(Path::new("."));
    let file = |path: &Path| {
        let shown = path.display().to_string();
        host.read(&shown)
            .and_then(|b| String::from_utf8(b).map_err(|e| invalid_utf8(&e).to_owned()))
    };
    parse(&text, dir, &|name| host.env(name), &file).map_err(|e| format!("{path}: {e}"))
}

/// What `std::fs::read_to_string` says of bytes that are not UTF-8.
fn invalid_utf8(_: &std::string::FromUtf8Error) -> &'static str {
    "stream did not contain valid UTF-8"
}

/// Parses a config's text. `dir` is the config's folder (for relative paths
/// and `${workspaceFolder}`); `env` looks variables up and `file` reads a
/// file the config names.
pub fn parse(
    text: &str,
    dir: &Path,
    env: &dyn Fn(&str) -> Option<String>,
    file: &dyn Fn(&Path) -> Result<String, String>,
) -> Result<ClientConfig, String> {
    if text.trim().is_empty() {
        return Err("the config is empty".into());
    }
    let root: Value = jsonc_parser::parse_to_serde_value(text, &Default::default())
        .map_err(|e| format!("not valid JSON: {e}"))?;
    if !root.is_object() {
        return Err(format!(
            "a client config is a JSON object, not {}",
            kind(&root)
        ));
    }
    let Some((format, at, servers)) = listed(&root) else {
        return Err(
            "not a client MCP config: expected an `mcpServers` object (Claude Desktop, Claude Code, Cursor) \
             or a `servers` object (VS Code)"
                .into(),
        );
    };
    let entries = servers_object(servers, at, line_of(text, at, None))?;
    Ok(servers_of(format, entries, dir, env, file, &|name| {
        line_of(text, at, Some(name))
    }))
}

/// Where a config lists its servers, with its format and the member's
/// place: `mcpServers` (Claude Desktop, Claude Code, Cursor, Windsurf),
/// `servers` (VS Code's `mcp.json`) or `mcp.servers` (VS Code's
/// `settings.json`).
pub(crate) fn listed(root: &Value) -> Option<(ConfigFormat, &'static str, &Value)> {
    if let Some(s) = root.get("mcpServers") {
        Some((ConfigFormat::McpServers, "mcpServers", s))
    } else if let Some(s) = root.get("servers") {
        Some((ConfigFormat::VsCode, "servers", s))
    } else {
        root.get("mcp")
            .and_then(|m| m.get("servers"))
            .map(|s| (ConfigFormat::VsCode, "mcp.servers", s))
    }
}

/// The object of servers by name that the member `at` (on `line`, when
/// known) holds, or why it is none.
pub(crate) fn servers_object<'v>(
    servers: &'v Value,
    at: &str,
    line: Option<String>,
) -> Result<&'v serde_json::Map<String, Value>, String> {
    servers.as_object().ok_or_else(|| {
        let place = line.map(|l| format!(" ({l})")).unwrap_or_default();
        format!(
            "`{at}`{place} should be an object of servers by name, not {}",
            kind(servers)
        )
    })
}

/// The servers of a config's object of servers by name. `line` says where
/// an entry is, for its error.
pub fn servers_of(
    format: ConfigFormat,
    entries: &serde_json::Map<String, Value>,
    dir: &Path,
    env: &dyn Fn(&str) -> Option<String>,
    file: &dyn Fn(&Path) -> Result<String, String>,
    line: &dyn Fn(&str) -> Option<String>,
) -> ClientConfig {
    let mut expander = Expander {
        env,
        file,
        workspace: workspace_folder(dir),
        secrets: Vec::new(),
    };
    let mut out = Vec::new();
    let mut disabled = Vec::new();
    for (name, entry) in entries {
        if entry.get("disabled").and_then(Value::as_bool) == Some(true)
            || entry.get("enabled").and_then(Value::as_bool) == Some(false)
        {
            disabled.push(name.clone());
            continue;
        }
        let target = server(&mut expander, dir, entry).map_err(|e| {
            let place = line(name).map(|l| format!(" ({l})")).unwrap_or_default();
            format!("{e}{place}")
        });
        out.push(ConfiguredServer {
            name: name.clone(),
            target,
        });
    }
    ClientConfig {
        format,
        servers: out,
        disabled,
        secrets: expander.secrets,
    }
}

/// `line 4` of the server entry `name` under `at`, when the text is plain
/// JSON the locator can read.
pub(crate) fn line_of(text: &str, at: &str, name: Option<&str>) -> Option<String> {
    let mut path = toolcheck::Path::root();
    for part in at.split('.') {
        path = path.key(part);
    }
    if let Some(name) = name {
        path = path.key(name);
    }
    let locator = toolcheck::locate::Locator::new(text);
    let span = locator.span(&path)?;
    Some(format!("line {}", locator.line_column(span.start).0))
}

/// The workspace a config belongs to: the parent of `.vscode` or `.cursor`,
/// else the config's own folder.
fn workspace_folder(dir: &Path) -> PathBuf {
    match dir.file_name().and_then(|n| n.to_str()) {
        Some(".vscode" | ".cursor") => dir.parent().unwrap_or(dir).to_path_buf(),
        _ => dir.to_path_buf(),
    }
}

/// Expands `${…}` references, remembering what came from the environment.
struct Expander<'e> {
    env: &'e dyn Fn(&str) -> Option<String>,
    /// Reads a file the config names (an `envFile`).
    file: &'e dyn Fn(&Path) -> Result<String, String>,
    workspace: PathBuf,
    secrets: Vec<String>,
}

impl Expander<'_> {
    /// `value` with `${VAR}`, `${VAR:-default}`, `${env:VAR}`,
    /// `${workspaceFolder}` and `${userHome}` replaced.
    fn expand(&mut self, value: &str, secret: bool) -> Result<String, String> {
        static REFERENCE: std::sync::LazyLock<regex::Regex> =
            std::sync::LazyLock::new(|| regex::Regex::new(r"\$\{([^}]*)\}").expect("valid regex"));
        let mut out = String::with_capacity(value.len());
        let mut last = 0;
        for found in REFERENCE.captures_iter(value) {
            let (whole, inner) = (found.get(0).expect("match"), &found[1]);
            out.push_str(&value[last..whole.start()]);
            last = whole.end();
            let replaced = match inner {
                "workspaceFolder" => self.workspace.to_string_lossy().into_owned(),
                "userHome" => (self.env)("HOME").unwrap_or_default(),
                _ if inner.starts_with("input:") => {
                    return Err(format!(
                        "`${{{inner}}}` asks the user for a value when the client starts the server; \
                         Toolcheck cannot ask: put the value in an environment variable and write `${{env:NAME}}`"
                    ));
                }
                _ => {
                    let reference = inner.strip_prefix("env:").unwrap_or(inner);
                    let (name, default) = match reference.split_once(":-") {
                        Some((name, default)) => (name, Some(default)),
                        None => (reference, None),
                    };
                    match ((self.env)(name), default) {
                        (Some(v), _) => {
                            self.secrets.push(v.clone());
                            v
                        }
                        (None, Some(d)) => d.to_owned(),
                        (None, None) => {
                            return Err(format!(
                                "the environment variable {name} is not set (the config refers to it as `${{{inner}}}`)"
                            ));
                        }
                    }
                }
            };
            out.push_str(&replaced);
        }
        out.push_str(&value[last..]);
        if secret {
            self.secrets.push(out.clone());
        }
        Ok(out)
    }

    /// The `name: value` pairs of an object member, expanded; every value a secret.
    fn pairs(&mut self, entry: &Value, key: &str) -> Result<Vec<(String, String)>, String> {
        match entry.get(key) {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Object(map)) => map
                .iter()
                .map(|(k, v)| {
                    let v = v.as_str().ok_or_else(|| {
                        format!("`{key}.{k}` should be a string, not {}", kind(v))
                    })?;
                    Ok((k.clone(), self.expand(v, true)?))
                })
                .collect(),
            Some(other) => Err(format!("`{key}` should be an object, not {}", kind(other))),
        }
    }
}

/// The variables of a dotenv file (`NAME=value` lines; `#` comments).
fn env_file(
    path: &Path,
    file: &dyn Fn(&Path) -> Result<String, String>,
) -> Result<Vec<(String, String)>, String> {
    let text =
        file(path).map_err(|e| format!("cannot read the envFile {}: {e}", path.display()))?;
    Ok(text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let l = l.strip_prefix("export ").unwrap_or(l);
            let (k, v) = l.split_once('=')?;
            let v = v.trim();
            let v = v
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .or_else(|| v.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')))
                .unwrap_or(v);
            Some((k.trim().to_owned(), v.to_owned()))
        })
        .collect())
}

/// One server entry as a capture target.
fn server(x: &mut Expander<'_>, dir: &Path, entry: &Value) -> Result<Target, String> {
    if !entry.is_object() {
        return Err(format!(
            "the entry should be an object, not {}",
            kind(entry)
        ));
    }
    let string = |key: &str| -> Result<Option<&str>, String> {
        match entry.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(other) => Err(format!("`{key}` should be a string, not {}", kind(other))),
        }
    };
    let transport = string("type")?.or(string("transport")?);
    let url = string("url")?.or(string("serverUrl")?);
    let command = string("command")?;
    match (transport, command, url) {
        (Some("sse"), _, _) => Err(
            "the server uses the SSE transport, which MCP replaced with Streamable HTTP in 2025-03-26; \
             Toolcheck captures over stdio and Streamable HTTP"
                .into(),
        ),
        (_, Some(command), _) => {
            let mut argv = vec![x.expand(command, false)?];
            match entry.get("args") {
                None | Some(Value::Null) => {}
                Some(Value::Array(args)) => {
                    for a in args {
                        let a = a.as_str().ok_or_else(|| {
                            format!("every member of `args` should be a string, not {}", kind(a))
                        })?;
                        argv.push(x.expand(a, false)?);
                    }
                }
                Some(other) => {
                    return Err(format!("`args` should be an array of strings, not {}", kind(other)));
                }
            }
            let mut env = Vec::new();
            if let Some(file) = string("envFile")? {
                let file = x.expand(file, false)?;
                let vars = env_file(&dir.join(file), x.file)?;
                x.secrets.extend(vars.iter().map(|(_, v)| v.clone()));
                env.extend(vars);
            }
            env.extend(x.pairs(entry, "env")?);
            let cwd = string("cwd")?
                .map(|c| x.expand(c, false).map(|c| dir.join(c)))
                .transpose()?;
            Ok(Target::Stdio {
                argv,
                env,
                cwd,
            })
        }
        (_, None, Some(url)) => {
            let url = x.expand(url, false)?;
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                return Err("`url` should be an http:// or https:// URL".into());
            }
            Ok(Target::Http {
                url,
                headers: x.pairs(entry, "headers")?,
            })
        }
        (_, None, None) => Err("the entry has neither a `command` nor a `url`".into()),
    }
}

/// Takes secrets out of text: every occurrence of one becomes `***`.
pub struct Redactor {
    secrets: Option<aho_corasick::AhoCorasick>,
}

impl Redactor {
    /// The shortest value taken for a secret: shorter ones (`1`, `on`) are
    /// too common in ordinary output to take out, and guess nothing.
    const SHORTEST: usize = 4;

    /// A redactor for `secrets`.
    pub fn new(secrets: &[String]) -> Self {
        let mut secrets: Vec<&str> = secrets
            .iter()
            .map(String::as_str)
            .filter(|s| s.chars().count() >= Self::SHORTEST)
            .collect();
        secrets.sort_unstable();
        secrets.dedup();
        let secrets = (!secrets.is_empty()).then(|| {
            aho_corasick::AhoCorasick::builder()
                .match_kind(aho_corasick::MatchKind::LeftmostLongest)
                .build(&secrets)
                .expect("plain strings build an automaton")
        });
        Self { secrets }
    }

    /// `text` with every secret replaced by `***`.
    pub fn redact<'t>(&self, text: &'t str) -> std::borrow::Cow<'t, str> {
        match &self.secrets {
            Some(ac) if ac.is_match(text) => {
                let mut out = String::with_capacity(text.len());
                ac.replace_all_with(text, &mut out, |_, _, out| {
                    out.push_str("***");
                    true
                });
                out.into()
            }
            _ => text.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(name: &str) -> Option<String> {
        match name {
            "API_KEY" => Some("sk-secret-value".into()),
            "HOME" => Some("/home/me".into()),
            _ => None,
        }
    }

    fn parse_text(text: &str) -> Result<ClientConfig, String> {
        parse(text, Path::new("/work/project/.vscode"), &env, &|p| {
            std::fs::read_to_string(p).map_err(|e| e.to_string())
        })
    }

    fn stdio(s: &ConfiguredServer) -> (&[String], &[(String, String)], Option<&PathBuf>) {
        match s.target.as_ref().expect("usable") {
            Target::Stdio { argv, env, cwd } => (argv, env, cwd.as_ref()),
            Target::Http { .. } => panic!("not stdio"),
        }
    }

    #[test]
    fn claude_desktop() {
        let c = parse_text(
            r#"{"mcpServers": {
                "files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "${userHome}/docs"]},
                "github": {"command": "docker", "args": ["run", "ghcr.io/github/github-mcp-server"], "env": {"GITHUB_TOKEN": "${API_KEY}"}},
                "off": {"command": "x", "disabled": true}
            }}"#,
        )
        .unwrap();
        assert_eq!(c.format, ConfigFormat::McpServers);
        assert_eq!(c.servers.len(), 2);
        let (argv, _, _) = stdio(&c.servers[0]);
        assert_eq!(argv[3], "/home/me/docs");
        let (_, env, _) = stdio(&c.servers[1]);
        assert_eq!(
            env,
            [("GITHUB_TOKEN".to_owned(), "sk-secret-value".to_owned())]
        );
        assert!(c.secrets.contains(&"sk-secret-value".to_owned()));
    }

    #[test]
    fn claude_code_http_and_defaults() {
        let c = parse_text(
            r#"{"mcpServers": {
                "api": {"type": "http", "url": "${BASE:-https://mcp.example.com}/mcp", "headers": {"Authorization": "Bearer ${API_KEY}"}},
                "old": {"type": "sse", "url": "https://example.com/sse"}
            }}"#,
        )
        .unwrap();
        match c.servers[0].target.as_ref().unwrap() {
            Target::Http { url, headers } => {
                assert_eq!(url, "https://mcp.example.com/mcp");
                assert_eq!(headers[0].1, "Bearer sk-secret-value");
            }
            Target::Stdio { .. } => panic!("not http"),
        }
        assert!(c.secrets.contains(&"Bearer sk-secret-value".to_owned()));
        assert!(c.servers[1].target.as_ref().unwrap_err().contains("SSE"));
    }

    #[test]
    fn vscode_with_comments_inputs_and_workspace() {
        let c = parse_text(
            r#"{
              // The servers of this workspace.
              "inputs": [{"type": "promptString", "id": "token"}],
              "servers": {
                "local": {"type": "stdio", "command": "node", "args": ["${workspaceFolder}/server.js"], "env": {"KEY": "${env:API_KEY}"},},
                "asks": {"type": "stdio", "command": "node", "env": {"TOKEN": "${input:token}"}},
              },
            }"#,
        )
        .unwrap();
        assert_eq!(c.format, ConfigFormat::VsCode);
        let (argv, env, _) = stdio(&c.servers[0]);
        assert_eq!(argv[1], "/work/project/server.js");
        assert_eq!(env[0].1, "sk-secret-value");
        assert!(
            c.servers[1]
                .target
                .as_ref()
                .unwrap_err()
                .contains("input:token")
        );
    }

    #[test]
    fn vscode_settings_and_cursor() {
        let c = parse_text(r#"{"editor.fontSize": 14, "mcp": {"servers": {"a": {"url": "http://localhost:3000/mcp"}}}}"#)
            .unwrap();
        assert_eq!(c.format, ConfigFormat::VsCode);
        // Cursor's .cursor/mcp.json is the mcpServers shape.
        let c = parse_text(r#"{"mcpServers": {"web": {"url": "https://mcp.example.com/mcp", "headers": {"X-Key": "${env:API_KEY}"}}}}"#)
            .unwrap();
        assert!(matches!(c.servers[0].target, Ok(Target::Http { .. })));
    }

    #[test]
    fn unusable_entries_are_that_servers_error_with_its_line() {
        let c = parse_text(
            "{\"mcpServers\": {\n  \"ok\": {\"command\": \"node\"},\n  \"nothing\": {\"args\": []},\n  \"unset\": {\"command\": \"${NOPE}\"},\n  \"badargs\": {\"command\": \"x\", \"args\": \"-v\"}\n}}",
        )
        .unwrap();
        assert!(c.servers[0].target.is_ok());
        let err = |i: usize| c.servers[i].target.as_ref().unwrap_err().clone();
        assert_eq!(
            err(1),
            "the entry has neither a `command` nor a `url` (line 3)"
        );
        assert!(err(2).contains("NOPE is not set"), "{}", err(2));
        assert!(err(3).contains("`args` should be an array"), "{}", err(3));
    }

    #[test]
    fn malformed_configs_are_clear_errors() {
        for (text, expected) in [
            (
                "{\"mcpServers\": {\n  \"a\": {\"command\": }\n}}",
                "on line 2",
            ),
            ("[1, 2]", "a JSON object, not an array"),
            ("{\"tools\": []}", "not a client MCP config"),
            (
                "{\"mcpServers\": [\n]}",
                "`mcpServers` (line 1) should be an object of servers by name, not an array",
            ),
            ("", "the config is empty"),
        ] {
            let e = parse_text(text).unwrap_err();
            assert!(e.contains(expected), "{text:?}: {e}");
        }
    }

    #[test]
    fn secrets_are_redacted() {
        let r = Redactor::new(&[
            "sk-secret-value".into(),
            "on".into(),
            "Bearer sk-secret-value".into(),
        ]);
        assert_eq!(
            r.redact("key sk-secret-value, Bearer sk-secret-value, on"),
            "key ***, ***, on"
        );
    }
}
