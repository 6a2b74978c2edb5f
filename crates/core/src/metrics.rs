//! The four corpus checks, computed on the pasted list and set beside the
//! figures published for public MCP servers.
//!
//! 1. Parameters with no description, at every depth.
//! 2. Tools whose description has zero words that no other tool's
//!    description uses (the same computation as `colliding-description`,
//!    except that a tool with no description at all also counts as zero).
//! 3. Parameters whose description names their allowed values while the
//!    schema has no `enum` (the same detection as `prose-enum`).
//! 4. Size in tokens: the byte length of the whole pasted text divided by four.
//!
//! The public figures are quoted as published, each with the size band it
//! comes from; nothing here is re-derived.

use serde::Serialize;

use crate::numbers::thousands;

/// Public-corpus figures, as published.
pub mod baseline {
    /// Share of parameters with no description, in percent; the same at every server size.
    pub const UNDESCRIBED_PERCENT: f64 = 21.5;
    /// Share of tools at zero unique description words, in percent, over all public tools.
    pub const ZERO_UNIQUE_OVERALL_PERCENT: f64 = 17.7;
    /// The same share on a three-tool server.
    pub const ZERO_UNIQUE_THREE_TOOLS_PERCENT: f64 = 0.5;
    /// The same share on servers with more than sixty tools.
    pub const ZERO_UNIQUE_PAST_SIXTY_PERCENT: f64 = 32.4;
    /// Parameters in the whole corpus that name their set in prose with no `enum` (a count).
    pub const PROSE_ENUM_PARAMETERS: usize = 857;
    /// Median size of a `tools/list` response, in tokens.
    pub const MEDIAN_TOKENS: usize = 1_251;
    /// 90th percentile size, in tokens.
    pub const P90_TOKENS: usize = 7_992;
}

/// The four corpus checks for one pasted list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Metrics {
    /// Parameters (object schemas under `properties`, at every depth, outside conditions).
    pub parameters: usize,
    /// Of those, the ones with no description. Every parameter counts, as
    /// in the published figure; `undescribed-parameter` reports the ones
    /// without an `enum` or `const`, and leaves these to
    /// `enum-without-description`.
    pub undescribed_parameters: usize,
    /// Of the undescribed, those with an `enum` or `const`: the difference
    /// between this check's count and `undescribed-parameter`'s findings.
    pub undescribed_choices: usize,
    /// Tools listed.
    pub tools: usize,
    /// Tools whose description has no word that no other tool's description uses
    /// (tools with no description included).
    pub zero_unique_tools: usize,
    /// Parameters whose description names their allowed values with no `enum`.
    pub prose_enum_parameters: usize,
    /// The size of the pasted text in bytes.
    pub bytes: usize,
    /// `bytes / 4`.
    pub tokens: usize,
}

/// What one definition costs a model, in tokens (defined with the tools it
/// measures, so that reading a tool needs no metrics).
pub use crate::input::tokens;

/// How the pasted list compares with public servers on one check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Lower than the public figure.
    Better,
    /// Equal to it.
    Same,
    /// Higher than it.
    Worse,
}

impl Verdict {
    fn of(value: f64, baseline: f64) -> Self {
        if (value - baseline).abs() < 1e-9 {
            Verdict::Same
        } else if value < baseline {
            Verdict::Better
        } else {
            Verdict::Worse
        }
    }

    /// `better`, `same` or `worse`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Better => "better",
            Verdict::Same => "same",
            Verdict::Worse => "worse",
        }
    }
}

/// One check beside its public figure.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comparison {
    /// A stable id: `undescribed-parameters`, `zero-unique-tools`, `prose-enums` or `size`.
    pub metric: &'static str,
    /// What is measured, for people.
    pub label: &'static str,
    /// The pasted list's figure (a percentage, a count or tokens; see `unit`).
    pub value: f64,
    /// The public figure it is compared with, in the same unit (for prose
    /// enums, the corpus total; the verdict there is "better" only at zero).
    pub baseline: f64,
    /// `%`, `parameters` or `tokens`.
    pub unit: &'static str,
    /// The pasted list's figure, formatted, with its count where it is a share.
    pub value_text: String,
    /// The public figure, formatted.
    pub baseline_text: String,
    /// Which public figure (size band) the comparison uses.
    pub band: &'static str,
    /// Lower is better for every check.
    pub verdict: Verdict,
}

fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 * 100.0 / whole as f64
    }
}

impl Metrics {
    /// Share of parameters with no description, in percent.
    #[must_use]
    pub fn undescribed_percent(&self) -> f64 {
        percent(self.undescribed_parameters, self.parameters)
    }

    /// Share of tools at zero unique description words, in percent.
    #[must_use]
    pub fn zero_unique_percent(&self) -> f64 {
        percent(self.zero_unique_tools, self.tools)
    }

    /// The public figure for zero-unique-word tools that matches this list's
    /// size, with its band: a three-tool server (three tools or fewer), more
    /// than sixty tools, or the overall share.
    #[must_use]
    pub fn zero_unique_baseline(&self) -> (f64, &'static str) {
        if self.tools <= 3 {
            (
                baseline::ZERO_UNIQUE_THREE_TOOLS_PERCENT,
                "three-tool servers (used for 3 tools or fewer)",
            )
        } else if self.tools > 60 {
            (
                baseline::ZERO_UNIQUE_PAST_SIXTY_PERCENT,
                "servers with more than sixty tools",
            )
        } else {
            (
                baseline::ZERO_UNIQUE_OVERALL_PERCENT,
                "all public tools (overall)",
            )
        }
    }

    /// Each check beside its public figure.
    #[must_use]
    pub fn comparisons(&self) -> Vec<Comparison> {
        let undescribed = self.undescribed_percent();
        let zero = self.zero_unique_percent();
        let (zero_baseline, zero_band) = self.zero_unique_baseline();
        let (prose, tokens) = (self.prose_enum_parameters as f64, self.tokens as f64);
        let median = baseline::MEDIAN_TOKENS as f64;
        let size_band = if self.tokens > baseline::P90_TOKENS {
            "median of public servers; this list is also above their p90 of 7,992"
        } else {
            "median of public servers (p90: 7,992)"
        };
        vec![
            Comparison {
                metric: "undescribed-parameters",
                label: "Parameters with no description",
                value: undescribed,
                baseline: baseline::UNDESCRIBED_PERCENT,
                unit: "%",
                value_text: if self.undescribed_choices == 0 {
                    format!(
                        "{undescribed:.1}% ({} of {})",
                        self.undescribed_parameters, self.parameters
                    )
                } else {
                    format!(
                        "{undescribed:.1}% ({} of {}, {} of them enums or constants)",
                        self.undescribed_parameters, self.parameters, self.undescribed_choices
                    )
                },
                baseline_text: "21.5%".to_owned(),
                band: "public servers of every size (the share is flat across sizes)",
                verdict: Verdict::of(undescribed, baseline::UNDESCRIBED_PERCENT),
            },
            Comparison {
                metric: "zero-unique-tools",
                label: "Tools with no description word of their own",
                value: zero,
                baseline: zero_baseline,
                unit: "%",
                value_text: format!("{zero:.1}% ({} of {})", self.zero_unique_tools, self.tools),
                baseline_text: format!("{zero_baseline:.1}%"),
                band: zero_band,
                verdict: Verdict::of(zero, zero_baseline),
            },
            Comparison {
                metric: "prose-enums",
                label: "Parameters that list their values in prose with no enum",
                value: prose,
                baseline: baseline::PROSE_ENUM_PARAMETERS as f64,
                unit: "parameters",
                value_text: thousands(self.prose_enum_parameters),
                baseline_text: format!(
                    "{} in the whole corpus",
                    thousands(baseline::PROSE_ENUM_PARAMETERS)
                ),
                band: "the whole public corpus (a total with no per-server rate, so any is worse than none)",
                verdict: if self.prose_enum_parameters == 0 {
                    Verdict::Better
                } else {
                    Verdict::Worse
                },
            },
            Comparison {
                metric: "size",
                label: "Size in tokens (bytes / 4)",
                value: tokens,
                baseline: median,
                unit: "tokens",
                value_text: thousands(self.tokens),
                baseline_text: thousands(baseline::MEDIAN_TOKENS),
                band: size_band,
                verdict: Verdict::of(tokens, median),
            },
        ]
    }
}
