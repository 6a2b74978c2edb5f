//! "Test cases": the calls to make to each tool, made from its `inputSchema`
//! by the page's worker when the panel is opened (so they add nothing to the
//! first findings), and sent nowhere. Copy and Download give them as the
//! `tools/call` requests (JSON), a Markdown test plan, and test files for
//! pytest and vitest; `toolcheck probe --dry-run --export` writes the same.

use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use toolcheck::wire::{Request, Response, WireCases};

use crate::{AppState, browser};

/// The seed of the cases: the CLI's default, so that both make the same.
const SEED: u64 = 1;

/// The cases the worker made, and the text they were made for.
type Made = Option<(Arc<str>, Result<Arc<WireCases>, String>)>;

/// The Test cases panel.
#[component]
pub fn TestCases() -> impl IntoView {
    let state = expect_context::<AppState>();
    let open = RwSignal::new(false);
    let made: RwSignal<Made> = RwSignal::new(None);
    let status = RwSignal::new(String::new());
    // While the panel is open, each new check asks the worker for its cases.
    Effect::new(move |_| {
        let text = state.checked_input.get();
        if !open.get() || made.with_untracked(|m| m.as_ref().is_some_and(|(t, _)| **t == *text)) {
            return;
        }
        let text: Arc<str> = text.into();
        let asked = {
            let text = text.to_string();
            move |id| Request::Cases {
                id,
                text,
                seed: SEED,
            }
        };
        let sent = crate::worker::ask(asked, move |response| {
            if let Response::Cases { cases, .. } = response {
                made.set(Some((text, cases.map(Arc::new).map_err(|e| e.to_string()))));
            }
        });
        if !sent {
            made.set(Some((
                state.checked_input.get_untracked().into(),
                Err("the page's worker is not running".into()),
            )));
        }
    });
    let current = move || {
        made.with(|m| match m {
            Some((text, Ok(cases))) if state.checked_input.with(|t| **text == *t) => {
                Some(cases.clone())
            }
            _ => None,
        })
    };
    let body = move || match made.get() {
        None => "<p class=\"muted\" data-testid=\"cases-waiting\">Making the cases…</p>".to_owned(),
        Some((_, Err(why))) => format!(
            "<p class=\"muted\">No cases: {}</p>",
            why.replace('&', "&amp;").replace('<', "&lt;")
        ),
        Some((_, Ok(cases))) => cases.html.clone(),
    };
    let button =
        move |label: &'static str,
              testid: &'static str,
              action: fn(&WireCases) -> (&'static str, &str, &'static str)| {
            view! {
                <button type="button" data-testid=testid disabled=move || current().is_none() on:click=move |_| {
                    if let Some(cases) = current() {
                        let (name, text, mime) = action(&cases);
                        browser::download(name, text, mime);
                        status.set(format!("{name} downloaded"));
                    }
                }>{label}</button>
            }
        };
    view! {
        <details class="compat cases" data-testid="cases" on:toggle:target=move |ev| open.set(ev.target().open())>
            <summary>"Test cases"</summary>
            <p class="muted">
                "The calls to make to each tool, made here from its inputSchema and sent nowhere: valid calls the server should run, and calls with one defect each that it should refuse with a tool error (isError: true) naming the argument. "
                <code>"toolcheck probe"</code>
                " makes them against a live server."
            </p>
            <p data-testid="cases-summary">{move || current().map(|c| c.summary.clone())}</p>
            <div class="report-actions" role="group" aria-label="Test cases">
                <button type="button" data-testid="cases-copy-json" disabled=move || current().is_none() on:click=move |_| {
                    if let Some(cases) = current() {
                        spawn_local(async move {
                            let ok = browser::copy_text(&cases.json).await;
                            status.set(if ok { "Cases copied as JSON".into() } else { "Copy failed: your browser blocked clipboard access".into() });
                        });
                    }
                }>"Copy JSON"</button>
                {button("Download .json", "cases-json", |c| ("tool-calls.json", &c.json, "application/json"))}
                {button("Test plan .md", "cases-markdown", |c| ("tool-calls.md", &c.markdown, "text/markdown"))}
                {button("pytest file", "cases-pytest", |c| ("test_tool_calls.py", &c.pytest, "text/x-python"))}
                {button("vitest file", "cases-vitest", |c| ("tool-calls.test.ts", &c.vitest, "text/plain"))}
                <span class="muted" role="status">{move || status.get()}</span>
            </div>
            <div class="compat-scroll" inner_html=body></div>
        </details>
    }
}
