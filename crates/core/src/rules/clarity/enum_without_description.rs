use std::sync::LazyLock;

use crate::text::re::Regex;

use crate::value::Value;

use crate::registry::declare_rule;
use crate::rules::clarity::{has_text, is_parameter, name_tokens};
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::member;

declare_rule! {
    /// ## What it does
    /// Flags an input parameter, at any depth, that has an `enum` but no
    /// non-blank `description`, when its values do not explain themselves.
    ///
    /// ## How it judges
    /// The question is whether a model reading the parameter's name and its
    /// values can tell what each value means. It can when:
    /// - the enum has one value (a constant: there is nothing to choose), not
    ///   counting `null`;
    /// - every value is made of ordinary words: its parts (split at `_`, `-`,
    ///   spaces and camelCase) are all letters, and at least one is a word of
    ///   three or more letters with a vowel or a common short word (`up`,
    ///   `on`, `no`, …), so an acronym beside a word reads too
    ///   (`generatePDF`); or the value is a duration such as `5m` or `24h`.
    ///   `["up", "down"]`, `["hourly", "monthly"]` and
    ///   `["queued", "running", "failed"]` read as what they say;
    /// - the parameter's name names a standard set of codes and every value
    ///   has that set's shape: `currency` (`USD`), `country` or `region`
    ///   (`DE`), `language`, `lang` or `locale` (`en`, `pt-BR`), `method`
    ///   (`GET`), `format` or `extension` (`csv`, `md`), `unit` (`ms`, `kg`).
    ///
    /// It fires on codes (`["P", "S", "X"]`), on numbers (`[1, 2, 3]`: is 1
    /// the highest priority or the lowest?) and on abbreviations without a
    /// vowel (`["std", "xpr"]`), unless the name makes them a standard set.
    ///
    /// ## Why is this bad?
    /// The model sees the legal values and nothing about what they mean. With
    /// codes such as `P`, `S` and `X` it has to guess which one means "shipped",
    /// and a wrong guess is a valid call that does the wrong thing: validation
    /// cannot catch it.
    ///
    /// ## Example
    /// ```json
    /// {"status": {"type": "string", "enum": ["P", "S", "X"]}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"status": {"type": "string", "enum": ["P", "S", "X"],
    ///             "description": "Order status: P = pending, S = shipped, X = cancelled"}}
    /// ```
    ///
    /// ## Fix
    /// Add a `description` that says what each value means, or use values that
    /// explain themselves (`pending`, `shipped`, `cancelled`).
    ///
    /// ## Sources
    /// - Claude tool use, defining tools (describe every parameter): <https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use>
    /// - JSON Schema 2020-12 Validation, `enum`: <https://json-schema.org/draft/2020-12/json-schema-validation#section-6.1.2>
    pub ENUM_WITHOUT_DESCRIPTION,
    id = "enum-without-description",
    group = Clarity,
    severity = Warning,
    fix_note = "No automatic fix: only the author knows what each value means.",
    summary = "A parameter has an `enum` but no description of what the values mean",
}

/// How many values a message lists before it says "…".
const SHOWN: usize = 5;

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    cx.each_input_node(&mut |tool, node| {
        if !is_parameter(tool, node) {
            return;
        }
        let Some(obj) = node.object() else { return };
        let Some(values) = member(obj, "enum").and_then(Value::as_array) else { return };
        if has_text(member(obj, "description")) {
            return;
        }
        let name = node.property_name().unwrap_or_default();
        if evident(name, values) {
            return;
        }
        let mut listed: Vec<String> = values
            .iter()
            .take(SHOWN)
            .map(|v| v.as_str().map_or_else(|| v.to_string(), quote))
            .collect();
        if values.len() > SHOWN {
            listed.push("…".to_owned());
        }
        let listed = listed.join(", ");
        out.report(
            Some(tool),
            node.path.clone(),
            format!("{} is an enum ({listed}) with no description", quote(name)),
        )
        .explanation(
            "The model knows which values are legal but not what any of them means, so it picks one by guessing from \
             the spelling. A wrong pick is still a valid call: validation passes and the tool does the wrong thing.",
        )
        .help(
            format!(
                "Add a \"description\" to {} that says what each of {listed} means, or use self-explanatory values",
                quote(name)
            ),
        );
    });
}

/// A word a model reads as itself: three or more letters with a vowel. ASCII
/// letters (`-u`): Unicode case folding would only add `ſ` and the Kelvin
/// sign, and makes the pattern slower to build.
static WORD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?i-u:[a-z]*[aeiouy][a-z]*)$").expect("valid pattern"));

