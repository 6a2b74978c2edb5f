//! Reading what a command checks: a file, standard input, the sample or a
//! live server, and naming it in messages and in SARIF.

use std::io::Write;

use toolcheck::report::sarif::artifact_uri;

use crate::Problem;
use crate::args::CheckArgs;
use crate::host::Host;
use crate::live::{self, Target};

/// What was checked: the text, its name for messages, and its URI when it is
/// a file.
pub struct Input {
    /// The capture.
    pub text: String,
    /// Its name in messages: the path, `<stdin>`, `sample`, or the server.
    pub name: String,
    /// Its path in SARIF and annotations, when it is a file.
    pub uri: Option<String>,
}

/// A path as a repository-relative URI: absolute paths under the working
/// directory lose that prefix.
#[must_use]
pub fn uri_for(host: &dyn Host, path: &str) -> String {
    let p = std::path::Path::new(path);
    let relative = host.current_dir().and_then(|cwd| {
        p.strip_prefix(&cwd)
            .ok()
            .map(|r| r.to_string_lossy().into_owned())
    });
    artifact_uri(relative.as_deref().unwrap_or(path))
}

/// A file's text, or standard input's for `-` or nothing.
///
/// # Errors
/// `cannot read PATH: …`, or text that is not UTF-8.
pub fn read_file_or_stdin(host: &dyn Host, file: Option<&str>) -> Result<String, String> {
    let (bytes, what) = match file {
        None | Some("-") => (
            host.read_stdin()
                .map_err(|e| format!("cannot read standard input: {e}"))?,
            "standard input",
        ),
        Some(path) => (
            host.read(path)
                .map_err(|e| format!("cannot read {path}: {e}"))?,
            path,
        ),
    };
    utf8(bytes, what)
}

/// The bytes as text, or what a reader of JSON says of bytes that are not
/// UTF-8 (`what` is the file's path, or `standard input`).
///
/// # Errors
/// Text that is not UTF-8.
pub fn utf8(bytes: Vec<u8>, what: &str) -> Result<String, String> {
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{what} is not valid UTF-8 (invalid byte at offset {}); JSON must be UTF-8",
            e.utf8_error().valid_up_to()
        )
    })
}

/// What `check` and `fix` check: the sample, a live server (native only),
/// or a file or standard input.
///
/// # Errors
/// A usage error, a capture that fails, a file that cannot be read.
pub fn read(args: &CheckArgs, host: &mut dyn Host, err: &mut dyn Write) -> Result<Input, Problem> {
    if args.sample {
        return Ok(Input {
            text: toolcheck::sample::TOOLS.to_owned(),
            name: "sample".into(),
            uri: None,
        });
    }
    let live = args.stdio || args.live.url.is_some();
    if !live && !args.command.is_empty() {
        return Err(Problem::new(
            "a server command after -- needs --stdio (toolcheck check --stdio -- <command…>)",
        ));
    }
    crate::live::stdio_command(args.stdio, &args.command, "check").map_err(Problem::new)?;
    if live {
        let target = Target::from_args(&args.live, &args.command).map_err(Problem::new)?;
        let flag = if args.stdio { "--stdio" } else { "--url" };
        let Some(server) = host.live() else {
            return Err(Problem::native_only(&format!(
                "{flag}: capturing a live server"
            )));
        };
        let captured = server
            .capture(&target, &args.live)
            .map_err(|e| Problem::new(format!("capture from {} failed: {e}", target.label())))?;
        if args.live.verbose {
            let _ = writeln!(
                err,
                "{}",
                live::summary(&captured, args.save_capture.as_deref())
            );
        }
        let text = captured.text();
        let uri = match &args.save_capture {
            Some(path) => {
                host.write(path, text.as_bytes())
                    .map_err(|e| Problem::new(format!("cannot write {path}: {e}")))?;
                Some(uri_for(host, path))
            }
            None => None,
        };
        return Ok(Input {
            text,
            name: target.label(),
            uri,
        });
    }
    if args.save_capture.is_some() {
        return Err(Problem::new("--save-capture is for --stdio and --url"));
    }
    let file = args.files.first().map(String::as_str);
    let text = read_file_or_stdin(host, file).map_err(Problem::new)?;
    let (name, uri) = match file {
        None | Some("-") => ("<stdin>".to_owned(), None),
        Some(path) => (path.to_owned(), Some(uri_for(host, path))),
    };
    Ok(Input { text, name, uri })
}
