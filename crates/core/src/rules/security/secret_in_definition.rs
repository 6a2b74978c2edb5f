use crate::registry::declare_rule;
use crate::rules::security::{Text, each_text};
use crate::rules::{Definitions, Emitter};
use crate::text::join_and;
use crate::text::secrets::secrets;

declare_rule! {
    /// ## What it does
    /// Flags credentials written out in a tool's name, title, description (of
    /// the tool or of a parameter), or in a `default`, `const`, `enum` or
    /// `examples` value: AWS access key IDs, GitHub, GitLab, Slack, OpenAI,
    /// Anthropic, Stripe, Google, npm and Hugging Face tokens, Slack webhook
    /// URLs, private key blocks, JSON Web Tokens, and database URLs with a
    /// password (`postgres://app:…@host`). Placeholders are left alone: a value
    /// that says it is one (`EXAMPLE`, `your-key`, `xxxx`, `<token>`,
    /// `${DB_PASSWORD}`), AWS's documented example key, a token of few distinct
    /// characters, and a database URL whose password is a word such as
    /// `password`. The message names the kind of credential and shows only its
    /// first six characters.
    ///
    /// ## Why is this bad?
    /// A tool definition is sent to every client that lists the server's tools,
    /// and from there into every model's context, logs and transcripts: a
    /// credential in it is published to everyone who connects, and a model can
    /// be talked into repeating it. It is also a sign that the definition was
    /// built from configuration it should never have seen.
    ///
    /// ## Example
    /// ```json
    /// {"name": "query", "description": "Runs SQL on postgres://app:S3cr3tP4ss@db.prod.internal:5432/main"}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "query", "description": "Runs a read-only SQL query on the application database."}
    /// ```
    ///
    /// ## Fix
    /// Remove the credential from the definition and rotate it: it has already
    /// been sent to every client that listed the tools. Read secrets from the
    /// server's environment at run time.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, security considerations: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - OWASP Top 10 for LLM Applications, LLM02 Sensitive Information Disclosure: <https://genai.owasp.org/llmrisk/llm022025-sensitive-information-disclosure/>
    /// - CWE-798, Use of Hard-coded Credentials: <https://cwe.mitre.org/data/definitions/798.html>
    /// - GitHub, token formats: <https://github.blog/engineering/platform-security/behind-githubs-new-authentication-token-formats/>
    /// - AWS, access key ID prefixes (`AKIA`, `ASIA`): <https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html>
    pub SECRET_IN_DEFINITION,
    id = "secret-in-definition",
    group = Security,
    severity = Error,
    runs_in = Worker,
    hostile_text = true,
    owasp = [Mcp01],
    fix_note = "No automatic fix: the credential must be rotated, which only its owner can do, and removing it from the text does not unpublish it.",
    summary = "A tool definition contains a credential: a provider token, a private key or a database URL with a password",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_text(cx, &mut |text: &Text<'_>| {
        let found = secrets(text.text);
        if found.is_empty() {
            return;
        }
        let listed: Vec<String> = found
            .iter()
            .map(|s| format!("{} ({})", s.kind, s.masked(text.text)))
            .collect();
        out.report(
            text.tool,
            text.path(),
            format!("{} contains {}", text.kind.label(), join_and(&listed)),
        )
        .explanation(
            "A tool definition is sent to every client that lists the server's tools, and from there into models' \
             contexts, logs and transcripts: a credential in it is published to everyone who connects, and a model can \
             be talked into repeating it.",
        )
        .help(
            "Remove the credential from the definition and rotate it, since every client that listed the tools has it; \
             read secrets from the server's environment at run time",
        );
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(SECRET_IN_DEFINITION, "security/secret-in-definition.json");
}
