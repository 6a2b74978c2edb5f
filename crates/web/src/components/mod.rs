//! The page's components.

pub mod cases;
pub mod code_spans;
pub mod compat;
pub mod findings;
pub mod fix;
pub mod input_pane;
pub mod metrics;
pub mod report_actions;
pub mod result_panel;
pub mod rule_docs;
pub mod servers;
pub mod settings_bar;
pub mod summary;
