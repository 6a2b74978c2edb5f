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
pub(crate) fn or_list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_owned(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} or {}", init.join(", "), last.as_ref())
        }
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
        assert_eq!(super::or_list::<&str>(&[]), "");
        assert_eq!(super::or_list(&["string"]), "string");
        assert_eq!(super::or_list(&["a", "b", "c"]), "a, b or c");
        assert_eq!(super::with_article("object"), "an object");
        assert_eq!(super::with_article("date"), "a date");
        assert_eq!(super::truncate("abcdef", 3), "abc…");
        assert_eq!(super::truncate("abc", 3), "abc");
        assert_eq!(super::unescape("a~1b~0c"), "a/b~c");
    }
}
