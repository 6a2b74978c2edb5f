//! Every relative link resolves: in the README, `CONTRIBUTING.md`, the
//! guides under `docs/`, the other Markdown files of the repository, and
//! the rules' docs (whose links are relative to the repository's root,
//! as the page serves the guides beside itself). A link with an `#anchor`
//! into a Markdown file must name one of its headings, as GitHub makes
//! their anchors, or an explicit `<a id>`.

use pulldown_cmark::{Event, Parser, Tag, TagEnd};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The repository's Markdown files, but for build output, installed
/// packages and fuzzing data.
fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if !matches!(
                name.as_str(),
                "target" | "node_modules" | "dist" | "artifacts" | "corpus" | "test-results"
            ) && !name.starts_with('.')
                || path.ends_with("resources/corpus")
            {
                markdown_files(&path, out);
            }
        } else if name.ends_with(".md") {
            out.push(path);
        }
    }
}

/// GitHub's anchor for a heading: its text in lower case, without
/// punctuation but `-` and `_`, spaces as `-`; a repeated one gets `-1`,
/// `-2`….
fn slug(text: &str) -> String {
    text.to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown text.
fn anchors(md: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut heading: Option<String> = None;
    for event in Parser::new(md) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let base = slug(&heading.take().unwrap_or_default());
                let n = seen.entry(base.clone()).or_insert(0);
                out.insert(if *n == 0 {
                    base.clone()
                } else {
                    format!("{base}-{n}")
                });
                *n += 1;
            }
            Event::Html(h) | Event::InlineHtml(h) => {
                for id in h.split("id=\"").skip(1) {
                    out.insert(id.split('"').next().unwrap().to_owned());
                }
            }
            _ => {}
        }
    }
    out
}

/// `base/rel`, with `..` and `.` resolved.
fn join(base: &Path, rel: &str) -> PathBuf {
    let mut out = PathBuf::new();
    for c in base.join(rel).components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

/// The broken links of one text, whose relative links start at `dir`.
fn broken(
    name: &str,
    md: &str,
    dir: &Path,
    cache: &mut BTreeMap<PathBuf, BTreeSet<String>>,
    checked: &mut usize,
) -> Vec<String> {
    let mut out = Vec::new();
    for event in Parser::new(md) {
        let dest = match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => dest_url,
            _ => continue,
        };
        if dest.contains("://") || dest.starts_with("mailto:") {
            continue;
        }
        *checked += 1;
        let (file, anchor) = dest.split_once('#').unwrap_or((&dest, ""));
        let target = if file.is_empty() {
            None
        } else {
            let target = join(dir, file);
            if !target.exists() {
                out.push(format!("{name}: {dest}: no such file"));
                continue;
            }
            Some(target)
        };
        if anchor.is_empty() {
            continue;
        }
        let known = match &target {
            None => anchors(md),
            Some(t) if t.extension().is_some_and(|e| e == "md") => cache
                .entry(t.clone())
                .or_insert_with(|| anchors(&std::fs::read_to_string(t).unwrap()))
                .clone(),
            Some(_) => continue,
        };
        if !known.contains(anchor) {
            out.push(format!(
                "{name}: {dest}: no heading has the anchor #{anchor}"
            ));
        }
    }
    out
}

#[test]
fn every_relative_link_resolves() {
    let root = join(&root(), ".");
    let mut files = Vec::new();
    markdown_files(&root, &mut files);
    let names: Vec<_> = files
        .iter()
        .map(|f| f.strip_prefix(&root).unwrap().to_owned())
        .collect();
    for must in [
        "README.md",
        "CONTRIBUTING.md",
        "docs/README.md",
        "docs/security.md",
    ] {
        assert!(
            names.iter().any(|n| n == Path::new(must)),
            "{must} was not read: {names:?}"
        );
    }
    let mut cache = BTreeMap::new();
    let mut errors = Vec::new();
    let mut links = 0;
    for (file, name) in files.iter().zip(&names) {
        let md = std::fs::read_to_string(file).unwrap();
        errors.extend(broken(
            &name.display().to_string(),
            &md,
            file.parent().unwrap(),
            &mut cache,
            &mut links,
        ));
    }
    for rule in toolcheck::catalog::every_rule() {
        let docs = rule.docs();
        errors.extend(broken(
            &format!("the docs of {}", rule.id),
            &docs,
            &root,
            &mut cache,
            &mut links,
        ));
    }
    assert!(links > 50, "only {links} relative links were read");
    assert!(
        errors.is_empty(),
        "{} broken links:\n{}",
        errors.len(),
        errors.join("\n")
    );
}

#[test]
fn the_anchors_are_githubs() {
    let md = "# Toolcheck\n## Test the calls: `toolcheck probe`\n## Pin what you approved\n## Pin what you approved\n<a id=\"custom\"></a>\n";
    let got = anchors(md);
    for a in [
        "toolcheck",
        "test-the-calls-toolcheck-probe",
        "pin-what-you-approved",
        "pin-what-you-approved-1",
        "custom",
    ] {
        assert!(got.contains(a), "{a} not in {got:?}");
    }
    let dir = root();
    let mut cache = BTreeMap::new();
    let mut checked = 0;
    let bad = broken(
        "t",
        "[a](#nope) [b](docs/none.md) [c](README.md#toolcheck) [d](https://x.test/#y)",
        &dir,
        &mut cache,
        &mut checked,
    );
    assert_eq!(bad.len(), 2, "{bad:?}");
    assert_eq!(checked, 3);
}
