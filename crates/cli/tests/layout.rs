//! The native front end's modules name each other in one direction only:
//! `main.rs` gives the command layer its I/O, `capture/` speaks to live
//! servers and `mcp_server/` serves stdio; none names `main.rs` back.

use std::path::Path;

#[path = "../../core/tests/support/circles.rs"]
mod circles;

#[test]
fn the_cli_has_no_import_circles() {
    let edges = circles::edges(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        "main.rs",
    );
    assert!(edges.len() > 10, "only {} edges found", edges.len());
    if let Some(circle) = circles::circle(&edges) {
        panic!("an import circle:\n{}", circle.join("\n"));
    }
}
