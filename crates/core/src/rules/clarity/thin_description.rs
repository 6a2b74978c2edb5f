use std::borrow::Cow;
use std::sync::LazyLock;

use crate::text::re::Regex;

use crate::value::Value;

use crate::registry::declare_rule;
use crate::rules::clarity::{analyse, name_tokens, stem, word_count};
use crate::rules::{Definitions, Emitter};

declare_rule! {
    /// ## What it does
    /// Flags a tool whose description is missing, blank, or thin. A description
    /// is thin when it is a single sentence and either has fewer than
    /// 6 words, or has no content word that is not already in the tool's name
    /// (`delete_file`: "Delete a file.").
    ///
    /// The threshold was tuned on four real servers' `tools/list` captures so
    /// the warning marks the descriptions that tell the model nothing beyond
    /// the name: it fires on 13 of GitHub's 117 tools, 1 of 13 in
    /// `server-everything`, none of 14 in `server-filesystem` and 1 of 9 in
    /// `server-memory`. A plain word-count bar at Anthropic's "3–4 sentences"
    /// would fire on most tools of three of those four servers.
    ///
    /// Boilerplate does not count as description: a leading label of one to
    /// three words before ` | ` (`Notion | Retrieve a user`), and a block of bare error codes
    /// (`Error Responses:` followed by lines such as `400: 400` or
    /// `400: Bad request`). An error line that explains itself
    /// (`404: Page not found or not shared with the integration.`) is kept:
    /// it tells the model when the tool fails.
    ///
    /// ## Why is this bad?
    /// The description is what a model reads to decide whether to call a tool
    /// and how. "Cancel an order." says nothing the name did not: not when to use
    /// it, what it returns, whether it refunds, or what it cannot do. Anthropic's
    /// tool-use guide asks for at least three or four sentences per tool.
    ///
    /// ## Example
    /// ```json
    /// {"name": "cancel_order", "description": "Cancel an order."}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "cancel_order",
    ///  "description": "Cancel an order that has not shipped yet and refund it in full. Use it only when the user explicitly asks to cancel. It fails for shipped orders; use create_return for those. It returns the refund id."}
    /// ```
    ///
    /// ## Fix
    /// Write three or four sentences: what the tool does, when to use it and when
    /// not to, what it returns, and its limits.
    ///
    /// ## Sources
    /// - Claude tool use, defining tools ("at least 3-4 sentences per tool description"): <https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use>
    /// - MCP 2026-07-28, Tools (`description`): <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    pub THIN_DESCRIPTION,
    id = "thin-description",
    group = Clarity,
    severity = Warning,
    scope = Tool,
    fix_note = "No automatic fix: what the tool does, when to use it and what it returns are known only to its author.",
    summary = "A tool's description is missing, blank, or too thin to choose the tool by",
}

/// Single-sentence descriptions shorter than this are thin.
pub(crate) const MIN_WORDS: usize = 6;

/// The number of sentences: runs of text ending in `.`, `!` or `?` followed
/// by whitespace (or the end), that contain at least one word. Counting stops
/// at `limit`, so a long description is not read to its end.
fn sentences(text: &str, limit: usize) -> usize {
    let mut count = 0;
    let mut has_word = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_alphanumeric() {
            has_word = true;
        } else if matches!(c, '.' | '!' | '?' | '\n')
            && chars.peek().is_none_or(|n| n.is_whitespace())
            && has_word
        {
            count += 1;
            has_word = false;
            if count >= limit {
                return count;
            }
        }
    }
    count + usize::from(has_word)
}

/// A leading label of one to three words, such as `Notion | ` (ASCII
/// white space spelled out: see [`crate::text::re`]).
static LABEL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[\t\n\x0B\x0C\r ]*[^|\t\n\x0B\x0C\r ]+(?:[ \t][^|\t\n\x0B\x0C\r ]+){0,2}[ \t]\|[\t\n\x0B\x0C\r ]+")
        .expect("valid pattern")
});

/// A heading of an error block, and an error line that is only a code and a
/// status phrase of at most four words (`400: 400`, `400: Bad request`).
/// Status lines are ASCII, and so is the pattern (`-u`), which builds
/// several times faster than with Unicode classes.
static BARE_ERRORS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?im-u)^\s*(?:error responses?|errors|responses):\s*$|^\s*\d{3}:\s*(?:\d{3}|[a-z]+(?:[ -][a-z]+){0,3})\.?\s*$",
    )
    .expect("valid pattern")
});

