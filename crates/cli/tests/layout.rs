//! The commands' modules name each other in one direction only: `main.rs`
//! dispatches, `args.rs` declares the arguments, and a command that builds
//! on another (`fix` and several servers on `check`) is never named back.

use std::path::Path;

#[path = "../../core/tests/support/circles.rs"]
mod circles;

#[test]
fn the_cli_has_no_import_circles() {
    let edges = circles::edges(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        "main.rs",
    );
    assert!(edges.len() > 20, "only {} edges found", edges.len());
    if let Some(circle) = circles::circle(&edges) {
        panic!("an import circle:\n{}", circle.join("\n"));
    }
}
