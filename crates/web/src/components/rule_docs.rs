//! A rule's docs (what, why, example, fix, sources), from the core's registry.
//! The Markdown is turned into elements, never injected as HTML.

use leptos::html;
use leptos::prelude::*;

use crate::AppState;

/// The docs dialog.
#[component]
pub fn RuleDocs() -> impl IntoView {
    let state = expect_context::<AppState>();
    let dialog: NodeRef<html::Dialog> = NodeRef::new();
    Effect::new(move |_| {
        let Some(d) = dialog.get() else { return };
        if state.docs_rule.get().is_some() {
            if !d.open() {
                let _ = d.show_modal();
            }
        } else if d.open() {
            d.close();
        }
    });
    let body =
        move || {
            state.docs_rule.get().and_then(toolcheck::catalog::rule).map(|rule| {
            view! {
                <h2 data-testid="docs-title">{rule.id}</h2>
                <p class="docs-meta">
                    {format!("{} · {} · {}", rule.severity, rule.group.as_str(), rule.summary)}
                    {rule.as_of.map(|d| format!(" · facts checked {d}"))}
                </p>
                {render_markdown(&rule.docs())}
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

/// Inline code spans and autolinks.
fn inline(text: &str) -> Vec<AnyView> {
    let mut out = Vec::new();
    for (i, part) in text.split('`').enumerate() {
        if i % 2 == 1 {
            out.push(view! { <code>{part.to_owned()}</code> }.into_any());
            continue;
        }
        let mut rest = part;
        while let Some(start) = rest.find("<https://") {
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
