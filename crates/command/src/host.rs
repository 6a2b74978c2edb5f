//! What a front end does for the commands: its I/O. The native binary reads
//! and writes files, starts servers and speaks to them; the npm package's
//! engine asks Node for files and starts nothing; the MCP server and the
//! typed API hand the text over directly. Everything else a command does is
//! in this crate, the same for all of them.

use crate::args::{LiveArgs, McpArgs};
use crate::live::{Captured, Connection, Target};

/// The file system and the processes, as a front end offers them.
pub trait Host {
    /// A file's bytes, or why it could not be read (the text after `cannot
    /// read PATH: `, as the operating system says it).
    ///
    /// # Errors
    /// Why the file could not be read.
    fn read(&self, path: &str) -> Result<Vec<u8>, String>;

    /// Standard input's bytes.
    ///
    /// # Errors
    /// Why it could not be read.
    fn read_stdin(&self) -> Result<Vec<u8>, String>;

    /// Writes a file.
    ///
    /// # Errors
    /// Why it could not be written (after `cannot write PATH: `).
    fn write(&self, path: &str, bytes: &[u8]) -> Result<(), String>;

    /// Makes a folder and the folders above it (for the scan's lock, in a
    /// state folder that may not be there yet).
    ///
    /// # Errors
    /// Why it could not be made; where the host has no folders, always.
    fn make_dir(&self, path: &str) -> Result<(), String> {
        Err(format!("cannot make the folder {path} here"))
    }

    /// Whether `path` is a file (for `./toolcheck.toml`).
    fn is_file(&self, path: &str) -> bool;

    /// The working directory, absolute, for paths in SARIF and annotations.
    fn current_dir(&self) -> Option<String>;

    /// An environment variable (for `${VAR}` in a client's MCP config).
    fn env(&self, name: &str) -> Option<String>;

    /// Whether standard error (or standard output) is a terminal, where
    /// usage errors and help are written in colour.
    fn is_terminal(&self, stderr: bool) -> bool {
        let _ = stderr;
        false
    }

    /// The live servers: capturing one, and the servers of client configs.
    /// `None` where the front end starts no process and opens no connection
    /// (the npm package): the commands that need one say how to get the
    /// native binary.
    fn live(&mut self) -> Option<&mut dyn Live> {
        None
    }

    /// Serves Toolcheck as an MCP server over stdio until the client goes
    /// (`toolcheck mcp`): the exit code. `None` where it cannot.
    fn serve_mcp(&mut self, args: &McpArgs) -> Option<u8> {
        let _ = args;
        None
    }
}

/// Live capture: the native binary's.
pub trait Live {
    /// Captures the tools of a live server.
    ///
    /// # Errors
    /// Why the capture failed.
    fn capture(&mut self, target: &Target, live: &LiveArgs) -> Result<Captured, String>;

    /// Connects to a live server and lists its tools, keeping the
    /// connection for calls (closed when dropped).
    ///
    /// # Errors
    /// Why the server could not be reached or listed.
    fn open(&mut self, target: &Target, live: &LiveArgs) -> Result<Box<dyn Connection>, String>;

    /// Captures several servers at once (a hung one costs the timeout
    /// once): each capture, or why it failed, in the order given.
    fn capture_all(
        &mut self,
        targets: &[&Target],
        live: &LiveArgs,
    ) -> Vec<Result<Captured, String>>;
}
