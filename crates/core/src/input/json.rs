//! Parsing pasted text into JSON, with errors users can act on.

use crate::value::Value;

use crate::InputError;

/// Parses `text` as one JSON document.
///
/// # Errors
/// Returns an [`InputError`] with the line and column of the first problem,
/// naming the common causes (comments, trailing commas, nesting too deep).
pub fn parse(text: &str) -> Result<Value, InputError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(InputError::empty());
    }
    from_str(text).map_err(|e| describe(text, &e))
}

pub(crate) use crate::value::from_str;

/// Turns a serde_json error into an [`InputError`] that says what was found.
pub(crate) fn describe(text: &str, e: &serde_json::Error) -> InputError {
    let (line, column) = (e.line(), e.column());
    let raw = e.to_string();
    // serde_json appends " at line L column C"; keep only the reason.
    let reason = raw
        .rsplit_once(" at line ")
        .map_or(raw.as_str(), |(reason, _)| reason)
        .to_owned();
    let near = char_at(text, line, column);
    let message = if reason.contains("recursion limit exceeded") {
        "Nested too deep: the document nests arrays or objects more than 128 levels deep".to_owned()
    } else if near == Some('/') || near == Some('#') {
        "Comments are not allowed in JSON".to_owned()
    } else if reason.contains("trailing comma") {
        "Trailing comma: JSON does not allow a comma before a closing bracket or brace".to_owned()
    } else if reason == "EOF while parsing a value" || reason.starts_with("EOF while parsing") {
        format!("Invalid JSON: the document ends early ({reason})")
    } else {
        format!("Invalid JSON: {reason}")
    };
    InputError {
        message,
        line: Some(line),
        column: Some(column),
    }
}

/// The character at a 1-based line and column, if there is one.
fn char_at(text: &str, line: usize, column: usize) -> Option<char> {
    let l = text.lines().nth(line.checked_sub(1)?)?;
    l.chars().nth(column.checked_sub(1)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_line_and_column() {
        let err = parse("{\n  \"tools\": [\n    {\"name\": }\n  ]\n}").unwrap_err();
        assert_eq!((err.line, err.column), (Some(3), Some(14)));
        assert!(err.message.starts_with("Invalid JSON"), "{}", err.message);
    }

    #[test]
    fn names_trailing_commas_and_comments() {
        let err = parse("{\"tools\": [1, 2,]}").unwrap_err();
        assert!(err.message.contains("Trailing comma"), "{}", err.message);
        let err = parse("{\"tools\": [] // no tools\n}").unwrap_err();
        assert!(err.message.contains("Comments"), "{}", err.message);
    }

    #[test]
    fn deep_nesting_is_a_clear_error() {
        let text = "[".repeat(100_000);
        let err = parse(&text).unwrap_err();
        assert!(err.message.contains("Nested too deep"), "{}", err.message);
    }

    #[test]
    fn byte_order_mark_and_empty_input() {
        assert!(parse("\u{feff}{\"tools\": []}").is_ok());
        assert!(parse("  \n ").unwrap_err().message.contains("empty"));
    }

    /// The document's parse ([`crate::value`]) gives serde_json's value, in
    /// the same order, for every fixture and corpus file, each of its lines
    /// (transcripts) and each cut short; and the same error, at the same
    /// place, for each malformed text.
    #[test]
    fn the_parse_is_serde_jsons() {
        let mut texts = crate::report::testing::json_texts(true);
        let lines: Vec<String> = texts
            .iter()
            .flat_map(|t| t.lines().map(str::to_owned))
            .collect();
        let cut: Vec<String> = texts
            .iter()
            .flat_map(|t| {
                let at = |n: usize| t.char_indices().nth(n).map_or(t.len(), |(i, _)| i);
                [
                    t[..at(t.chars().count() / 2)].to_owned(),
                    t[..at(40)].to_owned(),
                ]
            })
            .collect();
        texts.extend(lines);
        texts.extend(cut);
        texts.extend(
            [
                r#"{"a": 1, "b": [true, null, -2, 3.5e3, "x\u00e9"], "a": {"c": []}}"#,
                r#"{"b": {}, "a": [[], [{}], {"k": [1, [2, [3]]]}], "b": 18446744073709551615}"#,
                "[1, 2,]",
                "{\"tools\": [] // no tools\n}",
                "{\"a\" 1}",
                "[1] 2",
                "\"\\ud800\"",
                "-",
                "1e999",
                &"[".repeat(200),
                &format!("{}{}", "[".repeat(127), "]".repeat(127)),
                &format!("{}{}", "{\"a\":".repeat(130), "}".repeat(130)),
            ]
            .map(str::to_owned),
        );
        let mut values = 0;
        for text in &texts {
            let ours = from_str(text).map(|v| v.to_string());
            let theirs = serde_json::from_str::<Value>(text).map(|v| v.to_string());
            match (ours, theirs) {
                (Ok(a), Ok(b)) => {
                    assert_eq!(a, b, "{text}");
                    values += 1;
                }
                (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{text}"),
                (a, b) => panic!("{text}: {a:?} against {b:?}"),
            }
        }
        assert!(values > 400, "{values}");
    }
}
