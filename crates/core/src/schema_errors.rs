//! What turning the JSON Schema validator's errors into English needs in
//! both places that do it: the result check (`structuredContent` against the
//! `outputSchema`, `result/conform.rs`) and the meta-schema check
//! (`rules/schema/meta_schema_violation`). Each keeps the messages of its
//! own findings.

use jsonschema::error::TypeKind;

/// The type names a type error expected, in the validator's order.
pub(crate) fn type_names(kind: &TypeKind) -> Vec<&'static str> {
    match kind {
        TypeKind::Single(t) => vec![t.as_str()],
        TypeKind::Multiple(set) => set.iter().map(|t| t.as_str()).collect(),
    }
}

/// `a`, `a or b`, `a, b or c`.
pub(crate) fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// `a number`, `an object`…
pub(crate) fn with_article(ty: &str) -> String {
    if ty.starts_with(['a', 'e', 'i', 'o', 'u']) {
        format!("an {ty}")
    } else {
        format!("a {ty}")
    }
}

/// The validator's options wherever a value from the paste is judged
/// against a schema from the paste: `structuredContent` against the
/// `outputSchema`, and a `default` against its own schema. Formats are
/// asserted. One function, so the two judgements cannot disagree.
pub(crate) fn options<'i>() -> jsonschema::ValidationOptions<'i> {
    jsonschema::options().should_validate_formats(true)
}

/// At most `max` characters of `s`, with an ellipsis when cut.
pub(crate) fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_owned()
    } else {
        let mut t: String = s.chars().take(max).collect();
        t.push('…');
        t
    }
}

/// One JSON Pointer token, unescaped (`~1` is `/`, `~0` is `~`).
pub(crate) fn unescape(token: &str) -> String {
    token.replace("~1", "/").replace("~0", "~")
}

#[cfg(test)]
mod tests {
    #[test]
    fn lists_and_articles() {
        let list = |items: &[&str]| {
            super::or_list(&items.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>())
        };
        assert_eq!(list(&[]), "");
        assert_eq!(list(&["string"]), "string");
        assert_eq!(list(&["a", "b", "c"]), "a, b or c");
        assert_eq!(super::with_article("object"), "an object");
        assert_eq!(super::with_article("date"), "a date");
        assert_eq!(super::truncate("abcdef", 3), "abc…");
        assert_eq!(super::truncate("abc", 3), "abc");
        assert_eq!(super::unescape("a~1b~0c"), "a/b~c");
    }
}
