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
mod edit;
mod html;
pub mod model;
mod outcome;

pub use apply::{fix, fix_one, fix_rule};
pub use build::{close_object, nullable, rename_tool};
pub use edit::{Edit, apply, resolve};
pub use html::to_html;
pub use model::{Applicability, Fix, Fixability, Op, json};
pub use outcome::{Applied, Fixed, Skipped, fixes, render_for_snapshot};

#[cfg(test)]
mod tests;
