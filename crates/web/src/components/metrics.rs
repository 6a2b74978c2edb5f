//! "Compared with public servers": the four corpus checks beside the public
//! figures, all computed by the core; and each tool's cost in tokens,
//! heaviest first or in list order.

use leptos::prelude::*;

use crate::AppState;

/// How many tools the cost table lists.
const COSTS_SHOWN: usize = 100;

/// Each tool's cost in tokens, sortable; rendered only while open (the
/// details start closed, and each toggle event flips `open`).
#[component]
pub fn ToolCosts() -> impl IntoView {
    let state = expect_context::<AppState>();
    let open = RwSignal::new(false);
    let heaviest_first = RwSignal::new(true);
    let rows = move || {
        if !open.get() {
            return Vec::new();
        }
        let checked = state.checked.get();
        let Ok(report) = checked.0.as_ref() else {
            return Vec::new();
        };
        let total = toolcheck::report::tool_tokens(report);
        let more = report.tools.len().saturating_sub(COSTS_SHOWN);
        let tools = toolcheck::report::tool_costs(report, heaviest_first.get(), COSTS_SHOWN);
        let mut rows: Vec<AnyView> = tools
            .into_iter()
            .map(|(name, t)| {
                view! {
                    <tr data-testid="tool-cost">
                        <th scope="row"><code>{name}</code></th>
                        <td class="num">{t.tokens}</td>
                        <td class="num">{toolcheck::report::share(t.tokens, total)}</td>
                    </tr>
                }
                .into_any()
            })
            .collect();
        if more > 0 {
            rows.push(
                view! { <tr><td colspan="3">{format!("{more} more tools")}</td></tr> }.into_any(),
            );
        }
        rows
    };
    let sort = move |by_tokens: bool, label: &'static str, id: &'static str| {
        view! {
            <button type="button" class="sort" data-testid=id aria-pressed=move || (heaviest_first.get() == by_tokens).to_string()
                on:click=move |_| heaviest_first.set(by_tokens)>{label}</button>
        }
    };
    view! {
        <details class="metrics costs" data-testid="tool-costs" on:toggle=move |_| open.update(|o| *o = !*o)>
            <summary>"Token cost by tool"</summary>
            <table>
                <thead>
                    <tr>
                        <th scope="col">{sort(false, "Tool (list order)", "sort-list")}</th>
                        <th scope="col">{sort(true, "Tokens (heaviest first)", "sort-tokens")}</th>
                        <th scope="col">"Share"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </details>
    }
}

/// The metrics table.
#[component]
pub fn Metrics() -> impl IntoView {
    let state = expect_context::<AppState>();
    move || {
        let checked = state.checked.get();
        let Ok(report) = checked.0.as_ref() else {
            return ().into_any();
        };
        let rows = report.metrics.comparisons();
        view! {
            <details class="metrics" open data-testid="metrics">
                <summary>"Compared with public servers"</summary>
                <table>
                    <thead>
                        <tr><th scope="col">"Check"</th><th scope="col">"This list"</th><th scope="col">"Public servers"</th></tr>
                    </thead>
                    <tbody>
                        {rows.into_iter().map(|c| view! {
                            <tr data-testid=format!("metric-{}", c.metric)>
                                <th scope="row">{c.label}</th>
                                <td class=format!("verdict-{}", c.verdict.as_str())>
                                    {c.value_text}
                                    <span class="verdict">{format!(" · {}", c.verdict.as_str())}</span>
                                </td>
                                <td>{c.baseline_text}<span class="band">{c.band}</span></td>
                            </tr>
                        }).collect_view()}
                    </tbody>
                </table>
            </details>
        }
        .into_any()
    }
}
