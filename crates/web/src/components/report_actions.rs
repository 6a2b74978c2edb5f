//! Copy report, Download .md and Download .json: the reports come from the core.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::{AppState, browser};

/// What a report is made of: the check of one capture, or of every server
/// open, and whether the worker's findings are still to come.
fn exported<T>(
    state: &AppState,
    one: impl FnOnce(&toolcheck::Report) -> T,
    several: impl FnOnce(&toolcheck::servers::Servers) -> T,
) -> Option<(T, bool)> {
    if let Some(all) = crate::components::servers::checked_servers(state) {
        return Some((several(&all.0), all.1));
    }
    let pending = state.pending.get_untracked().is_some();
    state
        .checked
        .with(|c| c.0.as_ref().as_ref().ok().map(|r| (one(r), pending)))
}

/// The report buttons.
#[component]
pub fn ReportActions() -> impl IntoView {
    let state = expect_context::<AppState>();
    let status = RwSignal::new(String::new());
    // The report with the compatibility table, as the CLI writes it. One made
    // while the worker still checks says it is partial.
    let markdown = move |table: Option<std::sync::Arc<toolcheck::compat::Compatibility>>| {
        let (md, partial) = exported(
            &state,
            |report| toolcheck::report::markdown::markdown_with(report, table.as_deref()),
            toolcheck::report::servers::markdown,
        )?;
        Some(if partial { mark_partial(&md) } else { md })
    };
    // The JSON report, as `toolcheck check --format json` writes it; a
    // partial one has `"partial": true`.
    let json = move || {
        let (mut value, partial) = exported(
            &state,
            toolcheck::report::json::to_value,
            toolcheck::report::servers::to_value,
        )?;
        if partial && let Some(obj) = value.as_object_mut() {
            obj.insert("partial".into(), serde_json::Value::Bool(true));
        }
        serde_json::to_string_pretty(&value).ok()
    };
    let disabled = move || state.checked.with(|c| c.0.is_err());
    view! {
        <div class="report-actions" role="group" aria-label="Report">
            <button type="button" data-testid="copy-report" disabled=disabled on:click=move |_| {
                with_table_unless_pending(state, move |table| {
                    if let Some(md) = markdown(table) {
                        spawn_local(async move {
                            let ok = browser::copy_text(&md).await;
                            status.set(if ok { "Report copied".into() } else { "Copy failed: your browser blocked clipboard access".into() });
                        });
                    }
                });
            }>
                "Copy report"
            </button>
            <button type="button" data-testid="download-report" disabled=disabled on:click=move |_| {
                with_table_unless_pending(state, move |table| {
                    if let Some(md) = markdown(table) {
                        browser::download("toolcheck-report.md", &md, "text/markdown");
                        status.set("Report downloaded".into());
                    }
                });
            }>
                "Download .md"
            </button>
            <button type="button" data-testid="download-json" disabled=disabled on:click=move |_| {
                if let Some(text) = json() {
                    browser::download("toolcheck-report.json", &text, "application/json");
                    status.set("JSON report downloaded".into());
                }
            }>
                "Download .json"
            </button>
            <span class="status" role="status" aria-live="polite" data-testid="report-status">{move || status.get()}</span>
        </div>
    }
}

/// Calls `then` with the compatibility table, which the worker makes; while
/// the worker still checks the text (the report is partial), at once and
/// without it.
fn with_table_unless_pending(
    state: AppState,
    then: impl FnOnce(Option<std::sync::Arc<toolcheck::compat::Compatibility>>) + 'static,
) {
    if state.pending.get_untracked().is_some() {
        then(None);
    } else {
        crate::components::compat::with_table(state, then);
    }
}

/// `md` with a note after its title that the meta-schema check had not
/// finished when it was made.
fn mark_partial(md: &str) -> String {
    let note = "> **Partial report**: the page's worker was still checking when this was exported, so findings of \
                `meta-schema-violation`, of the provider rules (OpenAI, Claude, Gemini) and of the text scans (`secret-in-definition`, `internal-address`, \
                `suspicious-link`, `encoded-payload`) may be missing, and so is the compatibility table. Export again once it \
                finishes.\n\n";
    match md.find("\n\n") {
        Some(at) => format!("{}{note}{}", &md[..at + 2], &md[at + 2..]),
        None => format!("{note}{md}"),
    }
}
