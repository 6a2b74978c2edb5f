use crate::probe::{Answer, Answered, ProbeEmitter, quoted};
use crate::registry::declare_rule;

declare_rule! {
    /// ## What it does
    /// Flags a call that crashed the server, closed its stream, or got no
    /// answer within `--timeout` (10 seconds unless said). The probe starts
    /// the server again (or opens a new connection) and goes on with the
    /// next case.
    ///
    /// ## Why is this bad?
    /// A crash takes every tool of the server away from the model for the
    /// rest of the session, and whatever the server was doing with it. A
    /// call that hangs blocks the model's turn until the client gives up.
    /// Either one can be set off by a model's ordinary mistake in its
    /// arguments.
    ///
    /// ## Example
    /// A server process that exits when a call carries an argument it does
    /// not know.
    ///
    /// Use instead: a tool error that names the argument, and a server that
    /// goes on serving.
    ///
    /// ## Fix
    /// Catch what the handler throws, and answer it as a tool error; bound
    /// what the handler waits for.
    ///
    /// ## Sources
    /// - MCP 2025-11-25, Tools, error handling: <https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling>
    /// - MCP 2025-11-25, Lifecycle, timeouts: <https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#timeouts>
    pub PROBE_NO_ANSWER,
    id = "probe-no-answer",
    group = Probe,
    severity = Error,
    fix_note = "No automatic fix: the crash or the hang is in the server's code.",
    summary = "A call crashed the server, closed its stream, or got no answer in time",
}

fn check(a: &Answered<'_>, out: &mut ProbeEmitter<'_>) {
    let what = match a.answer {
        Answer::Timeout => format!("gave no answer within {}s", a.timeout_secs),
        Answer::Closed(why) => format!("stopped ({})", quoted(why)),
        _ => return,
    };
    let help = if matches!(a.answer, Answer::Timeout) {
        "Bound what the handler waits for, and answer a call it cannot finish in time with a tool error; if the tool \
         is slow by design, give the probe a longer --timeout (it sends no progress token)"
    } else {
        "Catch what the handler throws and answer it as a tool error"
    };
    out.report(format!("the server {what} to {}", a.call()))
        .help(help);
}
