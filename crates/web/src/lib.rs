//! The Toolcheck browser app: a thin Leptos shell over the core. Every
//! decision (checking, rendering the report, rule docs) comes from the
//! `toolcheck` crate; this crate only wires it to the page.

mod browser;
mod components;

use std::sync::Arc;
use std::time::Duration;

use leptos::prelude::*;
use toolcheck::{InputError, Report, Settings};

use components::findings::Findings;
use components::input_pane::InputPane;
use components::metrics::Metrics;
use components::report_actions::ReportActions;
use components::result_panel::ResultPanel;
use components::rule_docs::RuleDocs;
use components::settings_bar::SettingsBar;
use components::summary::Summary;

pub use browser::forbid_connections;

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
}

/// How long typing must pause before the text is checked again.
const DEBOUNCE: Duration = Duration::from_millis(150);

impl AppState {
    /// Replaces the text and checks it at once (Load sample, Clear, open file).
    pub fn set_text_now(&self, text: String) {
        self.input.set(text.clone());
        self.checked_input.set(text);
    }
}

/// Checks `text`, between performance marks.
fn run_check(text: &str, settings: &Settings) -> Checked {
    browser::mark("tc-check-start");
    let result = toolcheck::check(text, settings);
    browser::mark("tc-check-end");
    Checked(Arc::new(result))
}

/// The app.
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
    // Check again when the text to check or the settings change. The findings
    // are put on screen in a task of their own, so that checking and
    // rendering are two shorter tasks on the typing path, not one long one.
    Effect::new(move |first: Option<()>| {
        let settings = settings.get();
        let result = checked_input.with(|text| first.map(|()| run_check(text, &settings)));
        if let Some(result) = result {
            set_timeout(move || checked.set(result), Duration::ZERO);
        }
    });
    let state = AppState {
        input,
        checked_input,
        settings,
        checked,
        docs_rule: RwSignal::new(None),
        select_path: RwSignal::new(None),
        remember_input: RwSignal::new(remember_input),
    };
    provide_context(state);

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
        let handle = set_timeout_with_handle(move || checked_input.set(text), DEBOUNCE).ok();
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
                <Summary/>
                <ReportActions/>
                <Metrics/>
                <Findings/>
                <ResultPanel/>
            </section>
        </main>
        <RuleDocs/>
    }
}
