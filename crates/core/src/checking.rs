//! A check that runs a rule at a time, for callers that must not block for
//! the whole check: the browser app runs a few rules per task so the page
//! keeps responding while a large paste is checked. [`crate::check`] is the
//! same thing run to the end in one go.

use crate::finding::Findings;
use crate::input::{self, Document, Input};
use crate::metrics::Metrics;
use crate::registry::{RULES, RuleInfo};
use crate::rules::{Cx, Emitter};
use crate::settings::{Provider, Settings};
use crate::{Counts, InputError, Report, ToolSummary};

/// The detected capture, with the settings that apply to it.
struct Detected<'a> {
    input: Input<'a>,
    /// The settings asked for, with the provider the format implies added.
    settings: Settings,
}

/// The rules' context, and how far the check has got.
struct Progress<'a> {
    cx: Cx<'a>,
    findings: Findings,
    /// The position in [`RULES`] of the next rule to consider.
    next: usize,
}

self_cell::self_cell!(
    /// The parsed document and what was detected in it.
    struct Parsed {
        owner: Document,
        #[covariant]
        dependent: Detected,
    }
);

self_cell::self_cell!(
    /// A parsed document and the check running over it.
    struct Running {
        owner: Parsed,
        #[not_covariant]
        dependent: Progress,
    }
);

/// A check in progress: parsed and detected, with rules still to run.
///
/// ```
/// let mut checking = toolcheck::Checking::new(toolcheck::sample::TOOLS, &Default::default())?;
/// while checking.step() {
///     // Other work can run here, between two rules.
/// }
/// let report = checking.finish();
/// assert_eq!(report.counts.errors, 3);
/// # Ok::<(), toolcheck::InputError>(())
/// ```
pub struct Checking {
    running: Running,
    input_bytes: usize,
}

impl Checking {
    /// Parses and detects `text`, ready to run the rules.
    ///
    /// # Errors
    /// An [`InputError`] when the text is not valid JSON (with line and
    /// column) or not a recognisable capture.
    pub fn new(text: &str, settings: &Settings) -> Result<Self, InputError> {
        let doc = Document::parse(text)?;
        let parsed = Parsed::try_new(doc, |doc| {
            let input = input::detect(doc)?;
            let mut settings = settings.clone();
            match input.format.provider() {
                Some(Provider::OpenAi) => settings.targets.openai = true,
                Some(Provider::Claude) => settings.targets.claude = true,
                None => {}
            }
            Ok::<_, InputError>(Detected { input, settings })
        })?;
        let running = Running::new(parsed, |parsed| {
            let detected = parsed.borrow_dependent();
            Progress {
                cx: Cx::new(&detected.input, &detected.settings),
                findings: Findings::default(),
                next: 0,
            }
        });
        Ok(Self {
            running,
            input_bytes: text.len(),
        })
    }

    /// Runs the next enabled rule. `false` once every rule has run.
    pub fn step(&mut self) -> bool {
        self.running.with_dependent_mut(|_, progress| {
            let Some((at, rule)) = next_enabled(progress.cx.settings, progress.next) else {
                progress.next = RULES.len();
                return false;
            };
            (rule.check)(
                &progress.cx,
                &mut Emitter::new(rule, &mut progress.findings),
            );
            progress.next = at + 1;
            true
        })
    }

    /// Runs the rules still to run and returns the report.
    #[must_use]
    pub fn finish(mut self) -> Report {
        while self.step() {}
        let input_bytes = self.input_bytes;
        self.running.with_dependent_mut(|_, progress| {
            let findings = std::mem::take(&mut progress.findings).into_sorted();
            let cx = &progress.cx;
            let metrics = Metrics::compute(cx, input_bytes);
            let tools = cx
                .tools()
                .iter()
                .map(|t| ToolSummary {
                    name: t.name().map(str::to_owned),
                    path: t.path.clone(),
                    has_output_schema: t.output_schema().is_some(),
                })
                .collect();
            Report {
                format: cx.input.format,
                pages: cx.input.pages,
                tools,
                counts: Counts::of(&findings),
                findings,
                settings: cx.settings.clone(),
                input_bytes,
                metrics,
            }
        })
    }
}

/// The first rule at or after position `from` that `settings` enable.
fn next_enabled(settings: &Settings, from: usize) -> Option<(usize, &'static RuleInfo)> {
    RULES
        .iter()
        .enumerate()
        .skip(from)
        .find(|(_, rule)| settings.rules.enabled(rule.id))
        .map(|(i, rule)| (i, *rule))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Targets;

    /// Stepping one rule at a time gives the sample's calibrated counts, and
    /// the report `check` gives.
    #[test]
    fn stepping_gives_the_same_report() {
        let all = Settings {
            targets: Targets::ALL,
            strict: true,
            ..Settings::default()
        };
        for (settings, (errors, warnings, info)) in [
            (Settings::default(), (3, 5, 3)),
            (all, (11, 5, 0)),
            (Settings::default().only("date-without-format"), (0, 1, 0)),
        ] {
            let mut checking =
                Checking::new(crate::sample::TOOLS, &settings).expect("sample parses");
            let mut steps = 0;
            while checking.step() {
                steps += 1;
            }
            // Done stays done.
            assert!(!checking.step());
            let enabled = RULES
                .iter()
                .filter(|r| settings.rules.enabled(r.id))
                .count();
            assert_eq!(steps, enabled);
            let stepped = checking.finish();
            let c = stepped.counts;
            assert_eq!((c.errors, c.warnings, c.info), (errors, warnings, info));
            let whole = crate::check(crate::sample::TOOLS, &settings).expect("sample parses");
            assert_eq!(crate::report::json(&stepped), crate::report::json(&whole));
        }
    }

    #[test]
    fn bad_input_is_an_error_before_any_rule() {
        let err = Checking::new("{\"tools\": [", &Settings::default())
            .err()
            .expect("invalid JSON");
        assert_eq!(err.line, Some(1));
    }
}
