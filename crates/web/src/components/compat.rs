//! "Which clients take each tool": the compatibility table from the core,
//! made when the panel is opened (so it adds nothing to the first findings).

use leptos::prelude::*;
use toolcheck::compat::{Compatibility, Verdict};

use crate::AppState;

/// The table for the report on screen, or `None` while the text on screen
/// is not the text that report checked (a newer check is on its way).
fn table_for(state: &AppState) -> Option<Compatibility> {
    let checked = state.checked.get();
    let report = checked.0.as_ref().as_ref().ok()?;
    let text = state.checked_input.get_untracked();
    if text.len() != report.input_bytes {
        return None;
    }
    toolcheck::compat::compatibility(&text, &report.settings, report).ok()
}

/// The compatibility panel.
#[component]
pub fn CompatibilityPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let open = RwSignal::new(false);
    let only_problems = RwSignal::new(false);
    let table = Memo::new(move |_| open.get().then(|| table_for(&state)).flatten());
    view! {
        <details
            class="compat"
            data-testid="compat"
            on:toggle:target=move |ev| open.set(ev.target().open())
        >
            <summary>"Which clients take each tool"</summary>
            <label class="field check">
                <input
                    type="checkbox"
                    data-testid="compat-only-problems"
                    prop:checked=move || only_problems.get()
                    on:change:target=move |ev| only_problems.set(ev.target().checked())
                />
                <span>"Only tools with problems"</span>
            </label>
            {move || {
                table.with(|table| {
                    let Some(table) = table else {
                        return view! { <p class="muted">"Checking…"</p> }.into_any();
                    };
                    let heads = table
                        .targets
                        .iter()
                        .map(|t| view! { <th scope="col">{t.label()}</th> })
                        .collect_view();
                    let rows = table
                        .rows
                        .iter()
                        .filter(|row| !only_problems.get() || row.has_problems())
                        .map(|row| {
                            let name = row
                                .tool
                                .clone()
                                .unwrap_or_else(|| format!("tool #{}", row.index + 1));
                            let cells = row
                                .cells
                                .iter()
                                .map(|cell| {
                                    let (class, word) = match cell.verdict {
                                        Verdict::Works => ("works", "works"),
                                        Verdict::WorksWithWarnings => ("warnings", "warnings"),
                                        Verdict::Rejected => ("rejected", "rejected"),
                                    };
                                    let rules = cell.rules.join(", ");
                                    let title = rules.clone();
                                    view! {
                                        <td class=format!("cell-{class}") data-verdict=class title=title>
                                            <span class="word">{word}</span>
                                            <span class="rules">{rules}</span>
                                        </td>
                                    }
                                })
                                .collect_view();
                            view! {
                                <tr data-testid="compat-row">
                                    <th scope="row"><code>{name}</code></th>
                                    {cells}
                                </tr>
                            }
                        })
                        .collect_view();
                    view! {
                        <div class="compat-scroll">
                            <table>
                                <thead><tr><th scope="col">"Tool"</th>{heads}</tr></thead>
                                <tbody>{rows}</tbody>
                            </table>
                        </div>
                        <p class="muted">
                            "A provider column counts the MCP errors (a tool an MCP client rejects never reaches the model) and that provider's own rules."
                        </p>
                    }
                    .into_any()
                })
            }}
        </details>
    }
}
