//! `toolcheck`: check MCP tool definitions from the command line.
//!
//! The native front end: the command layer ([`toolcheck_command`]) runs
//! every command; this binary gives it the file system, standard input and
//! output, and the live servers (`capture`: stdio processes and Streamable
//! HTTP), and serves `toolcheck mcp` over stdio.

use std::io::{IsTerminal as _, Read as _, Write as _};
use std::process::ExitCode;

use toolcheck_command::args::{LiveArgs, McpArgs};
use toolcheck_command::live::{Captured, Connection, Target};
use toolcheck_command::{Host, Live};

mod capture;
mod mcp_server;

fn main() -> ExitCode {
    let mut host = Native;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut err = std::io::stderr();
    let code = toolcheck_command::run(std::env::args_os(), &mut host, &mut out, &mut err);
    // A closed pipe (`toolcheck … | head`) ends the output; nothing to do.
    let _ = out.flush();
    ExitCode::from(code)
}

/// This machine: its files, its standard streams, its processes and its
/// network.
struct Native;

impl Host for Native {
    fn read(&self, path: &str) -> Result<Vec<u8>, String> {
        std::fs::read(path).map_err(|e| e.to_string())
    }

    fn read_stdin(&self) -> Result<Vec<u8>, String> {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .map(|_| buf)
            .map_err(|e| e.to_string())
    }

    fn write(&self, path: &str, bytes: &[u8]) -> Result<(), String> {
        std::fs::write(path, bytes).map_err(|e| e.to_string())
    }

    fn make_dir(&self, path: &str) -> Result<(), String> {
        std::fs::create_dir_all(path).map_err(|e| e.to_string())
    }

    fn is_file(&self, path: &str) -> bool {
        std::path::Path::new(path).is_file()
    }

    fn current_dir(&self) -> Option<String> {
        std::env::current_dir()
            .ok()
            .map(|d| d.to_string_lossy().into_owned())
    }

    fn env(&self, name: &str) -> Option<String> {
        std::env::var(name).ok()
    }

    fn is_terminal(&self, stderr: bool) -> bool {
        if stderr {
            std::io::stderr().is_terminal()
        } else {
            std::io::stdout().is_terminal()
        }
    }

    fn live(&mut self) -> Option<&mut dyn Live> {
        Some(self)
    }

    fn serve_mcp(&mut self, args: &McpArgs) -> Option<u8> {
        Some(mcp_server::run(args))
    }
}

impl Live for Native {
    fn capture(&mut self, target: &Target, live: &LiveArgs) -> Result<Captured, String> {
        capture::capture(target, live)
    }

    fn open(&mut self, target: &Target, live: &LiveArgs) -> Result<Box<dyn Connection>, String> {
        Ok(Box::new(capture::open(target, live)?))
    }

    /// Every server at once, each on its own thread: a hung one costs the
    /// timeout once.
    fn capture_all(
        &mut self,
        targets: &[&Target],
        live: &LiveArgs,
    ) -> Vec<Result<Captured, String>> {
        std::thread::scope(|scope| {
            let handles: Vec<_> = targets
                .iter()
                .map(|target| scope.spawn(move || capture::capture(target, live)))
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err("the capture stopped unexpectedly".into()))
                })
                .collect()
        })
    }
}
