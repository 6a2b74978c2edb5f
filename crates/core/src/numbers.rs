//! How numbers read in messages and reports: `120,000`, `about 1,234
//! tokens`, `62%`.

/// 120000 → `120,000`.
#[must_use]
pub(crate) fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `about 1,234 tokens`.
pub(crate) fn about(tokens: usize) -> String {
    format!("about {} tokens", thousands(tokens))
}

/// `62%`: `tokens` as a share of `whole`, rounded.
#[must_use]
pub fn share(tokens: usize, whole: usize) -> String {
    if whole == 0 {
        return "0%".to_owned();
    }
    format!("{}%", (tokens * 100 + whole / 2) / whole)
}

#[cfg(test)]
mod tests {
    use super::thousands;

    #[test]
    fn formats_thousands() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(857), "857");
        assert_eq!(thousands(1251), "1,251");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(120_000), "120,000");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
    }
}
