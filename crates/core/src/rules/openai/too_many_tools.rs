use crate::registry::declare_rule;
use crate::rules::provider::list_path;
use crate::rules::{Definitions, Emitter};

/// More tools than this gets the advice.
const ADVISED: usize = 20;

declare_rule! {
    /// ## What it does
    /// Reports, once for the whole list, when more than 20 tools would be
    /// forwarded to OpenAI at once. Runs when OpenAI is a target.
    ///
    /// ## Why is this bad?
    /// OpenAI's function calling guide advises keeping the number of functions
    /// small ("fewer than 20 functions at any one time") for higher accuracy:
    /// with many similar tools the model picks the wrong one or fills in the
    /// wrong arguments more often, and every definition is paid for as input
    /// tokens on every request. It is advice, not an API limit: the old "max of
    /// 128 functions" note was removed from the API reference in 2025.
    ///
    /// ## Example
    /// A `tools/list` result with 117 tools, all forwarded in every request.
    ///
    /// Use instead: forward only the tools the current task needs (group them by
    /// task, or let the agent load a group on demand).
    ///
    /// ## Fix
    /// Forward fewer than 20 tools per request: split the server's tools into
    /// task-sized groups, or load tools on demand.
    ///
    /// ## Sources
    /// - OpenAI function calling guide, best practices: <https://developers.openai.com/api/docs/guides/function-calling>
    /// - openai-python commit caf837bb (the 128-function note removed)
    pub OPENAI_TOO_MANY_TOOLS,
    id = "openai-too-many-tools",
    group = OpenAi,
    severity = Info,
    provider = OpenAi, as_of = "2026-10-01",
    runs_in = Worker,
    scope = List,
    fix_note = "No automatic fix: which tools to forward together is decided by the host or agent for each task, not by the definitions.",
    summary = "OpenAI: more than 20 tools in one list",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    let n = cx.tools().len();
    if n <= ADVISED {
        return;
    }
    out.report(
        None,
        list_path(cx),
        format!("OpenAI: {n} tools in one list; the function calling guide advises fewer than 20"),
    )
    .explanation(
        format!(
            "OpenAI advises keeping fewer than 20 functions available at once. With {n}, the model is more likely to pick a \
             similar but wrong tool or to mix up arguments, and every definition is sent as input tokens on every request. \
             This is advice, not an API limit."
        ),
    )
    .help(
        "Forward fewer than 20 tools per request: group the tools by task, or load a group only when the agent needs it",
    );
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        OPENAI_TOO_MANY_TOOLS,
        "openai/openai-too-many-tools.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            ..Default::default()
        }
    );

    #[test]
    fn twenty_tools_are_fine() {
        let tools: Vec<String> = (0..20)
            .map(|i| {
                format!(
                    r#"{{"name": "t{i}", "inputSchema": {{"type": "object", "properties": {{}}}}}}"#
                )
            })
            .collect();
        let text = format!(r#"{{"tools": [{}]}}"#, tools.join(","));
        let settings = crate::Settings {
            targets: crate::Targets::ALL,
            ..Default::default()
        };
        let report = crate::check(&text, &settings.only(super::OPENAI_TOO_MANY_TOOLS.id)).unwrap();
        assert!(report.findings.is_empty());
    }
}
