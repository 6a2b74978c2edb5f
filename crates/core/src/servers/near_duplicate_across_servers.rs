use crate::registry::declare_rule;
use crate::servers::{Combination, Elsewhere, ServerEmitter, server_label};
use crate::text::quote;
use crate::text::similarity::{Similarity, similar_pairs};

declare_rule! {
    /// ## What it does
    /// Flags a tool whose description is the same as, or nearly the same as,
    /// that of a tool on an earlier server checked with it: two servers offer
    /// the same thing. It compares descriptions exactly as
    /// `near-duplicate-description` does within one server (the same words
    /// after lowercasing and dropping punctuation, or at least 5 content words
    /// each and a Jaccard similarity of at least 0.9), and reports the later
    /// server's tool, naming the earlier one.
    ///
    /// ## Why is this bad?
    /// With both servers connected, the model sees two tools that claim the same
    /// job, with nothing to choose between them, and picks by name or at random:
    /// the same request reaches one server on one turn and the other on the
    /// next. Two servers that wrap the same API (an official one and a community
    /// one) are the usual cause.
    ///
    /// ## Example
    /// Servers `github` and `gh-community`, each with a tool described as
    /// "Search issues and pull requests across GitHub repositories".
    ///
    /// Use instead: one of the two servers, or descriptions that say what
    /// differs (the account, the scope, the results).
    ///
    /// ## Fix
    /// Disable one server (or the duplicate tools on it) in the client, or
    /// rewrite the descriptions to say when to use each.
    ///
    /// ## Sources
    /// - Claude tool use, defining tools: <https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use>
    pub NEAR_DUPLICATE_ACROSS_SERVERS,
    id = "near-duplicate-across-servers",
    group = Servers,
    severity = Warning,
    needs = DescriptionWords,
    fix_note = "No automatic fix: which server to keep, or how the two tools differ, is the user's call.",
    summary = "Two servers checked together have tools with the same or nearly the same description",
}

fn check(sx: &Combination<'_>, out: &mut ServerEmitter<'_>) {
    // Every tool of every server in one list, server after server, so an
    // earlier server's tools come first.
    let mut owner: Vec<(usize, usize)> = Vec::new();
    let mut words = Vec::new();
    for (s, server_words) in sx.words.iter().enumerate() {
        for (i, w) in server_words.iter().enumerate() {
            owner.push((s, i));
            words.push(w);
        }
    }
    let pairs = similar_pairs(&words, |a, b| owner[a].0 == owner[b].0);
    for (later, earlier, similarity) in pairs {
        let ((s, i), (es, ei)) = (owner[later], owner[earlier]);
        let (Some(tool), Some(other)) =
            (sx.servers[s].tools().get(i), sx.servers[es].tools().get(ei))
        else {
            continue;
        };
        let other_name = other
            .name
            .clone()
            .unwrap_or_else(|| format!("tool #{}", ei + 1));
        let how = match similarity {
            Similarity::Identical => "identical to".to_owned(),
            Similarity::Near(percent) => {
                format!("nearly identical ({percent}% of the words shared) to")
            }
        };
        out.report(
            Some(s),
            Some((i, tool)),
            tool.path.key("description"),
            format!(
                "description is {how} that of {} on server {}",
                quote(&other_name),
                server_label(&sx.servers[es])
            ),
            Some(Elsewhere {
                server: es,
                path: other.path.key("description"),
            }),
        )
        .explanation(
            "With both servers connected, the model sees two tools that claim the same job and nothing to choose \
             between them, so the same request reaches one server on one turn and the other on the next.",
        )
        .help(
            format!(
                "Disable one of the two (server {} or {}, or the tool on one), or rewrite the descriptions to say when to use each",
                server_label(&sx.servers[s]),
                server_label(&sx.servers[es])
            ),
        );
    }
}
