//! Copy report and Download .md: the Markdown comes from the core.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::{AppState, browser};

/// The report buttons.
#[component]
pub fn ReportActions() -> impl IntoView {
    let state = expect_context::<AppState>();
    let status = RwSignal::new(String::new());
    // The report with the compatibility table, as the CLI writes it.
    let markdown = move || {
        // Several servers: the report of them all, each under its name.
        if let Some(all) = crate::components::servers::checked_servers(&state) {
            return Some(toolcheck::report::servers::markdown(&all.0));
        }
        let table = crate::components::compat::table_for(&state);
        state.checked.with(|c| {
            c.0.as_ref()
                .as_ref()
                .ok()
                .map(|report| toolcheck::report::markdown::markdown_with(report, table.as_ref()))
        })
    };
    let disabled = move || state.checked.with(|c| c.0.is_err());
    view! {
        <div class="report-actions" role="group" aria-label="Report">
            <button type="button" data-testid="copy-report" disabled=disabled on:click=move |_| {
                if let Some(md) = markdown() {
                    spawn_local(async move {
                        let ok = browser::copy_text(&md).await;
                        status.set(if ok { "Report copied".into() } else { "Copy failed: your browser blocked clipboard access".into() });
                    });
                }
            }>
                "Copy report"
            </button>
            <button type="button" data-testid="download-report" disabled=disabled on:click=move |_| {
                if let Some(md) = markdown() {
                    browser::download("toolcheck-report.md", &md, "text/markdown");
                    status.set("Report downloaded".into());
                }
            }>
                "Download .md"
            </button>
            <span class="status" role="status" aria-live="polite" data-testid="report-status">{move || status.get()}</span>
        </div>
    }
}
