//! Changed descriptions: where the old and the new text differ, and what
//! the rules about hostile text find in the new one.

use super::{Change, Changes, Concern, Kind, Side, TextChange};
use crate::path::Path;
use crate::text::unicode::quote_excerpt;
use crate::value::Value;

/// Runs the `hostile_text` rules on the new capture when a description changed,
/// and gives each changed description the findings at its path.
pub(super) fn judge_new_texts(new: &str, changes: &mut [Change]) {
    if !changes
        .iter()
        .any(|c| c.text.as_ref().is_some_and(|t| t.new.is_some()))
    {
        return;
    }
    let Some(report) = hostile_text_check(new) else {
        return;
    };
    for change in changes {
        let Some(text) = change.text.as_mut().filter(|t| t.new.is_some()) else {
            continue;
        };
        text.concerns = report
            .findings
            .iter()
            .filter(|f| f.path == change.path)
            .map(|f| Concern {
                rule: f.rule.id,
                severity: f.severity,
                message: f.message.clone(),
            })
            .collect();
    }
}

/// The check of `text` by the rules about hostile text alone (`None` for
/// text that is not a capture).
pub(crate) fn hostile_text_check(text: &str) -> Option<crate::Report> {
    let mut settings = crate::Settings::default();
    settings.rules.select = Some(
        crate::catalog::every_rule()
            .filter(|rule| rule.hostile_text)
            .map(|rule| rule.id.to_owned())
            .collect(),
    );
    crate::check(text, &settings).ok()
}

impl Changes {
    /// A changed description: `what` (`the description of tool "x"`) at
    /// `old` and `new`, the paths of the two schemas or tools.
    pub(super) fn text(
        &mut self,
        kind: Kind,
        tool: &str,
        what: &str,
        old: (&Path, &Value),
        new: (&Path, &Value),
    ) {
        let (ot, nt) = (description(old.1), description(new.1));
        if ot == nt {
            return;
        }
        let (side, path) = if nt.is_some() {
            (Side::New, new.0.key("description"))
        } else {
            (Side::Old, old.0.key("description"))
        };
        let message = match (ot, nt) {
            (None, Some(n)) => format!("{what} was added: {}", quote_excerpt(n, EXCERPT)),
            (Some(o), None) => format!("{what} was removed; it was {}", quote_excerpt(o, EXCERPT)),
            (Some(o), Some(n)) => format!("{what} changed: {}", changed_part(o, n)),
            (None, None) => return,
        };
        let text = TextChange {
            old: ot.map(str::to_owned),
            new: nt.map(str::to_owned),
            concerns: Vec::new(),
        };
        self.push_with_text(kind, tool, side, path, message, Some(text));
    }
}

/// The longest quote of a changed text in a message, in characters.
const EXCERPT: usize = 120;

/// The characters of context kept around a change.
const CONTEXT: usize = 20;

fn description(v: &Value) -> Option<&str> {
    v.get("description").and_then(Value::as_str)
}

/// Where two texts differ: `"…now reads [was: "a"] [now: "b"]…"`, each side
/// quoted with invisible and control characters escaped, the common start and
/// end cut to a little context.
fn changed_part(old: &str, new: &str) -> String {
    let (o, n): (Vec<char>, Vec<char>) = (old.chars().collect(), new.chars().collect());
    let prefix = o.iter().zip(&n).take_while(|(a, b)| a == b).count();
    let suffix = o[prefix..]
        .iter()
        .rev()
        .zip(n[prefix..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let from = prefix.saturating_sub(CONTEXT);
    let lead = if from > 0 { "…" } else { "" };
    let trail = if suffix > CONTEXT { "…" } else { "" };
    let keep = suffix.min(CONTEXT);
    let side = |chars: &[char]| -> String {
        let text: String = chars[from..chars.len() - suffix + keep].iter().collect();
        let quoted = quote_excerpt(&text, EXCERPT);
        let inner = &quoted[1..quoted.len() - 1];
        format!("\"{lead}{inner}{trail}\"")
    };
    format!("was {}, now {}", side(&o), side(&n))
}
