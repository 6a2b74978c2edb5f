//! Several servers at once: open or drop several captures and each becomes a
//! named server (the name comes from the file and can be edited). The paste
//! box holds one server at a time; the table lists every server with its
//! tools, tokens and findings, and the findings about the combination
//! (the same tool name on two servers, names that collide or grow too long
//! in a host, near-duplicates, the budget) come from the core's
//! `check_servers`. The page cannot start servers: it says so.

use std::sync::Arc;

use leptos::prelude::*;
use toolcheck::servers::{Capture, ServerInput, Servers};

use crate::components::code_spans::with_code_spans;
use crate::components::summary::icon;
use crate::{AppState, worker};

/// One server: its name and its capture's text.
#[derive(Clone, PartialEq, Eq)]
pub struct ServerText {
    /// The name the client knows it by (from the file, editable).
    pub name: String,
    /// Its capture.
    pub text: String,
}

/// The check of every server together, and whether the worker's findings
/// of some server are still to come.
pub struct ServersChecked(pub Arc<Servers>, pub bool);

/// What the worker found in one server's capture that this module cannot
/// find (the meta-schema check), with the key of the text and settings it
/// checked.
#[derive(Clone, PartialEq)]
pub struct ServerExtra {
    key: u64,
    findings: Vec<toolcheck::wire::WireFinding>,
}

/// The key of a capture's text under some settings.
fn key(text: &str, settings: &toolcheck::Settings) -> u64 {
    use std::hash::{Hash as _, Hasher as _};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    format!("{settings:?}").hash(&mut h);
    h.finish()
}

/// Asks the worker to check each server's capture whose findings it has not
/// given for this text and these settings (called in an effect).
pub fn ask_for_servers(state: AppState) {
    let settings = state.settings.get();
    let list = state.servers.get();
    if list.len() < 2 {
        return;
    }
    state.server_extras.update(|e| e.resize(list.len(), None));
    for (i, server) in list.into_iter().enumerate() {
        let wanted = key(&server.text, &settings);
        let have = state
            .server_extras
            .with_untracked(|e| e.get(i).and_then(|x| x.as_ref().map(|x| x.key)));
        if have == Some(wanted) {
            continue;
        }
        let settings = settings.clone();
        worker::ask(
            move |id| toolcheck::wire::Request::Check {
                id,
                text: server.text,
                settings,
            },
            move |response| {
                if let toolcheck::wire::Response::Check { findings, .. } = response {
                    state.server_extras.update(|e| {
                        if let Some(slot) = e.get_mut(i) {
                            *slot = Some(ServerExtra {
                                key: wanted,
                                findings: findings.unwrap_or_default(),
                            });
                        }
                    });
                }
            },
        );
    }
}

/// The check of every server together, when there are two or more (read
/// inside a reactive closure, it runs again when the servers or the
/// settings change), with the worker's findings for each server once they
/// are in. The second value says whether some are still to come.
pub fn checked_servers(state: &AppState) -> Option<ServersChecked> {
    let settings = state.settings.get();
    let extras = state.server_extras.get();
    state.servers.with(|list| {
        (list.len() >= 2).then(|| {
            let inputs: Vec<ServerInput<'_>> = list
                .iter()
                .map(|s| ServerInput {
                    name: s.name.clone(),
                    capture: Capture::Text(&s.text),
                })
                .collect();
            let mut all = toolcheck::checking::check_servers(&inputs, &settings);
            let mut pending = false;
            for (i, server) in list.iter().enumerate() {
                let extra = extras
                    .get(i)
                    .and_then(Option::as_ref)
                    .filter(|x| x.key == key(&server.text, &settings));
                match (extra, all.servers.get_mut(i).map(|s| &mut s.checked)) {
                    (Some(extra), Some(Ok(report))) => report.add_findings(
                        extra
                            .findings
                            .iter()
                            .cloned()
                            .filter_map(toolcheck::wire::WireFinding::into_finding),
                    ),
                    (None, Some(Ok(_))) => pending = true,
                    _ => {}
                }
            }
            all.recount();
            ServersChecked(Arc::new(all), pending)
        })
    })
}

/// Shows server `i` in the paste box.
fn show(state: AppState, i: usize) {
    let text = state
        .servers
        .with_untracked(|l| l.get(i).map(|s| s.text.clone()));
    if let Some(text) = text {
        state.active_server.set(i);
        state.set_text_now(text);
    }
}

