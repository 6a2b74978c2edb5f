//! The crate's modules name each other in one direction only: no chain of
//! modules that name each other comes back to where it started (what
//! "names" means: crates/core/tests/support/circles.rs).

use std::path::Path;

#[path = "../../core/tests/support/circles.rs"]
mod circles;

#[test]
fn no_import_circles() {
    let edges = circles::edges(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), "lib.rs");
    if let Some(circle) = circles::circle(&edges) {
        panic!("an import circle:\n{}", circle.join("\n"));
    }
}
