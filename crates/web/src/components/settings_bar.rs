//! Check against, strict mode, the MCP revision and the Gemini field.

use leptos::prelude::*;
use toolcheck::{Revision, RevisionFrom, Targets};

use crate::AppState;

/// The choices, by [`Targets::key`].
const TARGETS: [(&str, &str); 6] = [
    ("mcp", "MCP spec only"),
    ("openai", "MCP + OpenAI"),
    ("claude", "MCP + Claude"),
    ("gemini", "MCP + Gemini"),
    ("all", "MCP + OpenAI + Claude"),
    ("all,gemini", "MCP + OpenAI + Claude + Gemini"),
];

/// The settings controls.
#[component]
pub fn SettingsBar() -> impl IntoView {
    let state = expect_context::<AppState>();
    let settings = state.settings;
    view! {
        <div class="settings" role="group" aria-label="Settings">
            <label class="field">
                <span>"Check against"</span>
                <select
                    data-testid="against"
                    prop:value=move || settings.get().targets.key()
                    on:change:target=move |ev| {
                        let value = ev.target().value();
                        settings.update(|s| s.targets = value.parse().unwrap_or(Targets::MCP));
                    }
                >
                    {TARGETS
                        .into_iter()
                        .map(|(value, label)| view! { <option value=value>{label}</option> })
                        .collect_view()}
                </select>
            </label>
            <label class="field check">
                <input
                    type="checkbox"
                    data-testid="strict"
                    prop:checked=move || settings.get().strict
                    on:change:target=move |ev| {
                        let on = ev.target().checked();
                        settings.update(|s| s.strict = on);
                    }
                />
                <span>"Strict mode"</span>
            </label>
            <label class="field">
                <span>"MCP revision"</span>
                <select
                    data-testid="revision"
                    prop:value=move || settings.get().revision.as_str()
                    on:change:target=move |ev| {
                        let value = ev.target().value();
                        settings.update(|s| {
                            s.revision = value.parse().unwrap_or(Revision::default());
                            s.revision_from = RevisionFrom::Chosen;
                        });
                    }
                >
                    {Revision::ALL
                        .into_iter()
                        .rev()
                        .map(|r| {
                            let label = if r == Revision::default() { format!("{r} (default)") } else { r.to_string() };
                            view! { <option value=r.as_str()>{label}</option> }
                        })
                        .collect_view()}
                </select>
            </label>
            <label class="field">
                <span>"Gemini field"</span>
                <select
                    data-testid="gemini-field"
                    title="The field of a Gemini function declaration that MCP tools are sent in"
                    prop:value=move || settings.get().gemini_field.as_str()
                    on:change:target=move |ev| {
                        let value = ev.target().value();
                        settings.update(|s| s.gemini_field = value.parse().unwrap_or_default());
                    }
                >
                    <option value="parameters">"parameters (Python SDK)"</option>
                    <option value="json-schema">"parametersJsonSchema (JS SDK)"</option>
                </select>
            </label>
        </div>
    }
}
