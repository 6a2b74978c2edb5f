use crate::input::Tool;
use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::text::similarity::{DescriptionWords, Similarity, similar_pairs};

declare_rule! {
    /// ## What it does
    /// Flags a tool whose description is the same as an earlier tool's, or
    /// nearly the same. Two descriptions are the same when their words match
    /// after lowercasing and dropping punctuation. They are nearly the same
    /// when both have at least 5 content words (stop words dropped, simply
    /// stemmed) and the Jaccard similarity of the two word sets is at least
    /// 0.9. The later tool is reported, naming the earlier one.
    ///
    /// It compares only tools that share one of their rarest words and whose
    /// word counts are within 10%, at most 64 per tool (prefix filtering, as
    /// in the All-Pairs set-similarity join), so it stays fast on lists of
    /// thousands of tools.
    ///
    /// ## Why is this bad?
    /// When two tools read the same, the model cannot choose between them from
    /// their descriptions, and picks by name or at random. Copy-pasted
    /// descriptions also tend to be wrong for one of the tools.
    ///
    /// ## Example
    /// ```json
    /// [{"name": "get_invoice", "description": "Fetch an invoice by its id and return its lines, totals and payment state."},
    ///  {"name": "get_receipt", "description": "Fetch an invoice by its id and return its lines, totals and payment state."}]
    /// ```
    /// Use instead:
    /// ```json
    /// [{"name": "get_invoice", "description": "Fetch an unpaid or paid invoice by its id and return its lines, totals and payment state."},
    ///  {"name": "get_receipt", "description": "Fetch the receipt issued after a payment, by payment id, as a PDF link."}]
    /// ```
    ///
    /// ## Fix
    /// Rewrite one of the two descriptions to say what is different about it:
    /// its input, what it returns, and when to use it instead of the other.
    ///
    /// ## Sources
    /// - Claude tool use, defining tools: <https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use>
    /// - Bayardo, Ma and Srikant, "Scaling Up All Pairs Similarity Search" (prefix filtering): <https://doi.org/10.1145/1242572.1242591>
    pub NEAR_DUPLICATE_DESCRIPTION,
    id = "near-duplicate-description",
    group = Clarity,
    severity = Warning,
    scope = List,
    fix_note = "No automatic fix: only the author knows how the two tools differ, and so what each description should say.",
    summary = "Two tools have the same or nearly the same description",
}

const WHY: &str = "When two tools read the same, the model cannot choose between them from their descriptions and picks \
by name or at random. A copied description is also usually wrong for one of the two tools.";

fn emit(out: &mut Emitter<'_>, tool: &Tool<'_>, earlier: &Tool<'_>, message: String) {
    out.report(
        Some(tool),
        tool.path.key("description"),
        message,
    )
    .explanation(WHY)
    .help(
        format!(
            "Rewrite the description of {} or {} to say what differs: its input, what it returns, and when to use it instead of the other",
            quote(&tool.label()),
            quote(&earlier.label())
        ),
    );
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    let tools = cx.tools();
    if tools.len() < 2 {
        return;
    }
    let words = cx.cache.words(tools);
    let words: Vec<&DescriptionWords> = words.iter().collect();
    for (i, j, similarity) in similar_pairs(&words, |_, _| false) {
        let (tool, earlier) = (&tools[i], &tools[j]);
        let message = match similarity {
            Similarity::Identical => format!(
                "description is identical to that of {}",
                quote(&earlier.label())
            ),
            Similarity::Near(percent) => format!(
                "description is nearly identical to that of {} ({percent}% of their words are shared)",
                quote(&earlier.label())
            ),
        };
        emit(out, tool, earlier, message);
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        NEAR_DUPLICATE_DESCRIPTION,
        "clarity/near-duplicate-description.json"
    );
}
