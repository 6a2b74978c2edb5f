//! The Toolcheck browser app: a thin Leptos shell over the core. Every
//! decision (checking, rendering the report, rule docs) comes from the
//! `toolcheck` crate; this crate only wires it to the page.

mod browser;
mod components;
mod worker;

use std::sync::Arc;
use std::time::Duration;

use leptos::prelude::*;
use toolcheck::{Checking, InputError, Report, Settings};

use components::cases::TestCases;
use components::compat::CompatibilityPanel;
use components::findings::Findings;
use components::fix::FixBar;
use components::input_pane::InputPane;
use components::metrics::{Metrics, ToolCosts};
use components::report_actions::ReportActions;
use components::result_panel::ResultPanel;
use components::rule_docs::RuleDocs;
use components::servers::{ServerText, ServersPanel};
use components::settings_bar::SettingsBar;
use components::summary::Summary;

pub use browser::forbid_connections;
pub use worker::prefetch as prefetch_worker;

/// The outcome of checking the current text, compared by identity so every
/// new check notifies the page.
#[derive(Clone)]
pub struct Checked(pub Arc<Result<Report, InputError>>);

impl PartialEq for Checked {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// State shared by the components.
#[derive(Clone, Copy)]
pub struct AppState {
    /// The text in the paste box, updated on every keystroke.
    pub input: RwSignal<String>,
    /// The text last sent to the checker (debounced).
    pub checked_input: RwSignal<String>,
    /// The settings.
    pub settings: RwSignal<Settings>,
    /// The check of `checked_input` under `settings`.
    pub checked: RwSignal<Checked>,
    /// The rule whose docs are open, if any.
    pub docs_rule: RwSignal<Option<&'static str>>,
    /// A request to select a path's text in the paste box.
    pub select_path: RwSignal<Option<toolcheck::Path>>,
    /// Whether the pasted text is remembered in this browser.
    pub remember_input: RwSignal<bool>,
    /// The servers opened together (none, or two and more); the paste box
    /// holds the one at `active_server`.
    pub servers: RwSignal<Vec<ServerText>>,
    /// Which of `servers` the paste box holds.
    pub active_server: RwSignal<usize>,
    /// While the worker checks the current text: how many schemas it
    /// validates. `None` once its findings are in the report.
    pub pending: RwSignal<Option<usize>>,
    /// Why the worker could not start, if it could not: the report then
    /// lacks the checks it makes.
    pub worker_failed: RwSignal<Option<String>>,
    /// The findings of the current check that have a fix Toolcheck can make:
    /// their rule's id and path (the worker knows).
    pub fixable: RwSignal<Vec<(&'static str, toolcheck::Path)>>,
    /// The fix runs Undo can take back, the last one last.
    pub undo: RwSignal<Vec<components::fix::Step>>,
    /// The preview of the last fix run, as HTML from the core.
    pub fix_preview: RwSignal<String>,
    /// What the last fix run did, or why it did nothing.
    pub fix_status: RwSignal<String>,
    /// The worker's findings of each server, when several are open.
    pub server_extras: RwSignal<Vec<Option<components::servers::ServerExtra>>>,
    /// The last compatibility table the worker made, with the text and the
    /// settings it was made for.
    pub compat: RwSignal<Option<components::compat::CachedTable>>,
}

/// How long typing must pause before the text is checked again.
const DEBOUNCE: Duration = Duration::from_millis(150);

impl AppState {
    /// Replaces the text and checks it at once (Load sample, Clear, open file).
    ///
    /// The check starts in a task of its own, so the box (or a large
    /// capture's notice) is painted first.
    pub fn set_text_now(&self, text: String) {
        self.input.set(text.clone());
        let checked_input = self.checked_input;
        set_timeout(move || checked_input.set(text), Duration::ZERO);
    }
}

/// The largest text whose check asks the worker which findings have a fix:
/// building every fix of a very large list costs the worker memory and time.
const FIXABLE_MAX: usize = 2_000_000;

/// The largest text whose request to the worker goes out in the task that
/// puts the page's findings on screen: copying a larger one into the
/// request takes tens of milliseconds more.
const LARGE_ASK: usize = 2_000_000;

/// Asks the worker for the findings this module cannot make (the meta-schema
/// check) on the text just checked, and adds them to the report when they
/// come, if no newer check started meanwhile. Until then the page shows that
/// the schemas are being validated.
fn ask_worker(
    state: AppState,
    check_id: u64,
    generation: StoredValue<u64>,
    text: String,
    settings: Settings,
) {
    let schemas = state
        .checked
        .with_untracked(|c| c.0.as_ref().as_ref().map_or(0, Report::schema_count));
    let settings = Settings {
        fixes: text.len() <= FIXABLE_MAX,
        ..settings
    };
    state.fixable.set(Vec::new());
    state.pending.set(Some(schemas));
    let asked = worker::ask(
        |id| toolcheck::wire::Request::Check { id, text, settings },
        move |response| {
            if generation.get_value() != check_id {
                return;
            }
            browser::mark("tc-final");
            if let toolcheck::wire::Response::Check {
                findings: Ok(found),
                fixable,
                ..
            } = response
            {
                state.fixable.set(
                    fixable
                        .into_iter()
                        .filter_map(|(rule, steps)| {
                            toolcheck::catalog::rule(&rule)
                                .map(|r| (r.id, toolcheck::wire::path(&steps)))
                        })
                        .collect(),
                );
                let extra: Vec<toolcheck::Finding> = found
                    .into_iter()
                    .filter_map(toolcheck::wire::WireFinding::into_finding)
                    .collect();
                if !extra.is_empty() {
                    let merged = state
                        .checked
                        .with_untracked(|c| c.0.as_ref().as_ref().ok().cloned());
                    if let Some(mut report) = merged {
                        report.add_findings(extra);
                        browser::keep_in_view(move || {
                            state.checked.set(Checked(Arc::new(Ok(report))))
                        });
                    }
                }
            }
            state.pending.set(None);
        },
    );
    if !asked {
        state.pending.set(None);
    }
}

/// Checks `text` in one go, between performance marks.
fn run_check(text: &str, settings: &Settings) -> Checked {
    browser::mark("tc-check-start");
    let result = toolcheck::check(text, settings);
    browser::mark("tc-check-end");
    Checked(Arc::new(result))
}

/// How long one task of a check may run before it lets the page handle
/// input and paint. One step (the rules over 128 tools, or one rule over the
/// whole list) can run longer on a very large list.
const SLICE_MS: f64 = 40.0;

/// Runs the rules of `checking` a slice at a time, each slice in a task of its
/// own, and puts the report in `checked` in one more task. Stops without a
/// report as soon as `generation` moves past `check_id`, the generation this
/// check started as (a newer check started).
fn run_slices(
    mut checking: Checking,
    check_id: u64,
    generation: StoredValue<u64>,
    state: AppState,
    asked: (String, Settings),
) {
    let checked = state.checked;
    set_timeout(
        move || {
            if generation.get_value() != check_id {
                return;
            }
            let start = browser::now();
            browser::mark("tc-slice-start");
            while checking.step() {
                if browser::now() - start > SLICE_MS {
                    browser::mark("tc-slice-end");
                    run_slices(checking, check_id, generation, state, asked);
                    return;
                }
            }
            browser::mark("tc-slice-end");
            browser::mark("tc-finish-start");
            let report = checking.finish();
            browser::mark("tc-check-end");
            set_timeout(
                move || {
                    if generation.get_value() == check_id {
                        browser::mark("tc-render-start");
                        checked.set(Checked(Arc::new(Ok(report))));
                        // The request to the worker in the same task, so the
                        // worker checks while the page draws the rows (its
                        // answer finds this check's report in place); for a
                        // large text, whose copy alone is a long task, in a
                        // task after the findings' first rows.
                        let (text, settings) = asked;
                        let large = text.len() > LARGE_ASK;
                        let ask = move || {
                            if generation.get_value() == check_id {
                                ask_worker(state, check_id, generation, text, settings);
                            }
                        };
                        if large {
                            set_timeout(ask, Duration::ZERO);
                        } else {
                            ask();
                        }
                    }
                },
                Duration::ZERO,
            );
        },
        Duration::ZERO,
    );
}

/// The app.
/// The footer: the guides, served beside the page (`docs/`), where they
/// explain what the page shows. Static HTML, the cheapest form for the
/// page's module; each opens in a new tab (which implies `noopener`), so
/// the pasted text stays.
const FOOTER: &str = r#"Guides: <a href="docs/page.md" target="_blank">the page</a> · <a href="docs/security.md" target="_blank">security</a> · <a href="docs/providers-and-clients.md" target="_blank">providers and clients</a> · <a href="docs/cli.md" target="_blank">the command line</a> · <a href="docs/README.md" target="_blank">all guides</a>"#;

#[component]
pub fn App() -> impl IntoView {
    let remember_input = browser::load_remember_input();
    let initial = if remember_input {
        browser::load_input().unwrap_or_else(|| toolcheck::sample::TOOLS.to_owned())
    } else {
        toolcheck::sample::TOOLS.to_owned()
    };
    let input = RwSignal::new(initial.clone());
    let checked_input = RwSignal::new(initial);
    let settings = RwSignal::new(browser::load_settings());
    let checked = RwSignal::new(run_check(
        &checked_input.read_untracked(),
        &settings.read_untracked(),
    ));
    let servers = RwSignal::new(Vec::<ServerText>::new());
    let state = AppState {
        input,
        checked_input,
        settings,
        checked,
        docs_rule: RwSignal::new(None),
        select_path: RwSignal::new(None),
        remember_input: RwSignal::new(remember_input),
        servers,
        active_server: RwSignal::new(0),
        pending: RwSignal::new(None),
        worker_failed: RwSignal::new(None),
        fixable: RwSignal::new(Vec::new()),
        undo: RwSignal::new(Vec::new()),
        fix_preview: RwSignal::new(String::new()),
        fix_status: RwSignal::new(String::new()),
        server_extras: RwSignal::new(Vec::new()),
        compat: RwSignal::new(None),
    };
    provide_context(state);
    // The worker starts once its script and module are here; the first
    // check's findings are on screen before.
    worker::start(move |why| {
        state.pending.set(None);
        state.worker_failed.set(Some(why));
    });
    // Check again when the text to check or the settings change. Parsing is
    // one task; the rules run a slice at a time in the tasks after it, so the
    // page keeps answering keystrokes during a long check, and a newer check
    // stops an older one. The findings go on screen in a task of their own.
    let generation = StoredValue::new(0_u64);
    if checked.with_untracked(|c| c.0.is_ok()) {
        ask_worker(
            state,
            0,
            generation,
            checked_input.get_untracked(),
            settings.get_untracked(),
        );
    }
    Effect::new(move |first: Option<()>| {
        let settings = settings.get();
        let started = checked_input.with(|text| {
            first.map(|()| {
                browser::mark("tc-check-start");
                let started = Checking::new(text, &settings);
                browser::mark("tc-parsed");
                (started, text.clone())
            })
        });
        let Some((started, text)) = started else {
            return;
        };
        let check_id = generation.get_value().wrapping_add(1);
        generation.set_value(check_id);
        match started {
            Ok(checking) => run_slices(checking, check_id, generation, state, (text, settings)),
            Err(e) => {
                browser::mark("tc-check-end");
                state.pending.set(None);
                state.fixable.set(Vec::new());
                set_timeout(
                    move || checked.set(Checked(Arc::new(Err(e)))),
                    Duration::ZERO,
                );
            }
        }
    });

    // With several servers open, the worker checks each one's capture too.
    Effect::new(move |_| components::servers::ask_for_servers(state));

    // The text checked is the shown server's capture.
    Effect::new(move |_| {
        let text = checked_input.get();
        let i = state.active_server.get_untracked();
        let changed = servers.with_untracked(|l| l.get(i).is_some_and(|s| s.text != text));
        if changed {
            servers.update(|l| l[i].text = text);
        }
    });

    // Debounce: check the text once typing pauses.
    let pending: StoredValue<Option<TimeoutHandle>> = StoredValue::new(None);
    Effect::new(move |_| {
        let text = input.get();
        if text == checked_input.get_untracked() {
            return;
        }
        if let Some(handle) = pending.get_value() {
            handle.clear();
        }
        let handle = set_timeout_with_handle(
            move || {
                // Set meanwhile by set_text_now: already checked.
                if checked_input.with_untracked(|c| *c != text) {
                    checked_input.set(text);
                }
            },
            DEBOUNCE,
        )
        .ok();
        pending.set_value(handle);
    });

    // localStorage holds the settings, and the text only when the user opts in.
    Effect::new(move |_| browser::save_settings(&settings.get()));
    Effect::new(move |_| {
        let remember = state.remember_input.get();
        browser::save_remember_input(remember);
        if remember {
            browser::save_input(&checked_input.get());
        } else {
            browser::forget_input();
        }
    });

    // Mark when findings for a new check are on screen.
    Effect::new(move |_| {
        checked.track();
        request_animation_frame(|| browser::mark("tc-findings-rendered"));
    });

    view! {
        <header class="masthead">
            <div class="brand">
                <h1>"Toolcheck"</h1>
                <p class="tagline">"Check MCP tool schemas before an agent calls them"</p>
            </div>
            <p class="privacy" data-testid="privacy">
                "Runs entirely in your browser: this page is not allowed to make network connections, so pasted definitions never leave it."
            </p>
        </header>
        <main class="layout">
            <section class="pane input-pane" aria-label="Tool definitions">
                <SettingsBar/>
                <InputPane/>
            </section>
            <section class="pane results-pane" aria-label="Findings">
                <ServersPanel/>
                <Summary/>
                <ReportActions/>
                <FixBar/>
                <Metrics/>
                <ToolCosts/>
                <CompatibilityPanel/>
                <Findings/>
                <TestCases/>
                <ResultPanel/>
            </section>
        </main>
        <footer class="site-footer" inner_html=FOOTER></footer>
        <RuleDocs/>
    }
}
