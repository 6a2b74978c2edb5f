//! The result panel: check one pasted `tools/call` result against the chosen
//! tool's `outputSchema`, or infer a starting schema for a tool without one.

use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use toolcheck::result::ResultReport;
use toolcheck::{InputError, Severity};

use crate::components::code_spans::with_code_spans;
use crate::components::summary::icon;
use toolcheck::wire::{Request, Response};

use crate::{AppState, browser, worker};

#[derive(Clone)]
struct Outcome(Arc<Option<Result<ResultReport, InputError>>>);

impl PartialEq for Outcome {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// The result panel.
#[component]
pub fn ResultPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let result_text = RwSignal::new(String::new());
    let tool = RwSignal::new(String::new());
    let copied = RwSignal::new(String::new());

    let tool_names = Memo::new(move |_| {
        state.checked.with(|c| {
            c.0.as_ref()
                .as_ref()
                .map(|r| {
                    r.tools
                        .iter()
                        .filter_map(|t| t.name.clone())
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });
    // Keep the chosen tool valid when the list changes.
    Effect::new(move |_| {
        let names = tool_names.get();
        if !names.contains(&tool.get_untracked()) {
            tool.set(names.first().cloned().unwrap_or_default());
        }
    });

    // The result check runs in the page's worker, which has the JSON Schema
    // validator; an answer to an older request is dropped.
    let outcome = RwSignal::new(Outcome(Arc::new(None)));
    let latest = StoredValue::new(0_u64);
    Effect::new(move |_| {
        let text = result_text.get();
        let name = tool.get();
        let tools = state.checked_input.get();
        let settings = state.settings.get();
        let request_id = latest.get_value().wrapping_add(1);
        latest.set_value(request_id);
        if text.trim().is_empty() || name.is_empty() {
            outcome.set(Outcome(Arc::new(None)));
            return;
        }
        let asked = worker::ask(
            |id| Request::Result {
                id,
                tools,
                tool: name,
                result: text,
                settings,
            },
            move |response| {
                if latest.get_value() != request_id {
                    return;
                }
                if let Response::Result { report, .. } = response {
                    outcome.set(Outcome(Arc::new(Some(report.map(ResultReport::from)))));
                }
            },
        );
        if !asked {
            outcome.set(Outcome(Arc::new(Some(Err(InputError {
                message: "The result check is not available: the page's worker did not start"
                    .into(),
                line: None,
                column: None,
            })))));
        }
    });

    let load_sample = move |_| {
        state.set_text_now(toolcheck::sample::TOOLS.to_owned());
        tool.set("get_order".to_owned());
        result_text.set(toolcheck::sample::RESULT.to_owned());
    };

    let body = move || {
        let outcome = outcome.get();
        match outcome.0.as_ref() {
            None => view! {
                <p class="hint">"Pick a tool and paste one tools/call result: a JSON-RPC response, the CallToolResult, or a transcript."</p>
            }
            .into_any(),
            Some(Err(e)) => {
                let position = match (e.line, e.column) {
                    (Some(l), Some(c)) => format!("Line {l}, column {c}"),
                    _ => "Result".to_owned(),
                };
                view! {
                    <div class="summary input-error" role="alert" data-testid="result-error">
                        <strong>{position}</strong>
                        <span>{e.message.clone()}</span>
                    </div>
                }
                .into_any()
            }
            Some(Ok(report)) => {
                let schema = report
                    .inferred_schema
                    .as_ref()
                    .map(|s| serde_json::to_string_pretty(s).unwrap_or_default());
                view! {
                    <p class="detected" data-testid="result-detected">{report.detected()}</p>
                    <ul class="counts small">
                        {Severity::ALL.into_iter().map(|s| view! {
                            <li class=format!("count sev-{}", s.as_str()) data-testid=format!("result-count-{}", s.as_str())>
                                <span class="sev-icon" aria-hidden="true">{icon(s)}</span>
                                {s.count_label(report.counts.get(s))}
                            </li>
                        }).collect_view()}
                    </ul>
                    <ol class="finding-list">
                        {report.findings.iter().map(|f| { let rule_id = f.rule.id; view! {
                            <li class=format!("finding sev-{}", f.severity.as_str()) data-testid="result-finding" data-severity=f.severity.as_str()>
                                <div class="finding-head">
                                    <span class="sev-badge"><span aria-hidden="true">{icon(f.severity)}</span>" "{f.severity.as_str()}</span>
                                    <button type="button" class="rule-id" data-testid="result-rule-id" title="Open this rule's docs" on:click=move |_| state.docs_rule.set(Some(rule_id))>
                                        {rule_id}
                                    </button>
                                </div>
                                <p class="message" data-testid="result-message">{f.message.clone()}</p>
                                <code class="path static" data-testid="result-path">{f.path.to_string()}</code>
                                <p class="explanation"><span class="label">"What goes wrong: "</span>{with_code_spans(&f.explanation)}</p>
                                <p class="fix"><span class="label">"Fix: "</span>{with_code_spans(&f.help)}</p>
                            </li>
                        }}).collect_view()}
                    </ol>
                    {schema.map(|schema| {
                        let for_copy = schema.clone();
                        view! {
                            <div class="inferred" data-testid="inferred">
                                <div class="inferred-head">
                                    <h3>"Inferred outputSchema"</h3>
                                    <button type="button" data-testid="copy-schema" on:click=move |_| {
                                        let text = for_copy.clone();
                                        spawn_local(async move {
                                            let ok = browser::copy_text(&text).await;
                                            copied.set(if ok { "Schema copied".into() } else { "Copy failed".into() });
                                        });
                                    }>"Copy"</button>
                                    <span class="status" role="status" aria-live="polite">{move || copied.get()}</span>
                                </div>
                                <p class="hint">{toolcheck::result::infer::NOTE}</p>
                                <pre class="code" data-testid="inferred-schema">{schema}</pre>
                            </div>
                        }
                    })}
                }
                .into_any()
            }
        }
    };

    view! {
        <section class="result-panel" aria-labelledby="result-title" data-testid="result-panel">
            <h2 id="result-title">"Check a tools/call result"</h2>
            <div class="toolbar">
                <label class="field">
                    <span>"Tool"</span>
                    <select data-testid="result-tool" prop:value=move || tool.get() on:change:target=move |ev| tool.set(ev.target().value())>
                        {move || tool_names.get().into_iter().map(|n| {
                            let label = n.clone();
                            view! { <option value=n>{label}</option> }
                        }).collect_view()}
                    </select>
                </label>
                <button type="button" data-testid="result-load-sample" on:click=load_sample>"Load sample result"</button>
                <button type="button" data-testid="result-clear" on:click=move |_| result_text.set(String::new())>"Clear"</button>
            </div>
            <textarea
                class="result-input"
                data-testid="result-input"
                aria-label="Paste one tools/call result"
                placeholder="Paste one tools/call result"
                spellcheck="false"
                wrap="off"
                prop:value=move || result_text.get()
                on:input:target=move |ev| result_text.set(ev.target().value())
            ></textarea>
            <div class="result-body">{body}</div>
        </section>
    }
}
