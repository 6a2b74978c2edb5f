//! "Which clients take each tool": the compatibility table from the core,
//! made when the panel is opened (so it adds nothing to the first findings).

use leptos::prelude::*;
use toolcheck::clients::{Client, Clients};
use toolcheck::compat::Compatibility;

use crate::AppState;

/// The table for the report on screen, or `None` while the text on screen
/// is not the text that report checked (a newer check is on its way). The
/// panel and the Markdown report both make it here.
#[inline(never)]
pub fn table_for(state: &AppState) -> Option<Compatibility> {
    state.checked.with(|checked| {
        let report = checked.0.as_ref().as_ref().ok()?;
        let text = state.checked_input.get_untracked();
        if text.len() != report.input_bytes {
            return None;
        }
        toolcheck::checking::compatibility(&text, report).ok()
    })
}

/// The compatibility panel: the API view, or the client view with the
/// clients the user picks. The core writes the table's HTML, escaping the
/// tool names.
#[component]
pub fn CompatibilityPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let open = RwSignal::new(false);
    let only_problems = RwSignal::new(false);
    let by_client = RwSignal::new(false);
    let shown = RwSignal::new(Clients::all());
    let html = move || {
        if !open.get() {
            return String::new();
        }
        let only = only_problems.get();
        let clients = by_client.get().then(|| shown.get());
        table_for(&state).map_or_else(String::new, |t| {
            toolcheck::compat::to_html(&t, only, clients)
        })
    };
    let choices = Client::ALL
        .into_iter()
        .map(|client| {
            view! {
                <label class="field check">
                    <input
                        type="checkbox"
                        checked=true
                        data-testid=format!("compat-client-{}", client.key())
                        on:change:target=move |ev| {
                            let on = ev.target().checked();
                            shown.update(|s| {
                                if on {
                                    s.insert(client);
                                } else {
                                    s.remove(client);
                                }
                            });
                        }
                    />
                    <span>{client.label()}</span>
                </label>
            }
        })
        .collect_view();
    view! {
        <details class="compat" data-testid="compat" on:toggle:target=move |ev| open.set(ev.target().open())>
            <summary>"Which clients take each tool"</summary>
            <div class="compat-controls">
                <label class="field">
                    <span>"View"</span>
                    <select
                        data-testid="compat-view"
                        on:change:target=move |ev| by_client.set(ev.target().value() == "clients")
                    >
                        <option value="apis">"By model API"</option>
                        <option value="clients">"By client app"</option>
                    </select>
                </label>
                <label class="field check">
                    <input
                        type="checkbox"
                        data-testid="compat-only-problems"
                        on:change:target=move |ev| only_problems.set(ev.target().checked())
                    />
                    <span>"Only tools with problems"</span>
                </label>
            </div>
            <fieldset class="compat-clients" data-testid="compat-clients" hidden=move || !by_client.get()>
                <legend>"Clients"</legend>
                {choices}
            </fieldset>
            <div class="compat-scroll" inner_html=html></div>
            <p class="muted" hidden=move || by_client.get()>
                "A provider column counts the MCP errors (a tool an MCP client rejects never reaches the model) and that provider's own rules."
            </p>
            <p class="muted" hidden=move || !by_client.get()>
                "A client column counts the MCP errors, the rules of the APIs the client forwards to (after its strict-mode converter), and the client's own rules. What each client does, with sources: docs/clients.md."
            </p>
        </details>
    }
}
