//! The findings: a summary by rule (click a rule to show only its
//! findings), then the findings grouped by severity, with a severity filter.
//! The same finding in several tools is one row, "in N tools", with the
//! tools behind a toggle.

use std::time::Duration;

use leptos::prelude::*;
use toolcheck::report::fold::{by_rule, fold_at};
use toolcheck::{Finding, Severity};

use crate::components::code_spans::with_code_spans;
use crate::components::summary::icon;
use crate::{AppState, Checked};

/// How many findings of one group render before "Show all".
const FIRST_PAGE: usize = 200;

/// How many rows of one group go on screen per task: the first rows show at
/// once, and the rest follow a task at a time, so a long list never holds up
/// the page. Past the first page (after "Show all") rows come a page per task.
const CHUNK: usize = 25;

/// The row ranges of a group of `limit` rows, in the order they go on screen.
fn chunks(limit: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < limit {
        let size = if start < FIRST_PAGE {
            CHUNK
        } else {
            FIRST_PAGE
        };
        let end = (start + size).min(limit);
        out.push((start, end));
        start = end;
    }
    out
}

/// The findings counted by rule; a click on a rule shows only its findings.
#[component]
fn ByRule(only: RwSignal<Option<&'static str>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    move || {
        let checked = state.checked.get();
        let Ok(report) = checked.0.as_ref() else {
            return ().into_any();
        };
        let counts = by_rule(report);
        if counts.is_empty() {
            return ().into_any();
        }
        let rows = counts
            .into_iter()
            .map(|c| {
                let id = c.rule.id;
                let sev = c.severity;
                view! {
                    <tr class=format!("sev-{}", sev.as_str()) data-testid="by-rule-row" data-rule=id>
                        <td>
                            <button
                                type="button"
                                class="rule-filter"
                                title="Show only this rule's findings"
                                aria-pressed=move || (only.get() == Some(id)).to_string()
                                on:click=move |_| only.update(|o| *o = if *o == Some(id) { None } else { Some(id) })
                            >
                                {id}
                            </button>
                        </td>
                        <td><span class="sev-icon" aria-hidden="true">{icon(sev)}</span>" "{sev.as_str()}</td>
                        <td class="num">{c.findings}</td>
                        <td class="num">{c.tools}</td>
                    </tr>
                }
            })
            .collect_view();
        view! {
            <details class="by-rule" data-testid="by-rule" open=true>
                <summary>"Findings by rule"</summary>
                <table>
                    <thead><tr><th scope="col">"Rule"</th><th scope="col">"Severity"</th><th scope="col" class="num">"Findings"</th><th scope="col" class="num">"Tools"</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </details>
        }
        .into_any()
    }
}

