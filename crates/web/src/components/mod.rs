//! The page's components.

pub mod findings;
pub mod input_pane;
pub mod report_actions;
pub mod rule_docs;
pub mod settings_bar;
pub mod summary;
