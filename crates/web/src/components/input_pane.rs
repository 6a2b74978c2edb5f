//! The paste box, with line numbers, Load sample, Clear, and open-a-file or
//! drag-and-drop (read locally, never uploaded).

use leptos::html;
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast as _;

use crate::components::servers::ServerText;
use crate::{AppState, browser};

/// The input area.
#[component]
pub fn InputPane() -> impl IntoView {
    let state = expect_context::<AppState>();
    let input = state.input;
    let textarea: NodeRef<html::Textarea> = NodeRef::new();
    let gutter: NodeRef<html::Pre> = NodeRef::new();
    let file_input: NodeRef<html::Input> = NodeRef::new();
    let file_error = RwSignal::new(None::<String>);
    let dragging = RwSignal::new(false);

    // The gutter's text is rebuilt only when the number of lines changes.
    let line_count = Memo::new(move |_| input.with(|t| t.split('\n').count()).max(1));
    let line_numbers = Memo::new(move |_| {
        let lines = line_count.get();
        let mut out = String::with_capacity(lines * 5);
        for n in 1..=lines {
            out.push_str(&n.to_string());
            out.push('\n');
        }
        out
    });

    // One file replaces the text; several (or more while several are open)
    // become servers, each named by its file.
    let load_files = move |files: web_sys::FileList| {
        let files: Vec<web_sys::File> = (0..files.length()).filter_map(|i| files.get(i)).collect();
        spawn_local(async move {
            let mut read = Vec::new();
            for file in files {
                let name = file.name();
                // Read here, with the browser's FileReader: nothing leaves the page.
                match gloo_file::futures::read_as_text(&gloo_file::Blob::from(file)).await {
                    Ok(text) => read.push(ServerText {
                        name: name
                            .rsplit_once('.')
                            .map_or(name.as_str(), |(stem, _)| stem)
                            .to_owned(),
                        text,
                    }),
                    Err(_) => {
                        file_error.set(Some(format!("{name} could not be read as text")));
                        return;
                    }
                }
            }
            file_error.set(None);
            let open = state.servers.with_untracked(Vec::len);
            let several = read.len() >= 2 || (open > 0 && !read.is_empty());
            if !several {
                if let Some(first) = read.pop() {
                    state.set_text_now(first.text);
                }
                return;
            }
            let first = open;
            state.servers.update(|l| l.extend(read));
            let names: Vec<String> = state
                .servers
                .with_untracked(|l| l.iter().map(|s| s.name.clone()).collect());
            let unique = toolcheck::servers::unique_names(&names);
            state
                .servers
                .update(|l| l.iter_mut().zip(unique).for_each(|(s, n)| s.name = n));
            let text = state.servers.with_untracked(|l| l[first].text.clone());
            state.active_server.set(first);
            state.set_text_now(text);
        });
    };

    // Put the text in the box when it comes from elsewhere (the sample, Clear,
    // a file). Typed text is already there: writing a large value back on
    // every keystroke would copy it and lay the whole box out again.
    let typed = StoredValue::new(false);
    Effect::new(move |_| {
        input.track();
        let Some(el) = textarea.get() else { return };
        if typed.get_value() {
            typed.set_value(false);
            return;
        }
        input.with_untracked(|text| el.set_value(text));
    });

    // Select a finding's path in the text when asked.
    Effect::new(move |_| {
        let Some(path) = state.select_path.get() else {
            return;
        };
        let Some(el) = textarea.get() else { return };
        let text = input.get_untracked();
        if let Some(range) = toolcheck::locate::span(&text, &path) {
            let start = browser::utf16_offset(&text, range.start);
            let end = browser::utf16_offset(&text, range.end);
            let _ = el.focus();
            let _ = el.set_selection_range(start, end);
            // Scroll so the selection is visible: approximate by line.
            let line = text[..range.start].matches('\n').count();
            let line_height = 20.0;
            #[allow(clippy::cast_precision_loss)]
            el.set_scroll_top((line as f64 * line_height - 60.0).max(0.0) as i32);
        }
        state.select_path.set(None);
    });

    view! {
        <div class="toolbar" role="toolbar" aria-label="Input">
            <button type="button" data-testid="load-sample" on:click=move |_| state.set_text_now(toolcheck::sample::TOOLS.to_owned())>
                "Load sample"
            </button>
            <button type="button" data-testid="clear" on:click=move |_| state.set_text_now(String::new())>
                "Clear"
            </button>
            <button type="button" data-testid="open-file" on:click=move |_| {
                if let Some(el) = file_input.get() { el.click(); }
            }>
                "Open file…"
            </button>
            <input
                type="file"
                class="visually-hidden"
                accept=".json,.jsonl,.ndjson,.txt,application/json"
                multiple
                tabindex="-1"
                aria-hidden="true"
                node_ref=file_input
                on:change:target=move |ev| {
                    if let Some(files) = ev.target().files() {
                        load_files(files);
                    }
                    ev.target().set_value("");
                }
            />
            <label class="field check remember">
                <input
                    type="checkbox"
                    data-testid="remember-input"
                    prop:checked=move || state.remember_input.get()
                    on:change:target=move |ev| state.remember_input.set(ev.target().checked())
                />
                <span>"Remember my input in this browser"</span>
            </label>
        </div>
        {move || file_error.get().map(|e| view! { <p class="file-error" role="alert">{e}</p> })}
        <div
            class="editor"
            class:dragging=move || dragging.get()
            on:dragover=move |ev: web_sys::DragEvent| {
                ev.prevent_default();
                dragging.set(true);
            }
            on:dragleave=move |_| dragging.set(false)
            on:drop=move |ev: web_sys::DragEvent| {
                ev.prevent_default();
                dragging.set(false);
                if let Some(files) = ev.data_transfer().and_then(|d| d.files()) {
                    load_files(files);
                }
            }
        >
            <pre class="gutter" aria-hidden="true" node_ref=gutter>{move || line_numbers.get()}</pre>
            <textarea
                data-testid="input"
                aria-label="Paste a tools/list response, its result, tool definitions, or a JSON-RPC transcript"
                placeholder="Paste a tools/list response, OpenAI or Anthropic tools, or a JSON-RPC transcript. Or drop a file here."
                spellcheck="false"
                autocomplete="off"
                wrap="off"
                node_ref=textarea
                on:input:target=move |ev| {
                    typed.set_value(true);
                    input.set(ev.target().value());
                }
                on:scroll=move |ev| {
                    if let (Some(target), Some(g)) = (ev.target(), gutter.get())
                        && let Ok(t) = target.dyn_into::<web_sys::HtmlTextAreaElement>()
                    {
                        g.set_scroll_top(t.scroll_top());
                    }
                }
            ></textarea>
        </div>
    }
}
