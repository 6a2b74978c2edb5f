//! The counts, what was detected, and any input error.

use leptos::prelude::*;
use toolcheck::Severity;

use crate::AppState;

/// The summary of the current check.
#[component]
pub fn Summary() -> impl IntoView {
    let state = expect_context::<AppState>();
    let checked = state.checked;
    move || match &*checked.get().0 {
        Err(e) => {
            let position = match (e.line, e.column) {
                (Some(l), Some(c)) => format!("Line {l}, column {c}"),
                _ => "Input".to_owned(),
            };
            view! {
                <div class="summary input-error" role="alert" data-testid="input-error">
                    <strong data-testid="input-error-position">{position}</strong>
                    <span data-testid="input-error-message">{e.message.clone()}</span>
                </div>
            }
            .into_any()
        }
        Ok(report) => {
            let counts = report.counts;
            let settings_line = toolcheck::report::settings_line(report);
            view! {
                <div class="summary" data-testid="summary">
                    <ul class="counts" aria-label="Finding counts">
                        {Severity::ALL
                            .into_iter()
                            .map(|s| {
                                let n = counts.get(s);
                                view! {
                                    <li class=format!("count sev-{}", s.as_str()) data-testid=format!("count-{}", s.as_str())>
                                        <span class="sev-icon" aria-hidden="true">{icon(s)}</span>
                                        {s.count_label(n)}
                                    </li>
                                }
                            })
                            .collect_view()}
                    </ul>
                    <p class="detected" data-testid="detected">{report.detected()}</p>
                    <p class="tokens" data-testid="tokens">{toolcheck::report::cost_line(report).unwrap_or_default()}</p>
                    <p class="settings-line">{settings_line}</p>
                    {move || state.pending.get().map(|n| view! {
                        <p class="pending" role="status" data-testid="pending">
                            {format!("Validating {n} schema{} and scanning the text for secrets and hidden payloads…", if n == 1 { "" } else { "s" })}
                        </p>
                    })}
                    {move || state.worker_failed.get().map(|why| view! {
                        <p class="worker-failed" role="alert" data-testid="worker-failed">
                            {format!("The schema check could not start ({why}), so this report lacks meta-schema-violation and the result check.")}
                        </p>
                    })}
                </div>
            }
            .into_any()
        }
    }
}

/// A severity's symbol, so severity never relies on colour alone.
pub fn icon(s: Severity) -> &'static str {
    match s {
        Severity::Error => "✕",
        Severity::Warning => "!",
        Severity::Info => "i",
    }
}
