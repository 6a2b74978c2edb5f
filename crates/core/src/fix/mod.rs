//! Machine-applied fixes.
//!
//! A rule may attach a [`Fix`] to a finding: what to change, as operations on
//! paths into the pasted document ([`Op`]). [`fix`] turns them into byte
//! edits of the text as pasted ([`edit::resolve`]), so everything outside the
//! edited spans stays byte for byte as it was: indentation, key order, the
//! envelope. It applies the fixes that do not overlap, checks the result
//! again, and repeats until nothing changes. A fix that would make the
//! check report something the original did not is dropped, with the reason.

mod apply;
mod build;
#[cfg(feature = "incremental")]
mod by_tool;
mod edit;
mod outcome;
mod run;

pub use crate::finding::fix::{Fix, Op, json};
pub use crate::registry::{Applicability, Fixability};
pub use build::{close_object, nullable, rename_tool};
pub use edit::{Edit, apply, resolve};
pub use outcome::{Applied, Fixed, Skipped, fixes, render_for_snapshot};
pub use run::{fix, fix_one, fix_rule};

#[cfg(test)]
mod tests;

/// Frees `value` on a thread of its own, where nothing waits for it: a
/// fix's reports and outcome hold tens of thousands of findings and fixes,
/// each freed one by one. Where no thread can start (WebAssembly), here.
pub(crate) fn free_elsewhere<T: Send + 'static>(value: T) {
    #[cfg(not(target_arch = "wasm32"))]
    let _ = std::thread::Builder::new().spawn(move || drop(value));
    #[cfg(target_arch = "wasm32")]
    drop(value);
}

/// A unified diff of a text and its fixed form, three lines of context,
/// headed `a/NAME` and `b/NAME`: what `toolcheck fix --diff` prints.
#[cfg(feature = "fixes")]
#[must_use]
pub fn unified_diff(before: &str, after: &str, name: &str) -> String {
    similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{name}"), &format!("b/{name}"))
        .to_string()
}
