//! A file generated from the code and kept in the repository (the page's
//! rule docs, the clients' docs page): a test compares it with what the code
//! makes now, and `TOOLCHECK_BLESS=1` rewrites it.

use std::path::Path;

/// Fails unless the file at `relative` (from the repository's root) holds
/// `now`, saying it is out of date with `source` and how to rewrite it with
/// the test `test`; with `TOOLCHECK_BLESS` set, writes `now` there instead.
/// Returns whether the file was compared (not rewritten).
pub fn up_to_date(relative: &str, now: &str, source: &str, test: &str) -> bool {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(relative);
    if std::env::var_os("TOOLCHECK_BLESS").is_some() {
        std::fs::write(&file, now).expect("writable");
        return false;
    }
    let before = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(
        before == now,
        "{relative} is out of date with {source}: run \
         TOOLCHECK_BLESS=1 cargo test -p toolcheck --test {test} and commit it"
    );
    true
}
