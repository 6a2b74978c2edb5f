//! The recall report of the text rules: how many of the attack fixtures
//! each rule row catches at error and at warning, how many near misses fire
//! above info, and what the rules find on the real servers of the corpus.
//! `tests/attack_recall.rs` holds the bounds; `examples/recall.rs` prints
//! the table, which the test command shows.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;
use toolcheck::{Settings, Severity, check};

/// The rules that judge what text says.
pub const TEXT_RULES: &[&str] = &[
    "injected-instructions",
    "tool-shadowing",
    "encoded-payload",
    "suspicious-link",
    "secret-in-definition",
    "internal-address",
    "hidden-unicode",
    "control-characters",
    "variation-selector-payload",
];

/// The categories whose attacks must be errors; `disclosed` must be at
/// least a warning.
pub const ERROR_CATEGORIES: &[&str] = &[
    "exfiltration",
    "redirect",
    "safety_off",
    "override",
    "credential_ask",
    "config_change",
    "remote_code",
];

/// One item of a fixture: a tool, a prompt, a resource or the server's
/// instructions, and the heaviest text-rule finding inside it.
#[derive(Debug, Clone)]
pub struct Item {
    pub name: String,
    pub heaviest: Option<Severity>,
    /// The heaviest finding's rule and message.
    pub finding: Option<String>,
}

/// A row of the report.
#[derive(Debug, Default, Clone)]
pub struct Row {
    pub errors: usize,
    pub warnings: usize,
    pub missed: usize,
    pub missed_names: Vec<String>,
}

impl Row {
    pub fn total(&self) -> usize {
        self.errors + self.warnings + self.missed
    }
}

/// What the corpus gives.
#[derive(Debug, Default, Clone)]
pub struct Corpus {
    pub servers: usize,
    pub tools: usize,
    pub errors: Vec<String>,
    pub warnings: Vec<String>,
    pub info: usize,
    /// Tools with a warning or an error from a security rule.
    pub tools_warned: usize,
}

/// The whole report.
#[derive(Debug, Default, Clone)]
pub struct Report {
    /// Attacks, by category.
    pub attacks: BTreeMap<String, Row>,
    /// Near misses above info, with their findings.
    pub near_fired: Vec<String>,
    pub near_total: usize,
    pub corpus: Corpus,
}

impl Report {
    /// Attacks that must be errors, caught as errors, and their total.
    pub fn error_recall(&self) -> (usize, usize) {
        ERROR_CATEGORIES
            .iter()
            .filter_map(|c| self.attacks.get(*c))
            .fold((0, 0), |(e, t), r| (e + r.errors, t + r.total()))
    }
}

/// `resources/…` of the core crate.
pub fn resources() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("resources")
}

/// Every item of a fixture and its heaviest text-rule finding, under the
/// default settings (MCP only), as a user checks a server.
pub fn items(text: &str) -> Vec<Item> {
    let report = check(text, &Settings::default()).expect("the fixture parses");
    let doc: Value = serde_json::from_str(text).expect("JSON");
    let result = doc.get("result").unwrap_or(&doc);
    let mut named: Vec<(String, String)> = Vec::new();
    let base = if doc.get("result").is_some() {
        "result."
    } else {
        ""
    };
    if let Some(capture) = result.pointer("/_meta/dev.toolcheck~1capture") {
        let at = format!("{base}_meta[\"dev.toolcheck/capture\"]");
        if capture.get("instructions").is_some() {
            named.push((format!("{at}.instructions"), "instructions".to_owned()));
        }
        for kind in ["prompts", "resources", "resourceTemplates"] {
            for (i, item) in capture
                .get(kind)
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .enumerate()
            {
                if let Some(name) = item.get("name").and_then(Value::as_str) {
                    named.push((format!("{at}.{kind}[{i}]"), name.to_owned()));
                }
            }
        }
    }
    let mut out: BTreeMap<String, Item> = BTreeMap::new();
    for tool in &report.tools {
        if let Some(name) = &tool.name {
            out.insert(
                name.to_string(),
                Item {
                    name: name.to_string(),
                    heaviest: None,
                    finding: None,
                },
            );
        }
    }
    for (_, name) in &named {
        out.insert(
            name.clone(),
            Item {
                name: name.clone(),
                heaviest: None,
                finding: None,
            },
        );
    }
    for f in &report.findings {
        if !TEXT_RULES.contains(&f.rule.id) {
            continue;
        }
        let path = f.path.to_string();
        let name = match &f.tool {
            Some(t) => t.to_string(),
            None => match named.iter().find(|(p, _)| {
                path == *p
                    || path.starts_with(&format!("{p}."))
                    || path.starts_with(&format!("{p}["))
            }) {
                Some((_, n)) => n.clone(),
                None => continue,
            },
        };
        let Some(item) = out.get_mut(&name) else {
            continue;
        };
        // Severities order worst first.
        if item.heaviest.is_none_or(|h| f.severity < h) {
            item.heaviest = Some(f.severity);
            item.finding = Some(format!(
                "{} {}: {}",
                f.rule.id,
                f.severity.as_str(),
                f.message
            ));
        }
    }
    out.into_values().collect()
}

