use crate::path::Path;
use crate::registry::declare_rule;
use crate::servers::{Combination, ServerEmitter, server_label};

declare_rule! {
    /// ## What it does
    /// Reports a server that could not be checked with the others: its
    /// command did not start, exited or did not answer `tools/list` within the
    /// timeout, its URL refused the connection, or its capture is not valid
    /// JSON or not a tool capture. The message gives the error (with the line
    /// and column for a capture), and every other server is still checked.
    ///
    /// ## Why is this bad?
    /// A client that starts the same configuration meets the same failure: the
    /// server's tools are missing from the session, and a client that treats a
    /// failed server as fatal does not start at all. Nothing about the server's
    /// tools can be checked until it answers.
    ///
    /// ## Example
    /// A client config whose `command` names a program that is not installed:
    /// ```json
    /// {"mcpServers": {"files": {"command": "mcp-server-filez", "args": ["/srv"]}}}
    /// ```
    /// Use instead: the right command, or a capture of the server's `tools/list`.
    ///
    /// ## Fix
    /// Run the server's command by hand to see why it fails, fix the command,
    /// its arguments or environment, or check a saved capture instead.
    ///
    /// ## Sources
    /// - MCP 2025-11-25, Lifecycle (initialization and timeouts): <https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle>
    pub SERVER_NOT_CHECKED,
    id = "server-not-checked",
    group = Servers,
    severity = Error,
    fix_note = "No automatic fix: the server's command, environment or capture has to be put right first.",
    summary = "A server could not be started or its capture could not be read",
}

fn check(sx: &Combination<'_>, out: &mut ServerEmitter<'_>) {
    for (i, server) in sx.servers.iter().enumerate() {
        let Err(e) = &server.checked else { continue };
        out.report(
            Some(i),
            None,
            Path::root(),
            format!("server {} was not checked: {e}", server_label(server)),
            None,
        )
        .explanation(
            "A client that starts the same configuration meets the same failure: the server's tools are missing, \
             and a client that treats a failed server as fatal does not start at all.",
        )
        .help(
            if server.capture_failed {
                "Run the server's command by hand to see why it fails, and fix its command, arguments or environment; \
                 or check a saved capture of its tools/list"
            } else {
                "Fix the capture at the place the message gives, or capture the server again with `toolcheck capture`"
            },
        );
    }
}