/// The list of findings.
#[component]
pub fn Findings() -> impl IntoView {
    let state = expect_context::<AppState>();
    let shown = RwSignal::new([true, true, true]);
    // The rule whose findings alone are shown, if one is picked; it stays
    // picked while the text is edited.
    let only = RwSignal::new(None::<&'static str>);
    let filter = move || {
        Severity::ALL
            .into_iter()
            .enumerate()
            .map(|(i, s)| {
                let count = move || {
                    state
                        .checked
                        .with(|c| c.0.as_ref().as_ref().map_or(0, |r| r.counts.get(s)))
                };
                view! {
                    <button
                        type="button"
                        class=format!("filter sev-{}", s.as_str())
                        data-testid=format!("filter-{}", s.as_str())
                        aria-pressed=move || shown.get()[i].to_string()
                        on:click=move |_| shown.update(|v| v[i] = !v[i])
                    >
                        <span class="sev-icon" aria-hidden="true">{icon(s)}</span>
                        {move || s.count_label(count())}
                    </button>
                }
            })
            .collect_view()
    };
    let groups = move || {
        let checked = state.checked.get();
        let Ok(report) = checked.0.as_ref() else {
            return ().into_any();
        };
        if report.findings.is_empty() {
            return view! { <p class="empty" data-testid="no-findings">"No findings: the definitions are well formed."</p> }.into_any();
        }
        let only = only.get();
        // Each group's rows are indices into the report the page holds: a
        // row copies its finding only once it goes on screen.
        let folds = fold_at(report);
        Severity::ALL
            .into_iter()
            .enumerate()
            .filter(|(i, _)| shown.get()[*i])
            .map(|(_, s)| {
                let items: Vec<Vec<usize>> = folds
                    .iter()
                    .filter(|f| {
                        let first = &report.findings[f[0]];
                        first.severity == s && only.is_none_or(|id| first.rule.id == id)
                    })
                    .cloned()
                    .collect();
                view! { <FindingGroup severity=s checked=checked.clone() items=items/> }
            })
            .collect_view()
            .into_any()
    };
    let showing_one = move || {
        only.get().map(|id| {
            view! {
                <p class="only-rule" data-testid="only-rule">
                    "Showing only "<code>{id}</code>" "
                    <button type="button" data-testid="show-every-rule" on:click=move |_| only.set(None)>"Show every rule"</button>
                </p>
            }
        })
    };
    view! {
        <ByRule only=only/>
        <div class="filters" role="group" aria-label="Show severities">{filter}</div>
        {showing_one}
        <div class="findings" data-testid="findings">{groups}</div>
    }
}

/// A group of one severity: one row per finding, the same finding in
/// several tools being one row.
#[component]
fn FindingGroup(severity: Severity, checked: Checked, items: Vec<Vec<usize>>) -> impl IntoView {
    if items.is_empty() {
        return ().into_any();
    }
    let total = items.len();
    let findings: usize = items.iter().map(Vec::len).sum();
    let show_all = RwSignal::new(false);
    let title = match severity {
        Severity::Error => "Errors",
        Severity::Warning => "Warnings",
        Severity::Info => "Info",
    };
    let items = StoredValue::new((checked, items));
    // Every chunk of the group, always in place; each goes on screen once
    // `revealed` passes it, one more per task, up to the first page or, after
    // "Show all", to the end (the rows already shown stay as they are).
    let ranges = chunks(total);
    let all = ranges.len();
    let first_page = chunks(total.min(FIRST_PAGE)).len();
    let wanted = move || if show_all.get() { all } else { first_page };
    let revealed = RwSignal::new(1_usize);
    Effect::new(move |_| {
        if revealed.get() < wanted() {
            set_timeout(
                move || {
                    revealed.try_update(|r| *r += 1);
                },
                Duration::ZERO,
            );
        }
    });
    let chunk = move |(k, (start, end)): (usize, (usize, usize))| {
        let visible = Memo::new(move |_| revealed.get() > k);
        move || {
            visible.get().then(|| {
                items.with_value(|(checked, items)| {
                    let Ok(report) = checked.0.as_ref() else {
                        return Vec::new();
                    };
                    items
                        .get(start..end)
                        .unwrap_or_default()
                        .iter()
                        .map(|f| {
                            let findings = f.iter().map(|&i| report.findings[i].clone()).collect();
                            view! { <FindingRow findings=findings/> }
                        })
                        .collect()
                })
            })
        }
    };
    let rows = chunks(total)
        .into_iter()
        .enumerate()
        .map(chunk)
        .collect_view();
    view! {
        <section class=format!("group sev-{}", severity.as_str()) data-testid=format!("group-{}", severity.as_str()) data-rows=total>
            <h2>{title} <span class="group-count">{findings}</span></h2>
            <ol class="finding-list">
                {rows}
            </ol>
            {move || (total > FIRST_PAGE && !show_all.get()).then(|| view! {
                <button type="button" class="show-all" on:click=move |_| show_all.set(true)>
                    {format!("Show all {total}")}
                </button>
            })}
        </section>
    }
    .into_any()
}

/// One finding, or the same finding in several tools (the first shown, the
/// others listed behind a toggle).
#[component]
fn FindingRow(findings: Vec<Finding>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let others: Vec<String> = findings
        .iter()
        .skip(1)
        .filter_map(|f| f.tool.as_deref().map(str::to_owned))
        .collect();
    let Some(finding) = findings.into_iter().next() else {
        return ().into_any();
    };
    let also = (!others.is_empty()).then(|| {
        let n = others.len() + 1;
        view! {
            <details class="also" data-testid="also-in">
                <summary>{format!("in {n} tools")}</summary>
                <ul class="also-tools">
                    {others.into_iter().map(|t| view! { <li class="tool">{t}</li> }).collect_view()}
                </ul>
            </details>
        }
    });
    let rule_id = finding.rule.id;
    let path = finding.path.clone();
    let sev = finding.severity;
    let key = format!("{rule_id}|{}", finding.path.pointer());
    // The worker says which findings have a fix it can make.
    let apply = {
        let path = finding.path.clone();
        move || {
            let has_fix = state
                .fixable
                .with(|f| f.iter().any(|(r, p)| *r == rule_id && *p == path));
            let path = path.clone();
            has_fix.then(|| {
                view! {
                    <button type="button" class="apply-fix" data-testid="apply-fix"
                        on:click=move |_| crate::components::fix::apply_one(&state, rule_id, &path)>
                        "Apply fix"
                    </button>
                }
            })
        }
    };
    view! {
        <li class=format!("finding sev-{}", sev.as_str()) data-testid="finding" data-rule=rule_id data-severity=sev.as_str() data-key=key>
            <div class="finding-head">
                <span class="sev-badge"><span aria-hidden="true">{icon(sev)}</span>" "{sev.as_str()}</span>
                {finding.tool.clone().map(|t| view! { <span class="tool" data-testid="finding-tool">{t}</span> })}
                <button type="button" class="rule-id" data-testid="rule-id" title="Open this rule's docs" on:click=move |_| state.docs_rule.set(Some(rule_id))>
                    {rule_id}
                </button>
            </div>
            <p class="message" data-testid="finding-message">{finding.message.clone()}</p>
            <button type="button" class="path" data-testid="finding-path" title="Select this spot in the input" on:click=move |_| state.select_path.set(Some(path.clone()))>
                {finding.path.to_string()}
            </button>
            <p class="explanation"><span class="label">"What goes wrong: "</span>{with_code_spans(&finding.explanation)}</p>
            <p class="fix"><span class="label">"Fix: "</span>{with_code_spans(&finding.help)}" "{apply}</p>
            {also}
        </li>
    }
    .into_any()
}