/// The servers table and the findings about the combination.
#[component]
pub fn ServersPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    move || {
        let Some(ServersChecked(all, pending)) = checked_servers(&state) else {
            return ().into_any();
        };
        let active = state.active_server.get();
        let rows = all
            .servers
            .iter()
            .zip(all.shares())
            .enumerate()
            .map(|(i, (server, (_, tokens, share)))| {
                let (tools, counts) = match &server.checked {
                    Ok(r) => (r.tools.len().to_string(), r.counts.summary()),
                    Err(e) => ("-".to_owned(), format!("not checked: {e}")),
                };
                let name = state.servers.with_untracked(|l| l.get(i).map(|s| s.name.clone()).unwrap_or_default());
                view! {
                    <tr data-testid="server-row" class:active=i == active>
                        <td>
                            <input type="text" class="server-name" data-testid="server-name" aria-label="Server name"
                                prop:value=name
                                on:change:target=move |ev| {
                                    let name = ev.target().value();
                                    state.servers.update(|l| if let Some(s) = l.get_mut(i) { s.name = name; });
                                }/>
                        </td>
                        <td class="num">{tools}</td>
                        <td class="num">{format!("{tokens} ({share})")}</td>
                        <td>{counts}</td>
                        <td>
                            <button type="button" data-testid="show-server" disabled=i == active on:click=move |_| show(state, i)>
                                {if i == active { "Shown" } else { "Show" }}
                            </button>
                        </td>
                    </tr>
                }
            })
            .collect_view();
        let across = all
            .across
            .iter()
            .map(|a| {
                let f = &a.finding;
                let server = a.server.map_or_else(|| "all servers".to_owned(), |s| all.servers[s].name.clone());
                let place = match &f.tool {
                    Some(tool) => format!("{server} · {tool}"),
                    None => server,
                };
                let rule = f.rule.id;
                let elsewhere = a.elsewhere.as_ref().map(|e| {
                    format!("and {} · {}", all.servers[e.server].name, e.path)
                });
                view! {
                    <li class=format!("finding sev-{}", f.severity.as_str()) data-testid="across-finding" data-rule=rule>
                        <div class="finding-head">
                            <span class="sev-icon" aria-hidden="true">{icon(f.severity)}</span>
                            <button type="button" class="rule-id" on:click=move |_| state.docs_rule.set(Some(rule))>{rule}</button>
                            <span class="tool">{place}</span>
                        </div>
                        <p class="message">{with_code_spans(&f.message)}</p>
                        <p class="path"><code>{f.path.to_string()}</code>{elsewhere.map(|e| view! { " " <code>{e}</code> })}</p>
                        <p class="why"><strong>"What goes wrong: "</strong>{with_code_spans(&f.explanation)}</p>
                        <p class="fix"><strong>"Fix: "</strong>{with_code_spans(&f.help)}</p>
                    </li>
                }
            })
            .collect_view();
        view! {
            <section class="servers" data-testid="servers" aria-label="Servers">
                <h2>{format!("{} servers", all.servers.len())}</h2>
                <p class="servers-summary" data-testid="servers-summary">{all.summary_line()}" · "{all.counts.summary()}</p>
                {pending.then(|| view! {
                    <p class="pending" role="status" data-testid="servers-pending">"Validating the schemas against their meta-schemas…"</p>
                })}
                <table>
                    <thead><tr>
                        <th scope="col">"Server"</th><th scope="col">"Tools"</th><th scope="col">"Tokens"</th>
                        <th scope="col">"Findings"</th><th scope="col"><span class="visually-hidden">"Actions"</span></th>
                    </tr></thead>
                    <tbody>{rows}</tbody>
                </table>
                <button type="button" data-testid="one-capture" on:click=move |_| {
                    // Back to one capture: the one shown stays in the box.
                    state.servers.set(Vec::new());
                    state.active_server.set(0);
                }>"Check one capture only"</button>
                <p class="note">"This page cannot start servers. Capture each one with " <code>"toolcheck capture"</code>
                    " and open the captures together, or check a client config with " <code>"toolcheck check --mcp-config FILE"</code> "."</p>
                <h3 data-testid="across-title">{format!("Across servers ({})", all.across.len())}</h3>
                <ul class="findings-list">{across}</ul>
            </section>
        }
        .into_any()
    }
}
