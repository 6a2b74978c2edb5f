//! A rule's docs (what, why, example, fix, sources). The page's core is
//! built without the docs, so they are not on its critical path: the first
//! time docs are opened, the page loads `rule-docs.js` (generated from the
//! registry, and kept equal to it by a core test), which sets
//! `window.TOOLCHECK_RULE_DOCS`. The Markdown is turned into elements, never
//! injected as HTML.

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast as _;
use wasm_bindgen::closure::Closure;

use crate::AppState;

/// The docs of rule `id`, once the docs file has loaded.
fn docs_of(id: &str) -> Option<String> {
    let window = web_sys::window()?;
    let all = js_sys::Reflect::get(&window, &"TOOLCHECK_RULE_DOCS".into()).ok()?;
    if all.is_undefined() {
        return None;
    }
    js_sys::Reflect::get(&all, &id.into()).ok()?.as_string()
}

/// Adds the docs file's script to the page; `failed` is set if it does not
/// load, and `loaded` when it has.
fn load(loaded: RwSignal<bool>, failed: RwSignal<bool>) {
    let added = (|| {
        let document = web_sys::window()?.document()?;
        let script: web_sys::HtmlScriptElement =
            document.create_element("script").ok()?.dyn_into().ok()?;
        script.set_src("rule-docs.js");
        let on_load = Closure::once_into_js(move || loaded.set(true));
        let on_error = Closure::once_into_js(move || failed.set(true));
        script.set_onload(Some(on_load.unchecked_ref()));
        script.set_onerror(Some(on_error.unchecked_ref()));
        document.head()?.append_child(&script).ok()
    })();
    failed.set(added.is_none());
}

/// The docs dialog.
#[component]
pub fn RuleDocs() -> impl IntoView {
    let state = expect_context::<AppState>();
    let dialog: NodeRef<html::Dialog> = NodeRef::new();
    // Whether the docs file was asked for, has loaded, or failed to.
    let (asked, loaded, failed) = (
        RwSignal::new(false),
        RwSignal::new(false),
        RwSignal::new(false),
    );
    Effect::new(move |_| {
        let Some(d) = dialog.get() else { return };
        if state.docs_rule.get().is_some() {
            if !asked.get_untracked() {
                asked.set(true);
                load(loaded, failed);
            }
            if !d.open() {
                let _ = d.show_modal();
            }
        } else if d.open() {
            d.close();
        }
    });
    let body = move || {
        state.docs_rule.get().and_then(toolcheck::catalog::rule).map(|rule| {
            view! {
                <h2 data-testid="docs-title">{rule.id}</h2>
                <p class="docs-meta">
                    {format!("{} · {} · {}", rule.severity, rule.group.as_str(), rule.summary)}
                    {rule.as_of.map(|d| format!(" · facts checked {d}"))}
                </p>
                {move || match (loaded.get(), failed.get(), docs_of(rule.id)) {
                    (_, _, Some(docs)) => render_markdown(&docs).into_any(),
                    (_, true, None) => view! {
                        <p data-testid="docs-failed">"The docs could not be loaded: `toolcheck explain " {rule.id} "` prints them."</p>
                    }.into_any(),
                    _ => view! { <p class="docs-loading">"Loading the docs…"</p> }.into_any(),
                }}
            }
        })
    };
    view! {
        <dialog class="docs" node_ref=dialog data-testid="rule-docs" aria-labelledby="docs-title"
            on:close=move |_| state.docs_rule.set(None)>
            <div class="docs-body">{body}</div>
            <form method="dialog"><button type="submit" data-testid="close-docs">"Close"</button></form>
        </dialog>
    }
}

/// Renders the small Markdown subset the rule docs use: `##` headings, fenced
/// code, `-` lists, paragraphs, inline code and `<https://…>` links.
fn render_markdown(md: &str) -> impl IntoView + use<> {
    let mut blocks: Vec<AnyView> = Vec::new();
    let mut lines = md.lines().peekable();
    let mut paragraph: Vec<String> = Vec::new();
    let flush = |paragraph: &mut Vec<String>, blocks: &mut Vec<AnyView>| {
        if !paragraph.is_empty() {
            let text = paragraph.join(" ");
            paragraph.clear();
            blocks.push(view! { <p>{inline(&text)}</p> }.into_any());
        }
    };
    while let Some(line) = lines.next() {
        if let Some(h) = line.strip_prefix("## ") {
            flush(&mut paragraph, &mut blocks);
            blocks.push(view! { <h3>{h.to_owned()}</h3> }.into_any());
        } else if line.starts_with("```") {
            flush(&mut paragraph, &mut blocks);
            let mut code = String::new();
            for l in lines.by_ref() {
                if l.starts_with("```") {
                    break;
                }
                code.push_str(l);
                code.push('\n');
            }
            blocks.push(view! { <pre class="code"><code>{code}</code></pre> }.into_any());
        } else if let Some(item) = line.strip_prefix("- ") {
            flush(&mut paragraph, &mut blocks);
            let mut items = vec![item.to_owned()];
            while let Some(next) = lines.peek().and_then(|l| l.strip_prefix("- ")) {
                items.push(next.to_owned());
                lines.next();
            }
            blocks.push(view! { <ul>{items.iter().map(|i| view! { <li>{inline(i)}</li> }).collect_view()}</ul> }.into_any());
        } else if line.trim().is_empty() {
            flush(&mut paragraph, &mut blocks);
        } else {
            paragraph.push(line.trim().to_owned());
        }
    }
    flush(&mut paragraph, &mut blocks);
    blocks
}

/// Inline code spans and autolinks: `<https://…>`, and `<docs/…>` for the
/// guides, which the page serves beside itself (the rules' docs file writes
/// each Markdown link as its label and an autolink).
fn inline(text: &str) -> Vec<AnyView> {
    let mut out = Vec::new();
    for (i, part) in text.split('`').enumerate() {
        if i % 2 == 1 {
            out.push(view! { <code>{part.to_owned()}</code> }.into_any());
            continue;
        }
        let mut rest = part;
        while let Some(start) = rest.find('<') {
            let Some(len) = rest[start..].find('>') else {
                break;
            };
            out.push(rest[..start].to_owned().into_any());
            let url = rest[start + 1..start + len].to_owned();
            let label = url.clone();
            out.push(
                view! { <a href=url target="_blank" rel="noopener noreferrer">{label}</a> }
                    .into_any(),
            );
            rest = &rest[start + len + 1..];
        }
        out.push(rest.to_owned().into_any());
    }
    out
}
