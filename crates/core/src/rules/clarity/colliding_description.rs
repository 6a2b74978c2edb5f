use crate::rules::clarity::WordMap;

use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};

declare_rule! {
    /// ## What it does
    /// Flags a tool whose description has no content word that appears in no
    /// other tool's description: every word it uses, some other tool's
    /// description uses too. Content words are the description's words without
    /// English stop words and numbers, with simple stemming (plural `-s`/`-es`,
    /// `-ing`, `-ed`), so `orders` and `order` are the same word.
    ///
    /// It runs only when two or more tools are listed. Tools without a
    /// description are reported by `thin-description`, and tools whose
    /// description is identical to another's by `near-duplicate-description`.
    ///
    /// Large servers get this often: across public servers 17.7% of tools are
    /// at zero, rising to 32.4% on servers with more than sixty tools, because
    /// families of tools (`update_issue_title`, `update_pull_request_title`)
    /// are described with the same words in different orders. On the GitHub
    /// server's 117 tools it fires on 67 (57%, against 32.4% for its size
    /// band); on Notion's on 14 of 24, and on `server-filesystem` on none.
    /// The Markdown and JSON reports set the list's share beside the public
    /// figure for its size.
    ///
    /// ## Why it is info, not a warning
    /// Having no word of its own is a corpus statistic, not evidence that a
    /// model will confuse the tool with another: most of the GitHub tools it
    /// marks have clear descriptions that a model tells apart by how the
    /// shared words combine (`list` + `issue` against `list` + `pull
    /// request`). Two descriptions that say nearly the same thing are
    /// `near-duplicate-description`'s warning; this rule points to where a
    /// distinguishing detail would help most.
    ///
    /// ## Why is this bad?
    /// A model choosing a tool compares descriptions. When every word of this
    /// one also appears in others', nothing in its prose says when to pick it
    /// rather than its neighbours, so the choice rests on the name alone, and
    /// similar names are where wrong picks happen.
    ///
    /// ## Example
    /// ```json
    /// [{"name": "list_orders", "description": "List the customer's orders."},
    ///  {"name": "search_orders", "description": "Search and list the customer's orders."}]
    /// ```
    /// Use instead:
    /// ```json
    /// [{"name": "list_orders", "description": "List the customer's orders, newest first, 20 per page."},
    ///  {"name": "search_orders", "description": "Search the customer's orders by keyword in item names."}]
    /// ```
    ///
    /// ## Fix
    /// Lead the description with what sets the tool apart: what it returns, when
    /// to use it instead of its neighbours, and one specific detail.
    ///
    /// ## Sources
    /// - Claude tool use, defining tools: <https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use>
    /// - OpenAI function calling guide (clear, distinct descriptions): <https://developers.openai.com/api/docs/guides/function-calling>
    pub COLLIDING_DESCRIPTION,
    id = "colliding-description",
    group = Clarity,
    severity = Info,
    scope = List,
    fix_note = "No automatic fix: what sets the tool apart from its neighbours is known only to its author.",
    summary = "No word in a tool's description sets it apart from the other tools' descriptions",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    let tools = cx.tools();
    if tools.len() < 2 {
        return;
    }
    let counts = cx.cache.unique_word_counts(tools);
    let words = cx.cache.words(tools);
    let mut same_text: WordMap<&str, usize> =
        WordMap::with_capacity_and_hasher(words.len(), Default::default());
    for w in words {
        if let Some(d) = w.normalised() {
            *same_text.entry(d).or_insert(0) += 1;
        }
    }
    for ((tool, count), w) in tools.iter().zip(counts).zip(words) {
        if *count != Some(0) {
            continue;
        }
        let Some(normalised) = w.normalised() else {
            continue;
        };
        if same_text.get(normalised).is_some_and(|n| *n > 1) {
            continue;
        }
        out.report(
            Some(tool),
            tool.path.key("description"),
            format!(
                "every word of the description also appears in another tool's description ({} tools listed)",
                tools.len()
            ),
        )
        .explanation(
            "A model choosing a tool compares descriptions. Nothing in this one's wording is specific to it, so the \
             choice between it and its neighbours rests on the name alone, and similar names are where wrong picks happen.",
        )
        .help(
            "Lead the description with what sets this tool apart: what it returns, when to use it instead of similar \
             tools, and one specific detail",
        );
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(COLLIDING_DESCRIPTION, "clarity/colliding-description.json");
}
