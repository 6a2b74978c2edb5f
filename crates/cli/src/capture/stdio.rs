//! The stdio transport: a child process, newline-delimited JSON-RPC.

use std::collections::VecDeque;
use std::io::{BufRead as _, BufReader, Write as _};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::{GRACE, STDERR_LINES, TIMED_OUT, Transport, is_response, messages};

// ---------------------------------------------------------------------------
// stdio

enum Line {
    Text(String),
    Eof,
}

pub(super) struct StdioTransport {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    verbose: bool,
    closed: bool,
    /// The server closed its output.
    eof: bool,
}

impl StdioTransport {
    pub(super) fn start(
        cmd: &[String],
        env: &[(String, String)],
        cwd: Option<&std::path::Path>,
        verbose: bool,
    ) -> Result<Self, String> {
        let (program, args) = cmd.split_first().ok_or("no server command given")?;
        let mut command = Command::new(program);
        if let Some(cwd) = cwd {
            command.current_dir(cwd);
        }
        command
            .args(args)
            .envs(env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if verbose {
                Stdio::inherit()
            } else {
                Stdio::piped()
            });
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt as _;
            // Its own process group, so a wrapper (`npx`, a shell) and the
            // server it starts are shut down together.
            command.process_group(0);
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start \"{program}\": {e}"))?;
        let stdout = child.stdout.take().ok_or("no standard output pipe")?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut line = String::new();
            loop {
                line.clear();
                match reader.read_line(&mut line) {
                    Ok(0) | Err(_) => {
                        let _ = tx.send(Line::Eof);
                        return;
                    }
                    Ok(_) => {
                        if tx.send(Line::Text(line.trim_end().to_owned())).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(err) = child.stderr.take() {
            let keep = Arc::clone(&stderr);
            std::thread::spawn(move || {
                for line in BufReader::new(err).lines().map_while(Result::ok) {
                    if let Ok(mut k) = keep.lock() {
                        if k.len() == STDERR_LINES {
                            k.pop_front();
                        }
                        k.push_back(line);
                    }
                }
            });
        }
        Ok(StdioTransport {
            stdin: child.stdin.take(),
            child,
            lines: rx,
            stderr,
            verbose,
            closed: false,
            eof: false,
        })
    }

    fn send(&mut self, message: &Value) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("standard input is closed")?;
        let mut line = serde_json::to_string(message).map_err(|e| e.to_string())?;
        line.push('\n');
        stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.flush())
            .map_err(|e| format!("cannot write to the server: {e}{}", self.exit_note()))
    }

    fn exit_note(&mut self) -> String {
        std::thread::sleep(Duration::from_millis(50));
        match self.child.try_wait() {
            Ok(Some(status)) => format!(" (the server exited: {status})"),
            _ => String::new(),
        }
    }

    /// Answers a request the server sent us: `ping` gets an empty result,
    /// anything else "method not found".
    fn answer(&mut self, request: &Value) {
        let id = request.get("id").cloned().unwrap_or(Value::Null);
        let reply = if request.get("method").and_then(Value::as_str) == Some("ping") {
            json!({"jsonrpc": "2.0", "id": id, "result": {}})
        } else {
            json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": "toolcheck only lists tools"}})
        };
        let _ = self.send(&reply);
    }

    /// Sends a request and waits for its response until `deadline`; with
    /// `patience`, a progress notification for it moves the deadline to
    /// that long from then, never past its cap.
    fn wait(
        &mut self,
        message: &Value,
        id: u64,
        mut deadline: Instant,
        patience: Option<(Duration, Instant)>,
    ) -> Result<Value, String> {
        self.send(message)?;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(Line::Text(line)) => line,
                Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => {
                    self.eof = true;
                    let note = self.exit_note();
                    return Err(format!(
                        "the server closed its output without answering{note}"
                    ));
                }
                Err(RecvTimeoutError::Timeout) => return Err(TIMED_OUT.into()),
            };
            if line.trim().is_empty() {
                continue;
            }
            let Ok(value) = serde_json::from_str::<Value>(&line) else {
                if self.verbose {
                    eprintln!("toolcheck: server wrote a line that is not JSON-RPC: {line}");
                }
                continue;
            };
            let mut found = None;
            for m in messages(value) {
                if is_response(&m, id) {
                    found = Some(m);
                } else if m.get("method").is_some() && m.get("id").is_some() {
                    if self.verbose {
                        eprintln!("toolcheck: ← server request {m}");
                    }
                    self.answer(&m);
                } else {
                    if let Some((more, cap)) = patience
                        && m.get("method").and_then(Value::as_str) == Some("notifications/progress")
                        && m["params"]["progressToken"].as_u64() == Some(id)
                    {
                        deadline = deadline.max((Instant::now() + more).min(cap));
                    }
                    if self.verbose {
                        eprintln!("toolcheck: ← {m}");
                    }
                }
            }
            if let Some(m) = found {
                return Ok(m);
            }
        }
    }
}

impl Transport for StdioTransport {
    fn request(&mut self, message: &Value, id: u64, deadline: Instant) -> Result<Value, String> {
        self.wait(message, id, deadline, None)
    }

    fn request_patiently(
        &mut self,
        message: &Value,
        id: u64,
        deadline: Instant,
        patience: (Duration, Instant),
    ) -> Result<Value, String> {
        self.wait(message, id, deadline, Some(patience))
    }

    fn notify(&mut self, message: &Value, _deadline: Instant) -> Result<(), String> {
        self.send(message)
    }

    fn set_protocol_version(&mut self, _version: &str) {}

    fn usable(&mut self) -> bool {
        !self.closed && !self.eof && matches!(self.child.try_wait(), Ok(None))
    }

    fn close(&mut self) {
        if self.closed {
            return;
        }
        self.closed = true;
        // Closing standard input asks the server to exit.
        drop(self.stdin.take());
        let until = Instant::now() + GRACE;
        while Instant::now() < until {
            match self.child.try_wait() {
                Ok(Some(_)) => {
                    kill_group(&self.child, "TERM");
                    return;
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(25)),
                Err(_) => break,
            }
        }
        if self.verbose {
            eprintln!(
                "toolcheck: the server did not exit within {}s; killing it",
                GRACE.as_secs()
            );
        }
        kill_group(&self.child, "KILL");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn context(&self) -> String {
        if self.verbose {
            return String::new();
        }
        let lines = self
            .stderr
            .lock()
            .map(|l| l.iter().cloned().collect::<Vec<_>>())
            .unwrap_or_default();
        if lines.is_empty() {
            String::new()
        } else {
            format!(
                "\nthe server's last standard error lines (--verbose shows all):\n  {}",
                lines.join("\n  ")
            )
        }
    }
}

impl Drop for StdioTransport {
    fn drop(&mut self) {
        self.close();
    }
}

/// Signals the server's process group (what a wrapper such as `npx` started).
#[cfg(unix)]
fn kill_group(child: &Child, signal: &str) {
    let _ = Command::new("kill")
        .args(["-s", signal, "--", &format!("-{}", child.id())])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

#[cfg(not(unix))]
fn kill_group(_child: &Child, _signal: &str) {}
