//! The built-in sample: a three-tool order-support server with a few realistic
//! defects in each tool, wrapped as a JSON-RPC `tools/list` response.

/// The sample `tools/list` response.
pub const TOOLS: &str = include_str!("../resources/sample/tools-list.json");
