//! The corpus checks ([`crate::metrics`]), counted from what the rules'
//! cache holds of the tools as the check runs.

use crate::metrics::Metrics;
use crate::rules::Definitions;
use crate::rules::facts::{is_described, is_parameter};

/// Counts, for the corpus checks ([`crate::metrics`]), the parameters of
/// the tools `cx` sees (some or all of the list), from what the rules'
/// cache holds of them; [`finish_metrics`] adds what needs the whole list.
pub(super) fn add_parameters(metrics: &mut Metrics, cx: &Definitions<'_>) {
    let tools = cx.tools();
    let prose = cx.cache.prose_enums(tools);
    for ((tool, nodes), prose) in tools.iter().zip(cx.cache.nodes(tools)).zip(prose) {
        for ((_, node), prose) in nodes.input.reached().zip(prose) {
            if !is_parameter(tool, node) {
                continue;
            }
            metrics.parameters += 1;
            if let Some(obj) = node.object().filter(|obj| !is_described(tool, obj)) {
                metrics.undescribed_parameters += 1;
                if obj.contains_key("enum") || obj.contains_key("const") {
                    metrics.undescribed_choices += 1;
                }
            }
            if prose.is_some() {
                metrics.prose_enum_parameters += 1;
            }
        }
    }
}

/// Completes the checks once [`add_parameters`] has seen every
/// tool: `cx` sees the whole list, and `bytes` is the length of the
/// pasted text.
pub(super) fn finish_metrics(mut metrics: Metrics, cx: &Definitions<'_>, bytes: usize) -> Metrics {
    let tools = cx.tools();
    metrics.tools = tools.len();
    metrics.bytes = bytes;
    metrics.tokens = bytes / 4;
    metrics.zero_unique_tools = cx
        .cache
        .unique_word_counts(tools)
        .iter()
        .filter(|c| c.is_none_or(|n| n == 0))
        .count();
    metrics
}
