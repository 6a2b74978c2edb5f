//! Import circles among a crate's modules: the core's and the CLI's tests
//! read their own sources with it.
//!
//! A module is a file; it names another by a `crate::` or `super::` path in
//! code outside its tests (from its first `#[cfg(test)]` or
//! `#[cfg(all(test, …))]` on) and comments (a `crate::{…}` group names each of
//! its members, and a name the crate's root re-exports names the module it
//! comes from). A module naming its own submodules is its own structure and
//! is not counted; a submodule naming its parent is. A macro's `$crate::`
//! paths belong to the files that use the macro.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

/// One module naming another: `(from, to, the line that names it)`.
pub type Edge = (String, String, String);

/// Every time a module of the crate under `src` (whose root is `root`,
/// `lib.rs` or `main.rs`) names another.
pub fn edges(src: &Path, root: &str) -> Vec<Edge> {
    let modules = modules(src, root);
    let reexports = root_reexports(&std::fs::read_to_string(src.join(root)).unwrap());
    let mut edges: Vec<Edge> = Vec::new();
    for (module, file) in &modules {
        let text = std::fs::read_to_string(file).unwrap();
        let code = code_outside_tests(&text);
        for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for path in named_paths(line, module) {
                let path = match path.first().and_then(|first| reexports.get(first)) {
                    Some(from) => from.split("::").map(str::to_owned).collect(),
                    None => path,
                };
                let Some(target) = (1..=path.len())
                    .rev()
                    .map(|n| path[..n].join("::"))
                    .find(|m| modules.contains_key(m))
                else {
                    continue;
                };
                if &target != module && !target.starts_with(&format!("{module}::")) {
                    edges.push((module.clone(), target, line.trim().to_owned()));
                }
            }
        }
    }
    edges
}

/// `text` up to its tests: the first `#[cfg(test)]` or `#[cfg(all(test, …))]`.
fn code_outside_tests(text: &str) -> &str {
    let end = ["#[cfg(test)]", "#[cfg(all(test,"]
        .iter()
        .filter_map(|marker| text.find(marker))
        .min()
        .unwrap_or(text.len());
    &text[..end]
}

/// A chain of modules naming each other that comes back to where it
/// started, as the lines that make it, if there is one.
pub fn circle(edges: &[Edge]) -> Option<Vec<String>> {
    // Depth-first search for a chain of names that comes back to a module
    // on it: `stack` is the chain, `taken[i]` the line from `stack[i]` on.
    fn visit(
        module: &str,
        edges: &[Edge],
        stack: &mut Vec<String>,
        taken: &mut Vec<String>,
        done: &mut HashSet<String>,
    ) -> Option<Vec<String>> {
        if done.contains(module) {
            return None;
        }
        stack.push(module.to_owned());
        for (from, to, line) in edges.iter().filter(|(from, _, _)| from == module) {
            let step = format!("{from} -> {to}: {line}");
            if let Some(at) = stack.iter().position(|m| m == to) {
                let mut circle = taken[at..].to_vec();
                circle.push(step);
                return Some(circle);
            }
            taken.push(step);
            if let Some(circle) = visit(to, edges, stack, taken, done) {
                return Some(circle);
            }
            taken.pop();
        }
        stack.pop();
        done.insert(module.to_owned());
        None
    }
    let mut done = HashSet::new();
    let mut starts: Vec<&str> = edges.iter().map(|(from, _, _)| from.as_str()).collect();
    starts.sort_unstable();
    starts.dedup();
    starts
        .into_iter()
        .find_map(|start| visit(start, edges, &mut Vec::new(), &mut Vec::new(), &mut done))
}

/// Two top-level modules (a module path's first segment) that name each
/// other: a tie, even when no single chain of files makes a circle. Each
/// tie once, `(a, b, lines)` with `a` before `b`, and the lines that name
/// the other module, both ways.
// The CLI's test reads circles only; the core's reads ties too.
#[allow(dead_code)]
pub fn ties(edges: &[Edge]) -> Vec<(String, String, Vec<String>)> {
    let top = |module: &str| module.split("::").next().unwrap_or_default().to_owned();
    let mut named: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for (from, to, line) in edges {
        let (a, b) = (top(from), top(to));
        if a != b {
            named
                .entry((a, b))
                .or_default()
                .push(format!("{from} -> {to}: {line}"));
        }
    }
    let mut out = Vec::new();
    for ((a, b), lines) in &named {
        if a < b
            && let Some(back) = named.get(&(b.clone(), a.clone()))
        {
            let mut both = lines.clone();
            both.extend(back.iter().cloned());
            out.push((a.clone(), b.clone(), both));
        }
    }
    out
}

/// Every module of the crate, by path (`rules::clarity::prose_enum`), with its file.
fn modules(src: &Path, root: &str) -> BTreeMap<String, PathBuf> {
    let mut out = BTreeMap::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(src).unwrap().with_extension("");
            let mut parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if parts.last().is_some_and(|p| p == "mod") {
                parts.pop();
            }
            if parts.len() == 1 && format!("{}.rs", parts[0]) == root {
                continue;
            }
            out.insert(parts.join("::"), path);
        }
    }
    out
}

/// What the crate's root re-exports (`pub use checking::Checking;`): each
/// name, with the module path it comes from.
fn root_reexports(lib: &str) -> HashMap<String, String> {
    let mut out = HashMap::new();
    let text = lib.replace('\n', " ");
    for item in text.split("pub use ").skip(1) {
        let item = item.split(';').next().unwrap_or_default();
        let (module, names) = match item.split_once("::{") {
            Some((module, names)) => (module, names.trim_end_matches('}')),
            None => item.rsplit_once("::").unwrap_or(("", item)),
        };
        for name in names.split(',') {
            let name = name.split(" as ").last().unwrap_or_default().trim();
            if !name.is_empty() && !module.is_empty() {
                out.insert(name.to_owned(), module.trim().to_owned());
            }
        }
    }
    out
}

/// The module paths `line` names, from the crate's root: `crate::a::b`,
/// `super::c` (from `module`), and each member of a `crate::{a, b::c}` group.
fn named_paths(line: &str, module: &str) -> Vec<Vec<String>> {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut out = Vec::new();
    for prefix in ["crate::", "super::"] {
        for (at, _) in line.match_indices(prefix) {
            let before = line[..at].chars().next_back();
            if before.is_some_and(|c| ident(c) || c == '$' || c == ':') {
                continue;
            }
            let mut base: Vec<String> = if prefix == "crate::" {
                Vec::new()
            } else {
                let mut parts: Vec<String> = module.split("::").map(str::to_owned).collect();
                parts.pop();
                parts
            };
            let rest = &line[at + prefix.len()..];
            // `super::super::…`
            let mut rest = rest;
            while let Some(r) = rest.strip_prefix("super::") {
                base.pop();
                rest = r;
            }
            let members: Vec<&str> = match rest.strip_prefix('{') {
                Some(group) => group
                    .split('}')
                    .next()
                    .unwrap_or_default()
                    .split(',')
                    .collect(),
                None => vec![rest],
            };
            for member in members {
                let path: Vec<String> = member
                    .trim()
                    .split("::")
                    .map(|s| s.chars().take_while(|c| ident(*c)).collect::<String>())
                    .take_while(|s| !s.is_empty())
                    .collect();
                let mut full = base.clone();
                full.extend(path);
                out.push(full);
            }
        }
    }
    out
}
