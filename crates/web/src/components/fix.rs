//! Fix: apply every fix the rules know (safe ones, or unsafe ones too) to
//! the text in the box, with a preview of each change, Undo, and the fixed
//! text to copy or download. "Apply fix" on one finding goes through here
//! too. The fixes and the preview's HTML come from the core, in the page's
//! worker: the page stays responsive while a large list is fixed.

use leptos::prelude::*;
use leptos::task::spawn_local;
use toolcheck::wire::{Request, Response, WireFixed};

use crate::{AppState, browser, worker};

/// One fix run on the page: the text before it, and after it.
#[derive(Clone)]
pub struct Step {
    before: String,
    after: String,
}

/// Puts a fix run's text in the box (checked at once) and its preview on
/// screen, and remembers the text before it for Undo.
fn show(state: &AppState, before: String, fixed: WireFixed) {
    state.fix_preview.set(fixed.preview_html);
    if !fixed.changed {
        return;
    }
    remember(state, before, fixed.text.clone());
    state.set_text_now(fixed.text);
}

/// Remembers a change the page made to the box (a fix run, or a paste it
/// put there), for Undo and Ctrl+Z: the last 16, as each holds two copies of
/// the text.
pub fn remember(state: &AppState, before: String, after: String) {
    state.undo.update(|u| {
        if u.len() == 16 {
            u.remove(0);
        }
        u.push(Step { before, after });
    });
}

/// Asks the worker to fix the text in the box (every fix, or the one of the
/// finding `only` names), and shows the run. `status` hears what happened.
fn run(
    state: AppState,
    unsafe_fixes: bool,
    only: Option<(String, toolcheck::Path)>,
    status: RwSignal<String>,
) {
    let text = state.checked_input.get_untracked();
    let settings = state.settings.get_untracked();
    status.set("Fixing…".into());
    let before = text.clone();
    let asked = worker::ask(
        |id| Request::Fix {
            id,
            text,
            settings,
            unsafe_fixes,
            only: only.map(|(rule, path)| (rule, toolcheck::wire::steps(&path))),
        },
        move |response| {
            // The box changed while the worker fixed: that text is not the
            // one fixed, so the run is not applied.
            if state.checked_input.with_untracked(|t| *t != before) {
                status.set("The text changed meanwhile; press Fix again".into());
                return;
            }
            match response {
                Response::Fix {
                    fixed: Ok(fixed), ..
                } => {
                    status.set(String::new());
                    show(&state, before, fixed);
                }
                Response::Fix { fixed: Err(e), .. } => status.set(format!("Nothing to fix: {e}")),
                _ => {}
            }
        },
    );
    if !asked {
        status.set("Fixes are not available: the page's worker did not start".into());
    }
}

/// Applies the fix of the finding of `rule` at `path` (the page's "Apply fix").
pub fn apply_one(state: &AppState, rule: &str, path: &toolcheck::Path) {
    run(
        *state,
        true,
        Some((rule.to_owned(), path.clone())),
        state.fix_status,
    );
}

/// Brings back the text before the last fix, if the box still holds what
/// that fix wrote. `false` when there is nothing to undo.
pub fn undo(state: &AppState) -> bool {
    let Some(step) = state.undo.with_untracked(|u| u.last().cloned()) else {
        return false;
    };
    if state.input.with_untracked(|t| *t != step.after) {
        return false;
    }
    state.undo.update(|u| {
        u.pop();
    });
    state.fix_preview.set(String::new());
    state.set_text_now(step.before);
    true
}

/// The Fix buttons and the preview.
#[component]
pub fn FixBar() -> impl IntoView {
    let state = expect_context::<AppState>();
    let include_unsafe = RwSignal::new(false);
    let status = state.fix_status;
    let fix_all = move |_| run(state, include_unsafe.get_untracked(), None, status);
    // Ctrl+Z (or Cmd+Z) undoes a fix, or a paste the page put in the box,
    // while the box holds what it wrote; any other time it is the text box's
    // own undo.
    let listener = window_event_listener(leptos::ev::keydown, move |ev| {
        if (ev.ctrl_key() || ev.meta_key())
            && !ev.shift_key()
            && ev.key().eq_ignore_ascii_case("z")
            && undo(&state)
        {
            ev.prevent_default();
        }
    });
    on_cleanup(move || listener.remove());
    let can_undo = move || {
        state.undo.with(|u| {
            u.last()
                .is_some_and(|s| state.input.with(|t| *t == s.after))
        })
    };
    let not_json = move || state.checked.with(|c| c.0.is_err());
    view! {
        <div class="fix-actions" role="group" aria-label="Fixes">
            <button type="button" data-testid="fix-all" disabled=not_json on:click=fix_all>"Fix"</button>
            <label class="field check">
                <input type="checkbox" data-testid="fix-unsafe" on:change:target=move |ev| include_unsafe.set(ev.target().checked())/>
                <span>"include unsafe fixes"</span>
            </label>
            <button type="button" data-testid="undo-fix" disabled=move || !can_undo() on:click=move |_| { undo(&state); }>"Undo"</button>
            <button type="button" data-testid="copy-fixed" disabled=not_json on:click=move |_| {
                let text = state.input.get_untracked();
                spawn_local(async move {
                    let ok = browser::copy_text(&text).await;
                    status.set(if ok { "Fixed JSON copied".into() } else { "Copy failed: your browser blocked clipboard access".into() });
                });
            }>"Copy fixed"</button>
            <button type="button" data-testid="download-fixed" disabled=not_json on:click=move |_| {
                browser::download("tools.fixed.json", &state.input.get_untracked(), "application/json");
                status.set("Fixed JSON downloaded".into());
            }>"Download fixed JSON"</button>
            <span class="status" role="status" aria-live="polite" data-testid="fix-status">{move || status.get()}</span>
        </div>
        <div class="fix-preview" data-testid="fix-preview" inner_html=move || state.fix_preview.get()></div>
    }
}
