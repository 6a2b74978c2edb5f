//! The ways to fix a text: every fix of a level, one finding's, one rule's.

use crate::InputError;
use crate::finding::Finding;
use crate::path::Path;
use crate::registry::Applicability;
use crate::settings::Settings;

use super::outcome::Fixed;

/// Applies every fix of at most `level` to `text`, checking again after each
/// round, until no such fix is left.
///
/// # Errors
/// When `text` cannot be checked (see [`crate::check`]).
pub fn fix(text: &str, settings: &Settings, level: Applicability) -> Result<Fixed, InputError> {
    fix_where(
        text,
        settings,
        &|f: &Finding| f.autofix.as_ref().is_some_and(|x| x.applicability <= level),
        true,
    )
}

/// Applies the fix of the one finding of `rule` at `path` (whatever its
/// applicability), as [`fix`] does: the page's "Apply fix".
///
/// # Errors
/// When `text` cannot be checked (see [`crate::check`]).
pub fn fix_one(
    text: &str,
    settings: &Settings,
    rule: &str,
    path: &Path,
) -> Result<Fixed, InputError> {
    let first = std::sync::atomic::AtomicBool::new(false);
    fix_where(
        text,
        settings,
        &|f: &Finding| {
            // Only in the first round: the finding is gone once fixed, and a
            // finding at the same place afterwards is another one.
            f.autofix.is_some()
                && f.rule.id == rule
                && &f.path == path
                && !first.swap(true, std::sync::atomic::Ordering::Relaxed)
        },
        false,
    )
}

/// Applies every fix of rule `id`, whatever its applicability: a rule's tests.
///
/// # Errors
/// When `text` cannot be checked (see [`crate::check`]).
#[doc(hidden)]
pub fn fix_rule(text: &str, settings: &Settings, id: &str) -> Result<Fixed, InputError> {
    fix_where(
        text,
        settings,
        &|f: &Finding| f.autofix.is_some() && f.rule.id == id,
        true,
    )
}

/// Applies the fixes `select` takes. When `select` does not depend on where
/// a finding is (`by_tool`), a list whose tools are the elements of one
/// array is fixed tool by tool ([`super::by_tool`]).
fn fix_where(
    text: &str,
    settings: &Settings,
    select: &(dyn Fn(&Finding) -> bool + Sync),
    by_tool: bool,
) -> Result<Fixed, InputError> {
    let settings = &Settings {
        fixes: true,
        ..settings.clone()
    };
    // The rounds check the same texts again and again.
    #[cfg(feature = "incremental")]
    let _kept = crate::text::request::kept::keep();
    let original = crate::check(text, settings)?;
    // Without the feature (the page's builds) every fix is made on the
    // whole text, and the code that would fix tool by tool is left out.
    #[cfg(feature = "incremental")]
    if by_tool
        && let Some((mut fixed, mut held)) = super::by_tool::fix(text, settings, select, &original)?
    {
        // The first check holds every finding with its fix: freeing tens of
        // thousands of them one by one took a tenth of a fix of 5,000 tools.
        super::free_elsewhere(original);
        // A tool held back because its fixes left a finding may fit once
        // the others are in: the next run starts from the fixed text (see
        // `apply::fix_runs`).
        for _ in 0..super::apply::AGAIN {
            if !held || !fixed.changed() {
                break;
            }
            let Some((again, still)) =
                super::by_tool::fix(&fixed.text, settings, select, &fixed.remaining)?
            else {
                break;
            };
            held = still;
            if !again.changed() {
                break;
            }
            fixed.applied.extend(again.applied);
            fixed.skipped = again.skipped;
            fixed.text = again.text;
            fixed.remaining = again.remaining;
            fixed.tokens_after = again.tokens_after;
        }
        return Ok(fixed);
    }
    #[cfg(not(feature = "incremental"))]
    let _ = by_tool;
    super::apply::fix_runs(text, settings, select, original, None)
}
