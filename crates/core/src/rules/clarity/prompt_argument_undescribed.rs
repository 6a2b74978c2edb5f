use crate::registry::declare_rule;
use crate::rules::clarity::has_text;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// Flags an argument of a prompt (in `prompts/list`) with no non-blank
    /// `description`. A `title` alone does not count: it names the argument
    /// for people, it does not say what a valid value looks like.
    ///
    /// ## Why is this bad?
    /// A client asks the user, or the model, for each argument before it gets
    /// the prompt, and shows the argument's description as the question. With
    /// no description there is only the name to go on: is `range` a date
    /// range, a line range or a cell range? A wrong guess fills the prompt
    /// with a value it was not written for, and nothing fails: the model just
    /// answers the wrong question.
    ///
    /// ## Example
    /// ```json
    /// {"name": "review", "arguments": [{"name": "range", "required": true}]}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "review", "arguments": [{"name": "range", "required": true,
    ///   "description": "Lines to review, as START-END, e.g. 10-42"}]}
    /// ```
    ///
    /// ## Fix
    /// Add one clause per argument: what it is for and what a valid value
    /// looks like.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Prompts (`PromptArgument.description`): <https://modelcontextprotocol.io/specification/2026-07-28/server/prompts>
    pub PROMPT_ARGUMENT_UNDESCRIBED,
    id = "prompt-argument-undescribed",
    group = Clarity,
    severity = Warning,
    runs_in = Worker,
    fix_note = "No automatic fix: only the author knows what each argument is for and what a valid value looks like.",
    summary = "A prompt's argument has no description",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    let Some(server) = cx.server() else { return };
    for argument in server.prompt_arguments() {
        if !argument.value.is_object() || has_text(argument.value.get("description")) {
            continue;
        }
        let name = argument.name();
        out.report(
            None,
            argument.path(),
            format!("argument {}{} has no description", quote(name), argument.of_prompt()),
        )
        .explanation(
            "A client asks for each argument before it gets the prompt, and shows its description as the \
             question. Without one there is only the name to go on, so the prompt gets filled with a value it \
             was not written for, and nothing fails: the model answers the wrong question.",
        )
        .help(format!(
            "Add a \"description\" to {}: what it is for and what a valid value looks like",
            quote(name)
        ));
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        PROMPT_ARGUMENT_UNDESCRIBED,
        "clarity/prompt-argument-undescribed.json"
    );
}
