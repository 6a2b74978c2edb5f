//! The paste box, with line numbers, Load sample, Clear, and open-a-file or
//! drag-and-drop (read locally, never uploaded).

use leptos::html;
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast as _;

use crate::components::servers::ServerText;
use crate::{AppState, browser};

/// The size from which a capture is not laid out in the text box: a browser
/// takes about a second to shape and lay out 6 MB of text in a textarea (a
/// Chromium trace of the generated 5,000-tool list: 572 ms of layout, most of
/// it text shaping, in one task), during which the page cannot answer.
const LARGE: usize = 2_000_000;

/// Lines of context shown around a finding's place in a large capture.
const CONTEXT_LINES: usize = 3;

/// `text` as a short size: `6.2 MB`.
fn size(bytes: usize) -> String {
    #[allow(clippy::cast_precision_loss)]
    let mb = bytes as f64 / 1_000_000.0;
    format!("{mb:.1} MB")
}

/// The lines around byte `at` of `text`, numbered, for a large capture's
/// finding: `(line number of the first, the lines)`.
fn excerpt(text: &str, at: usize) -> (usize, String) {
    let at = at.min(text.len());
    let line = text.as_bytes()[..at]
        .iter()
        .filter(|b| **b == b'\n')
        .count();
    let first = line.saturating_sub(CONTEXT_LINES);
    let lines: Vec<&str> = text
        .split('\n')
        .skip(first)
        .take(2 * CONTEXT_LINES + 1)
        .collect();
    let shown = lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let l: String = l.chars().take(200).collect();
            format!("{:>7}  {l}", first + i + 1)
        })
        .collect::<Vec<_>>()
        .join("\n");
    (line + 1, shown)
}

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

    // A large capture is checked as pasted but not laid out in the box,
    // unless the user asks to see it there.
    let large = Memo::new(move |_| input.with(String::len) > LARGE);
    let show_large = RwSignal::new(false);
    let in_box = Memo::new(move |_| !large.get() || show_large.get());
    // Where a finding is, in a large capture not shown in the box.
    let place = RwSignal::new(None::<(usize, String)>);
    Effect::new(move |_| {
        if !large.get() {
            show_large.set(false);
            place.set(None);
        }
    });

    // The gutter's text is rebuilt only when the number of lines changes.
    let line_count = Memo::new(move |_| {
        if in_box.get() {
            input.with(|t| t.split('\n').count()).max(1)
        } else {
            1
        }
    });
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
        let shown = in_box.get();
        let Some(el) = textarea.get() else { return };
        if typed.get_value() {
            typed.set_value(false);
            return;
        }
        if shown {
            input.with_untracked(|text| el.set_value(text));
        } else {
            el.set_value("");
        }
    });

    // A paste of several lines is put in the box by the page: the browser's
    // own paste edits the box line by line, and with the findings on the page
    // a 25,000-line capture took it 4.7 s in one task (a bare textarea: 0.3 s).
    // Setting the value whole takes what the bare textarea takes. The
    // browser's undo cannot see such a paste, so Ctrl+Z and Undo take it back
    // as they take back a fix. A paste that makes the text large goes to the
    // check, not into the box.
    let on_paste = move |ev: web_sys::ClipboardEvent| {
        let Some(pasted) = ev.clipboard_data().and_then(|d| d.get_data("text").ok()) else {
            return;
        };
        let Some(el) = textarea.get() else { return };
        let before = el.value();
        let may_be_large = before.len() + pasted.len() > LARGE;
        if !pasted.contains('\n') && !may_be_large {
            return;
        }
        ev.prevent_default();
        let from = el.selection_start().ok().flatten().unwrap_or(0);
        let to = el.selection_end().ok().flatten().unwrap_or(0).max(from);
        let shown = show_large.get_untracked();
        let (text, in_box) = if may_be_large && !shown {
            // A text that may be large is not put in the box to be read back.
            let start = browser::byte_offset(&before, from);
            let end = browser::byte_offset(&before, to).max(start);
            ([&before[..start], &pasted, &before[end..]].concat(), false)
        } else {
            // The box edits its own value, in one go (its line breaks as it
            // keeps them), and puts the caret after the text.
            let _ = el.set_range_text_with_start_and_end_and_mode(&pasted, from, to, "end");
            (el.value(), true)
        };
        if text.len() > LARGE && !shown {
            el.set_value("");
        } else {
            if !in_box {
                el.set_value(&text);
            }
            typed.set_value(true);
        }
        crate::components::fix::remember(&state, before, text.clone());
        state.set_text_now(text);
    };

    // Select a finding's path in the text when asked (in a large capture not
    // shown in the box, show the lines around it).
    Effect::new(move |_| {
        let Some(path) = state.select_path.get() else {
            return;
        };
        if !in_box.get_untracked() {
            input.with_untracked(|text| {
                place.set(toolcheck::locate::span(text, &path).map(|r| excerpt(text, r.start)));
            });
            state.select_path.set(None);
            return;
        }
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
            {move || (!in_box.get()).then(|| {
                let (bytes, lines) = input.with(|t| (t.len(), t.bytes().filter(|b| *b == b'\n').count() + 1));
                view! {
                    <div class="large-input" data-testid="large-input" role="status">
                        <p>
                            <strong>{format!("A large capture ({}, {lines} lines)", size(bytes))}</strong>
                            " is checked as pasted. It is not shown in the box, which would take the browser seconds to lay out."
                        </p>
                        {move || place.get().map(|(line, lines)| view! {
                            <p class="place">{format!("Line {line}:")}</p>
                            <pre class="code" data-testid="large-input-place">{lines}</pre>
                        })}
                        <p>
                            <button type="button" data-testid="show-large" on:click=move |_| show_large.set(true)>"Show it in the box to edit it"</button>
                        </p>
                    </div>
                }
            })}
            <pre class="gutter" aria-hidden="true" node_ref=gutter class:hidden=move || !in_box.get()>{move || line_numbers.get()}</pre>
            <textarea
                data-testid="input"
                aria-label="Paste a tools/list response, its result, tool definitions, or a JSON-RPC transcript"
                placeholder="Paste a tools/list response, OpenAI or Anthropic tools, or a JSON-RPC transcript. Or drop a file here."
                spellcheck="false"
                autocomplete="off"
                wrap="off"
                node_ref=textarea
                class:hidden=move || !in_box.get()
                on:paste=on_paste
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
