//! "Which clients take each tool": the compatibility table, made by the
//! page's worker when the panel is opened or a report is exported (so it
//! adds nothing to the first findings).

use std::sync::Arc;

use leptos::prelude::*;
use toolcheck::Settings;
use toolcheck::clients::{Client, Clients};
use toolcheck::compat::{Compatibility, Verdict};

use crate::AppState;

/// A table the worker made, and what it was made for.
#[derive(Clone)]
pub struct CachedTable {
    text: Arc<str>,
    settings: Settings,
    table: Arc<Compatibility>,
}

/// The table for the text on screen and its settings, if the worker has made
/// it: the panel and the Markdown report both take it here.
pub fn table_for(state: &AppState) -> Option<Arc<Compatibility>> {
    let made = state.compat.get()?;
    let settings = state.settings.get_untracked();
    let same =
        made.settings == settings && state.checked_input.with_untracked(|t| *t == *made.text);
    same.then_some(made.table)
}

/// Calls `then` with the table of the text on screen: at once when the
/// worker has made it, or once it has (with `None` if it cannot: no worker,
/// or a text that does not parse). The page's module has neither the
/// provider rules nor the clients' rules, so the worker makes the table.
pub fn with_table(state: AppState, then: impl FnOnce(Option<Arc<Compatibility>>) + 'static) {
    if let Some(table) = untrack(|| table_for(&state)) {
        then(Some(table));
        return;
    }
    let text: Arc<str> = state.checked_input.get_untracked().into();
    let settings = state.settings.get_untracked();
    let then = std::rc::Rc::new(std::cell::RefCell::new(Some(then)));
    let failed = then.clone();
    let asked = crate::worker::ask(
        {
            let (text, settings) = (text.to_string(), settings.clone());
            move |id| toolcheck::wire::Request::Compatibility { id, text, settings }
        },
        move |response| {
            let table = match response {
                toolcheck::wire::Response::Compatibility {
                    table: Ok(table), ..
                } => Some(Arc::new(table.into_table())),
                _ => None,
            };
            if let Some(table) = &table {
                state.compat.set(Some(CachedTable {
                    text,
                    settings,
                    table: table.clone(),
                }));
            }
            if let Some(then) = then.borrow_mut().take() {
                then(table);
            }
        },
    );
    if !asked && let Some(then) = failed.borrow_mut().take() {
        then(None);
    }
}

/// The compatibility panel: the API view, or the client view with the
/// clients the user picks. The page writes the table's HTML
/// ([`table_html`]), escaping the tool names.
#[component]
pub fn CompatibilityPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let open = RwSignal::new(false);
    let only_problems = RwSignal::new(false);
    let by_client = RwSignal::new(false);
    let shown = RwSignal::new(Clients::all());
    // While the panel is open, each new check asks the worker for its table.
    Effect::new(move |_| {
        state.checked.track();
        if open.get() {
            with_table(state, |_| ());
        }
    });
    let html = move || {
        if !open.get() {
            return String::new();
        }
        let only = only_problems.get();
        let clients = by_client.get().then(|| shown.get());
        table_for(&state).map_or_else(
            || "<p class=\"muted\" data-testid=\"compat-waiting\">Making the table…</p>".to_owned(),
            |t| table_html(&t, only, clients),
        )
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

/// The table as an HTML `<table>` for the page, with only the tools that
/// have problems when `only_problems`: the API view, or with `clients` the
/// client view with those clients' columns. Every piece of pasted text (tool
/// names) is escaped, so it cannot add markup.
#[must_use]
fn table_html(table: &Compatibility, only_problems: bool, clients: Option<Clients>) -> String {
    use std::fmt::Write as _;
    let escape = toolcheck::report::escape_html;
    let mut out = String::from("<table><thead><tr><th scope=\"col\">Tool</th>");
    let columns: Vec<(usize, &str)> = match clients {
        None => table
            .targets
            .iter()
            .map(|t| t.label())
            .enumerate()
            .collect(),
        Some(shown) => table
            .clients
            .iter()
            .enumerate()
            .filter(|(_, c)| shown.contains(**c))
            .map(|(i, c)| (i, c.label()))
            .collect(),
    };
    for (_, label) in &columns {
        let _ = write!(out, "<th scope=\"col\">{label}</th>");
    }
    out.push_str("</tr></thead><tbody>");
    for row in &table.rows {
        let cells = if clients.is_some() {
            &row.clients
        } else {
            &row.cells
        };
        if only_problems
            && columns
                .iter()
                .all(|(i, _)| cells[*i].verdict == Verdict::Works)
        {
            continue;
        }
        let _ = write!(
            out,
            "<tr data-testid=\"compat-row\"><th scope=\"row\"><code>{}</code></th>",
            escape(&row.label())
        );
        for (i, _) in &columns {
            let cell = &cells[*i];
            let verdict = cell.verdict.word();
            let _ = write!(
                out,
                "<td class=\"cell\" data-verdict=\"{}\">{verdict}<small>{}</small></td>",
                verdict.replace(' ', "-"),
                cell.rules.join(", ")
            );
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_escapes_tool_names() {
        let text = r#"{"tools": [{"name": "<img src=x onerror=alert(1)>\"'&", "inputSchema": {"type": "object"}}]}"#;
        let report = toolcheck::check(text, &toolcheck::Settings::default()).unwrap();
        let table = toolcheck::checking::compatibility(text, &report).unwrap();
        let html = table_html(&table, false, None);
        assert!(
            html.contains("<code>&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;</code>"),
            "{html}"
        );
        assert!(!html.contains("<img"), "{html}");
        assert_eq!(html.matches("data-testid=\"compat-row\"").count(), 1);
    }
}