/// A duration: `5m`, `24h`, `7d`, `30s`, `500ms`, `3mo`, `1y`.
static DURATION: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[0-9]+(?:ms|s|m|h|d|w|mo|y)$").expect("valid pattern"));

/// Short words that need no explanation.
const SHORT_WORDS: [&str; 12] = [
    "up", "on", "in", "no", "ok", "at", "to", "by", "me", "my", "go", "we",
];

/// Parameter-name words that name a standard set of codes, with the shape of
/// those codes.
static STANDARD_CODES: LazyLock<Vec<(&[&str], Regex)>> = LazyLock::new(|| {
    let sets: [(&[&str], &str); 6] = [
        (&["currency"], r"^(?:[A-Z]{3}|[a-z]{3})$"),
        (&["country", "region"], r"^(?:[A-Z]{2,3}|[a-z]{2,3})$"),
        (
            &["language", "lang", "locale"],
            r"^[a-z]{2,3}(?:[-_][A-Za-z]{2,4})?$",
        ),
        (
            &["method"],
            r"^(?i-u:get|head|post|put|patch|delete|options|trace|connect)$",
        ),
        (&["format", "extension", "ext"], r"^[A-Za-z0-9]{1,6}$"),
        (&["unit", "units"], r"^[A-Za-z°µ%/]{1,6}$"),
    ];
    sets.into_iter()
        .map(|(names, shape)| (names, Regex::new(shape).expect("valid pattern")))
        .collect()
});

/// Whether a model can tell what each of `values`, the enum of parameter
/// `name`, means without a description (see the rule's docs).
fn evident(name: &str, values: &[Value]) -> bool {
    let values: Vec<&Value> = values.iter().filter(|v| !v.is_null()).collect();
    if values.len() <= 1 {
        return true;
    }
    let Some(strings) = values
        .iter()
        .map(|v| v.as_str())
        .collect::<Option<Vec<&str>>>()
    else {
        return false;
    };
    let word = |t: &str| (t.len() >= 3 && WORD.is_match(t)) || SHORT_WORDS.contains(&t);
    let ordinary = |value: &str| {
        let tokens = name_tokens(value);
        // Every part letters (an acronym beside words, as in `generatePDF`,
        // reads as one) with at least one word, or a duration.
        (tokens.iter().all(|t| t.chars().all(char::is_alphabetic))
            && tokens.iter().any(|t| word(t)))
            || (tokens.len() == 1 && DURATION.is_match(&tokens[0]))
    };
    if strings.iter().all(|v| ordinary(v)) {
        return true;
    }
    let name_words = name_tokens(name);
    STANDARD_CODES.iter().any(|(names, shape)| {
        name_words.iter().any(|w| names.contains(&&**w))
            && strings.iter().all(|v| shape.is_match(v))
    })
}

#[cfg(test)]
mod tests {
    use super::evident;
    use crate::value::json;

    #[test]
    fn judges_values_like_a_reader() {
        let evident_ones = [
            ("type", json!(["text"])),
            ("kind", json!(["a", null])),
            ("direction", json!(["up", "down"])),
            ("recurrence", json!(["hourly", "monthly"])),
            ("status", json!(["queued", "running", "skipped_overlap"])),
            (
                "type",
                json!(["executeJavascript", "screenshot", "generatePDF"]),
            ),
            ("searchWindow", json!(["5m", "15m", "1h", "24h", "7d"])),
            ("sort", json!(["asc", "desc"])),
            ("currency", json!(["USD", "EUR"])),
            ("countryCode", json!(["US", "DE"])),
            ("locale", json!(["en", "pt-BR"])),
            ("http_method", json!(["GET", "POST"])),
            ("outputFormat", json!(["csv", "md", "json"])),
            ("unit", json!(["ms", "s"])),
        ];
        for (name, values) in evident_ones {
            assert!(
                evident(name, values.as_array().unwrap()),
                "{name}: {values}"
            );
        }
        let opaque = [
            ("status", json!(["P", "S", "X"])),
            ("priority", json!([1, 2, 3])),
            ("mode", json!(["a", "b"])),
            ("tier", json!(["std", "xpr"])),
            ("status", json!(["US", "DE"])),
            ("currency", json!(["dollars", 5])),
            ("level", json!(["v1", "v2"])),
        ];
        for (name, values) in opaque {
            assert!(
                !evident(name, values.as_array().unwrap()),
                "{name}: {values}"
            );
        }
    }

    crate::rule_snapshot!(
        ENUM_WITHOUT_DESCRIPTION,
        "clarity/enum-without-description.json"
    );
}
