//! The page loads the rules' docs from `assets/rule-docs.js` when a rule's
//! docs are opened, rather than carrying them in its WebAssembly (the page
//! builds the core without its `docs` feature). The file must say what the
//! registry says: this test compares them, and with `TOOLCHECK_BLESS=1`
//! writes the file (`TOOLCHECK_BLESS=1 cargo test -p toolcheck --test
//! rule_docs_asset`).

#[path = "support/generated.rs"]
mod generated;

/// The docs as the page's renderer reads them, with each paragraph and each
/// list item on one line: the page joins a paragraph's lines with spaces
/// anyway, and a list item's wrapped lines then stay in the item. Code
/// blocks, headings, blank lines and table rows are kept as they are. The
/// file is about 4% smaller gzipped for it.
fn flowed(md: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut in_code = false;
    for line in md.lines() {
        let fence = line.starts_with("```");
        let joins = !in_code
            && !fence
            && !line.trim().is_empty()
            && !line.starts_with(['-', '#', '|'])
            && out.last().is_some_and(|last: &String| {
                !last.trim().is_empty() && !last.starts_with(['#', '|']) && !last.starts_with("```")
            });
        if fence {
            in_code = !in_code;
        }
        match out.last_mut() {
            Some(last) if joins => {
                last.push(' ');
                last.push_str(line.trim());
            }
            _ => out.push(line.to_owned()),
        }
    }
    let mut text = out.join("\n");
    if md.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// The file's text: one assignment of every rule's docs, by id, but for
/// the probe's rules, whose findings only `toolcheck probe` makes (the page
/// calls no server).
fn asset() -> String {
    let docs: serde_json::Map<String, serde_json::Value> = toolcheck::catalog::every_rule()
        .filter(|r| !matches!(r.group, toolcheck::registry::Group::Probe))
        .map(|r| {
            (
                r.id.to_owned(),
                serde_json::Value::String(flowed(&r.docs())),
            )
        })
        .collect();
    format!(
        "// Generated from the rules' docs by crates/core/tests/rule_docs_asset.rs; do not edit.\n\
         // The page loads it when a rule's docs are opened.\n\
         window.TOOLCHECK_RULE_DOCS = {};\n",
        serde_json::Value::Object(docs)
    )
}

#[test]
fn the_page_docs_are_the_registry_docs() {
    if !generated::up_to_date(
        "assets/rule-docs.js",
        &asset(),
        "the rules' docs",
        "rule_docs_asset",
    ) {
        return;
    }
    // Every rule has docs in it.
    for rule in toolcheck::catalog::every_rule() {
        assert!(rule.docs().contains("## What it does"), "{}", rule.id);
    }
}

#[test]
fn paragraphs_and_list_items_are_one_line_each() {
    let md = "## What it does\nFlags a\nthing.\n\n- one item\n  wrapped\n- two\n\n```json\n{\"a\":\n 1}\n```\nUse instead:\n";
    assert_eq!(
        flowed(md),
        "## What it does\nFlags a thing.\n\n- one item wrapped\n- two\n\n```json\n{\"a\":\n 1}\n```\nUse instead:\n"
    );
}