/// The category of an item named `bad_<category>_<NN>`.
pub fn category(name: &str) -> Option<&str> {
    let rest = name.strip_prefix("bad_")?;
    let cut = rest.rfind('_')?;
    Some(&rest[..cut])
}

/// The report over attack fixtures, near-miss fixtures and corpus captures.
pub fn measure(attacks: &[PathBuf], near: &[PathBuf], corpus: &[PathBuf]) -> Report {
    let mut report = Report::default();
    for path in attacks {
        let text = std::fs::read_to_string(path).expect("readable");
        // The instructions of a file named `*attacks*` hold an
        // exfiltration; other files' instructions are honest.
        let attack_instructions = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().contains("attacks"));
        for item in items(&text) {
            if item.name == "instructions" && !attack_instructions {
                continue;
            }
            let category = if item.name == "instructions" {
                "exfiltration".to_owned()
            } else {
                match category(&item.name) {
                    Some(c) => c.to_owned(),
                    None => continue,
                }
            };
            let row = report.attacks.entry(category.clone()).or_default();
            let needs_error = ERROR_CATEGORIES.contains(&category.as_str());
            match item.heaviest {
                Some(Severity::Error) => row.errors += 1,
                Some(Severity::Warning) => {
                    row.warnings += 1;
                    if needs_error {
                        row.missed_names.push(format!(
                            "{} (warning) {}",
                            item.name,
                            item.finding.unwrap_or_default()
                        ));
                    }
                }
                _ => {
                    row.missed += 1;
                    row.missed_names.push(item.name.clone());
                }
            }
        }
    }
    for path in near {
        let text = std::fs::read_to_string(path).expect("readable");
        let attack_instructions = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().contains("attacks"));
        for item in items(&text) {
            if !item.name.starts_with("ok_") && (item.name != "instructions" || attack_instructions)
            {
                continue;
            }
            report.near_total += 1;
            if item.heaviest.is_some_and(|h| h < Severity::Info) {
                report.near_fired.push(format!(
                    "{}: {}",
                    item.name,
                    item.finding.unwrap_or_default()
                ));
            }
        }
    }
    for path in corpus {
        let text = std::fs::read_to_string(path).expect("readable");
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let checked = check(&text, &Settings::default()).expect("the capture parses");
        report.corpus.servers += 1;
        report.corpus.tools += checked.tools.len();
        let mut warned: Vec<String> = Vec::new();
        for f in &checked.findings {
            if !TEXT_RULES.contains(&f.rule.id) {
                continue;
            }
            let line = format!(
                "{name} {} {}: {} {}",
                f.tool.as_deref().unwrap_or("-"),
                f.rule.id,
                f.path,
                f.message
            );
            match f.severity {
                Severity::Error => report.corpus.errors.push(line),
                Severity::Warning => report.corpus.warnings.push(line),
                Severity::Info => report.corpus.info += 1,
            }
            if f.severity <= Severity::Warning
                && let Some(t) = &f.tool
                && !warned.contains(&t.to_string())
            {
                warned.push(t.to_string());
            }
        }
        report.corpus.tools_warned += warned.len();
    }
    report
}

/// The JSON files of `dir`, sorted.
pub fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("readable")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    out.sort();
    out
}

/// The report's table, as the test command prints it.
pub fn render(report: &Report) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(out, "| category | attacks | error | warning | missed |");
    let _ = writeln!(out, "|---|---|---|---|---|");
    for (category, row) in &report.attacks {
        let _ = writeln!(
            out,
            "| {category} | {} | {} | {} | {} |",
            row.total(),
            row.errors,
            row.warnings,
            row.missed
        );
    }
    let (errors, total) = report.error_recall();
    let _ = writeln!(
        out,
        "\nAttacks that must be errors: {errors} of {total} ({:.1}%).",
        100.0 * errors as f64 / total.max(1) as f64
    );
    let _ = writeln!(
        out,
        "Near misses above info: {} of {}.",
        report.near_fired.len(),
        report.near_total
    );
    let c = &report.corpus;
    let _ = writeln!(
        out,
        "Corpus ({} servers, {} tools): {} errors, {} warnings on {} tools ({:.2}%), {} info from the text rules.",
        c.servers,
        c.tools,
        c.errors.len(),
        c.warnings.len(),
        c.tools_warned,
        100.0 * c.tools_warned as f64 / c.tools.max(1) as f64,
        c.info
    );
    for (category, row) in &report.attacks {
        for name in &row.missed_names {
            let _ = writeln!(out, "  missed ({category}): {name}");
        }
    }
    for line in &report.near_fired {
        let _ = writeln!(out, "  near miss fired: {line}");
    }
    for line in c.errors.iter().chain(&c.warnings) {
        let _ = writeln!(out, "  corpus: {line}");
    }
    out
}
