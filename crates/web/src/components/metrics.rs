//! "Compared with public servers": the four corpus checks beside the public
//! figures, all computed by the core.

use leptos::prelude::*;

use crate::AppState;

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
