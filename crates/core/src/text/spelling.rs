//! Names that differ only in case, separators or a typo: what a "did you
//! mean" offers.

/// Lowercases and drops `_`, `-` and spaces, so `customer_id`, `customerId`
/// and `Customer-ID` compare equal.
#[must_use]
pub fn loose(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, '_' | '-' | ' '))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The candidate closest to `word`: equal when loosely compared, or within a
/// small edit distance. `None` when nothing is close.
#[must_use]
pub fn closest<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    let key = loose(word);
    let limit = if key.chars().count() <= 4 { 1 } else { 2 };
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        if c == word {
            continue;
        }
        let d = if loose(c) == key {
            0
        } else {
            strsim::levenshtein(&key, &loose(c))
        };
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closest_matches_renames_and_typos() {
        assert_eq!(
            closest("customer_id", ["customerId", "status"]),
            Some("customerId")
        );
        assert_eq!(
            closest("requried", ["required", "properties"]),
            Some("required")
        );
        assert_eq!(closest("zzz", ["required"]), None);
    }
}