/// The description without boilerplate: a leading label and bare error codes.
fn without_boilerplate(text: &str) -> Cow<'_, str> {
    let text = LABEL.replace(text, "");
    match BARE_ERRORS.replace_all(&text, "") {
        Cow::Borrowed(_) => text,
        Cow::Owned(rest) => Cow::Owned(rest),
    }
}

const FIX: &str = "Write three or four sentences: what the tool does, when to use it and when not to, what it returns, and its limits";
const WHY: &str = "The description is what a model reads to decide whether to call this tool and how. With nothing beyond the \
name, it cannot tell when this tool is the right one, what comes back, or what the tool will not do. Anthropic's \
tool-use guide asks for at least three or four sentences per tool.";

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    let tools = cx.tools();
    let words = cx.cache.words(tools);
    for (tool, described) in tools.iter().zip(words) {
        if tool.object().is_none() {
            continue;
        }
        let text = match tool.get("description") {
            None => {
                out.report(Some(tool), tool.path.clone(), "tool has no description")
                    .explanation(WHY)
                    .help(FIX);
                continue;
            }
            Some(Value::String(s)) => s,
            Some(_) => continue,
        };
        let path = tool.path.key("description");
        if text.trim().is_empty() {
            out.report(Some(tool), path, "description is blank")
                .explanation(WHY)
                .help(FIX);
            continue;
        }
        let own = without_boilerplate(text);
        if own.trim().is_empty() {
            out.report(
                Some(tool),
                path,
                "description is only a label and error codes",
            )
            .explanation(WHY)
            .help(FIX);
            continue;
        }
        if sentences(&own, 2) >= 2 {
            continue;
        }
        let n = word_count(&own);
        let name: Vec<String> = tool
            .name()
            .map(name_tokens)
            .unwrap_or_default()
            .iter()
            .map(|t| stem(t))
            .collect();
        // The cached content words are those of the whole description.
        let boiled;
        let content = if matches!(own, Cow::Borrowed(_)) {
            &described.content
        } else {
            boiled = analyse(&own);
            &boiled
        };
        let restates_name = content.iter().all(|w| name.iter().any(|n| n == w));
        let plural = if n == 1 { "word" } else { "words" };
        if restates_name {
            out.report(
                Some(tool),
                path,
                format!("description only restates the tool name ({n} {plural})"),
            )
            .explanation(WHY)
            .help(FIX);
        } else if n < MIN_WORDS {
            out.report(
                Some(tool),
                path,
                format!("description is only {n} {plural}"),
            )
            .explanation(WHY)
            .help(FIX);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::sentences;

    #[test]
    fn counts_sentences() {
        assert_eq!(sentences("Cancel an order.", usize::MAX), 1);
        assert_eq!(sentences("Cancel an order", usize::MAX), 1);
        assert_eq!(sentences("One. Two! Three?", usize::MAX), 3);
        assert_eq!(sentences("One. Two! Three?", 2), 2);
        assert_eq!(sentences("One. Two", 2), 2);
        assert_eq!(sentences("One two", 2), 1);
        assert_eq!(sentences("Version 1.2 of it.", usize::MAX), 1);
        assert_eq!(sentences("  ", usize::MAX), 0);
    }

    #[test]
    fn boilerplate_is_not_description() {
        use super::without_boilerplate;
        assert_eq!(
            without_boilerplate("Notion | Retrieve a user\nError Responses:\n400: 400").trim(),
            "Retrieve a user"
        );
        assert_eq!(
            without_boilerplate("Notion | Search by title\nError Responses:\n400: Bad request")
                .trim(),
            "Search by title"
        );
        let explained = "Notion | Retrieve a page as Markdown\nError Responses:\n400: Bad request\n\
                         404: Page not found or not shared with the integration.";
        assert!(without_boilerplate(explained).contains("404: Page not found"));
        // A pipe later in a sentence is not a label.
        let text =
            "Search issues by a query such as `label:bug | label:crash` and return the matches";
        assert_eq!(without_boilerplate(text), text);
    }

    crate::rule_snapshot!(THIN_DESCRIPTION, "clarity/thin-description.json");
}
