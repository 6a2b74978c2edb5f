//! The built-in sample: a three-tool order-support server with a few realistic
//! defects in each tool, wrapped as a JSON-RPC `tools/list` response.

/// The sample `tools/list` response.
pub const TOOLS: &str = include_str!("../resources/sample/tools-list.json");

/// A `get_order` result whose handler drifted from the sample's
/// `outputSchema`: `total` is a string and `status` is capitalised. A JSON-RPC
/// `tools/call` response whose text block holds the same JSON.
pub const RESULT: &str = include_str!("../resources/sample/get-order-result.json");
