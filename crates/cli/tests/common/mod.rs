//! What the CLI tests that start real servers share.

use std::path::PathBuf;

/// `<repo>/tests/node_modules/@modelcontextprotocol/server-everything/dist/index.js`.
/// Missing means the test environment is incomplete: fail, don't skip.
pub fn server_everything() -> String {
    let node_modules = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/node_modules");
    let entry = node_modules.join("@modelcontextprotocol/server-everything/dist/index.js");
    assert!(
        entry.is_file(),
        "{} is missing: run `npm ci` in <repo>/tests (scripts/test.sh does) to install \
         @modelcontextprotocol/server-everything, which the capture tests start",
        entry.display()
    );
    entry.to_string_lossy().into_owned()
}

/// The small test server, `tests/fixtures/mcp-test-server.mjs`.
pub fn test_server() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/mcp-test-server.mjs")
        .to_string_lossy()
        .into_owned()
}
