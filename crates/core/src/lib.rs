//! Toolcheck: an MCP tool schema checker.
//!
//! Paste a capture of a server's `tools/list` response (or OpenAI / Anthropic
//! tool definitions) into [`check`] and get back a [`Report`] of findings, each
//! with a path into the pasted text, an explanation of what goes wrong at call
//! time, and a fix.
//!
//! The crate does no I/O and builds for `wasm32-unknown-unknown`.

pub mod baseline;
pub mod capability;
#[cfg(feature = "schema")]
pub mod cases;
pub mod catalog;
pub mod checked;
pub mod checking;
pub mod clients;
pub mod compat;
pub mod diff;
pub mod finding;
pub mod fix;
pub mod input;
mod kept;
pub mod locate;
pub mod lock;
pub mod metrics;
mod numbers;
pub mod owasp;
pub mod path;
pub mod policy;
#[cfg(feature = "schema")]
pub mod probe;
pub mod registry;
pub mod report;
pub mod result;
pub mod rules;
pub mod sample;
#[cfg(feature = "schema")]
mod schema_errors;
pub mod servers;
pub mod settings;
pub mod severity;
pub(crate) mod text;
pub mod value;
pub mod wire;

pub use catalog::RULES;
pub use checked::{OthersSummary, Report, ToolSummary};
pub use checking::Checking;
pub use finding::{Counts, Finding, Severity};
pub use input::{Format, InputError};
pub use path::Path;
pub use registry::RuleInfo;
pub use rules::Rule;
pub use settings::{
    GeminiField, Provider, Revision, RevisionFrom, RuleSelection, Settings, Targets,
};

/// Checks pasted text.
///
/// # Errors
/// An [`InputError`] when the text is not valid JSON (with line and column) or
/// not a recognisable capture.
pub fn check(input: &str, settings: &Settings) -> Result<Report, InputError> {
    Ok(Checking::new(input, settings)?.finish())
}

/// Runs one rule over a fixture and snapshots its findings. Also asserts that
/// no finding lands on a tool named `ok_*` and that every `bad_*` tool gets one.
#[cfg(test)]
#[macro_export]
macro_rules! rule_snapshot {
    ($rule:ident, $fixture:literal) => {
        $crate::rule_snapshot!($rule, $fixture, $crate::Settings::default());
    };
    ($rule:ident, $fixture:literal, $settings:expr) => {
        #[test]
        fn snapshot() {
            let text = include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/resources/fixtures/",
                $fixture
            ));
            let settings: $crate::Settings = $settings;
            let report =
                $crate::check(text, &settings.only(super::$rule.id)).expect("fixture parses");
            $crate::report::testing::assert_fixture_expectations(&report);
            $crate::report::testing::assert_server_fixture_expectations(text, &report);
            insta::assert_snapshot!(
                super::$rule.id,
                $crate::report::testing::render_for_snapshot(&report)
            );
        }

        /// The rule's fixes on the same fixture, with every other rule
        /// watching for a finding they would add.
        #[test]
        fn fixes() {
            let text = include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/resources/fixtures/",
                $fixture
            ));
            let settings: $crate::Settings = $settings;
            let fixed =
                $crate::fix::fix_rule(text, &settings, super::$rule.id).expect("fixture parses");
            let rendered = $crate::fix::render_for_snapshot(&super::$rule, &fixed);
            if let Some(rendered) = rendered {
                insta::assert_snapshot!(concat!("fix-", stringify!($rule)), rendered);
            }
        }
    };
}
