//! A live server: where it is ([`Target`]), what capturing its tools made
//! ([`Captured`]), and the line that says so.

use serde_json::Value;
use toolcheck::report::text::{counted, one_line};

use crate::args::LiveArgs;

/// Where the server is.
#[derive(Debug, Clone)]
pub enum Target {
    /// A command that speaks MCP on standard input and output.
    Stdio {
        /// The program and its arguments.
        argv: Vec<String>,
        /// Variables added to its environment.
        env: Vec<(String, String)>,
        /// The folder it starts in, when not the current one.
        cwd: Option<std::path::PathBuf>,
    },
    /// A Streamable HTTP endpoint and extra headers.
    Http {
        /// The endpoint.
        url: String,
        /// Extra headers.
        headers: Vec<(String, String)>,
    },
}

/// `--stdio` with no server command after `--`: the error, as `toolcheck
/// {subcommand}` says it (`check`, `capture` and `probe` take the flag).
///
/// # Errors
/// `--stdio` is given and `command` is empty.
pub fn stdio_command(stdio: bool, command: &[String], subcommand: &str) -> Result<(), String> {
    if stdio && command.is_empty() {
        return Err(format!(
            "--stdio needs the server command after --: toolcheck {subcommand} --stdio -- npx my-server"
        ));
    }
    Ok(())
}

impl Target {
    /// The target from `--url`/`--header` or a command.
    pub fn from_args(live: &LiveArgs, command: &[String]) -> Result<Target, String> {
        match (&live.url, command.is_empty()) {
            (Some(_), false) => Err("give either --url or a command after --, not both".into()),
            (None, true) => Err(
                "nothing to capture: give a server command after -- (toolcheck capture -- npx my-server) or --url http://…/mcp"
                    .into(),
            ),
            (None, false) => Ok(Target::Stdio {
                argv: command.to_vec(),
                env: Vec::new(),
                cwd: None,
            }),
            (Some(url), true) => {
                if !(url.starts_with("http://") || url.starts_with("https://")) {
                    return Err(format!("--url must be an http:// or https:// URL, not \"{url}\""));
                }
                let headers = live
                    .headers
                    .iter()
                    .map(|h| parse_header(h))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Target::Http {
                    url: url.clone(),
                    headers,
                })
            }
        }
    }

    /// For messages: the command line or the URL.
    pub fn label(&self) -> String {
        match self {
            Target::Stdio { argv, .. } => argv.join(" "),
            Target::Http { url, .. } => url.clone(),
        }
    }
}

/// `Name: value` → (`Name`, `value`).
pub fn parse_header(h: &str) -> Result<(String, String), String> {
    let (name, value) = h
        .split_once(':')
        .ok_or_else(|| format!("--header \"{h}\" has no colon; write it as Name: value"))?;
    let name = name.trim();
    if name.is_empty()
        || !name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
    {
        return Err(format!(
            "--header \"{h}\": \"{name}\" is not a valid header name"
        ));
    }
    Ok((name.to_owned(), value.trim().to_owned()))
}

/// What a capture produced.
#[derive(Debug, Clone)]
pub struct Captured {
    /// The merged `tools/list` response, with the record of how it was made.
    pub doc: Value,
    /// Tools captured.
    pub tools: usize,
    /// `tools/list` pages merged.
    pub pages: usize,
    /// The protocol version the server answered with.
    pub protocol_version: String,
    /// `serverInfo.name` and `version`, when given.
    pub server: Option<String>,
    /// How many times the tools were listed, each in its own session.
    pub listings: usize,
}

impl Captured {
    /// Nothing captured (what a closed connection leaves).
    #[must_use]
    pub fn empty() -> Self {
        Self {
            doc: Value::Null,
            tools: 0,
            pages: 0,
            protocol_version: String::new(),
            server: None,
            listings: 0,
        }
    }

    /// The capture as written: pretty-printed, ending with a newline.
    #[must_use]
    pub fn text(&self) -> String {
        // A `serde_json::Value` always serializes: its keys are strings.
        let mut text = serde_json::to_string_pretty(&self.doc).unwrap_or_default();
        text.push('\n');
        text
    }
}

/// `toolcheck: captured 13 tools (1 page) from mcp-servers/everything 2.0.0, protocol 2025-11-25 → tools.json`.
pub fn summary(c: &Captured, out: Option<&str>) -> String {
    let tools = counted(c.tools, "tool");
    let pages = counted(c.pages, "page");
    let from = c
        .server
        .as_deref()
        .map(|s| format!(" from {s}"))
        .unwrap_or_default();
    let to = out.map(|o| format!(" → {o}")).unwrap_or_default();
    let times = if c.listings > 1 {
        format!(", listed {} times", c.listings)
    } else {
        String::new()
    };
    format!(
        "toolcheck: captured {tools} ({pages}){from}, protocol {}{times}{to}",
        one_line(&c.protocol_version)
    )
}

/// How a server answered a `tools/call`.
pub use toolcheck::probe::Answer;

/// A live server whose tools were listed, still connected: the probe's.
pub trait Connection {
    /// What listing its tools made.
    fn captured(&self) -> &Captured;

    /// Calls a tool and waits at most `timeout` for the answer.
    fn call(&mut self, tool: &str, arguments: &Value, timeout: std::time::Duration) -> Answer;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers() {
        assert_eq!(
            parse_header("Authorization: Bearer a:b").unwrap(),
            ("Authorization".into(), "Bearer a:b".into())
        );
        assert!(parse_header("nocolon").is_err());
        assert!(parse_header("bad name: x").is_err());
    }
}
