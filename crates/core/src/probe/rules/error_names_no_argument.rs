use crate::probe::{Answered, ProbeEmitter, names, quoted};
use crate::registry::declare_rule;

declare_rule! {
    /// ## What it does
    /// Flags a tool error that refuses a call breaking the `inputSchema`
    /// (as it should) but whose message names neither the argument at fault
    /// nor its path (`limit`, `filter.since`). A refusal that says what the
    /// tool said to a valid call (it needs credentials or data) is not
    /// judged: it says nothing about validation. A name of one or two
    /// letters counts only quoted, followed by `:` or `=`, in a path (`/id`,
    /// `$.id`) or alone on a line (Pydantic's layout), since "a" or "id" in a
    /// sentence may be a word of English. The layouts of Pydantic,
    /// jsonschema, Zod and Ajv are all read.
    ///
    /// ## Why is this bad?
    /// The text of a tool error is what the model reads to correct its call.
    /// "Invalid input" leaves it to guess which argument to change, and it
    /// often changes the wrong one, or gives up.
    ///
    /// ## Example
    /// `{"content": [{"type": "text", "text": "Invalid input."}], "isError": true}`
    ///
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "Invalid argument limit: at most 50."}], "isError": true}
    /// ```
    ///
    /// ## Fix
    /// Say which argument is wrong and what it should be. The validators of
    /// the SDKs give the path of each error: pass it on.
    ///
    /// ## Sources
    /// - MCP 2025-11-25, Tools, error handling ("to enable the model to self-correct"): <https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling>
    /// - SEP-1303, input validation errors as tool execution errors: <https://github.com/modelcontextprotocol/modelcontextprotocol/issues/1303>
    pub PROBE_ERROR_NAMES_NO_ARGUMENT,
    id = "probe-error-names-no-argument",
    group = Probe,
    severity = Warning,
    fix_note = "No automatic fix: the message is the server's code.",
    summary = "A tool error about invalid arguments does not say which argument is wrong",
}

fn check(a: &Answered<'_>, out: &mut ProbeEmitter<'_>) {
    let Some(argument) = a.argument else {
        return;
    };
    if !a.invalid()
        || !a.is_error
        || a.refusal == Some(a.message.as_str())
        || names(&a.message, argument)
    {
        return;
    }
    out.report(format!(
        "the server refused {} with {}, which does not name `{argument}`",
        a.call(),
        quoted(&a.message)
    ))
    .help(
        "Name the argument at fault and say what it should be, so the model can correct its call",
    );
}
