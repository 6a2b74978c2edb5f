//! The findings do not change unless a change means them to. Every JSON
//! report of the sample, every fixture, every real capture in
//! `resources/corpus` and the generated lists, under four settings, is
//! hashed (SHA-256) and compared with `resources/findings.sha256`.
//!
//! A refactor must leave the file as it is. A change that means to change
//! findings rewrites it with `TOOLCHECK_BLESS=1 cargo test -p toolcheck --test
//! findings_digest`, and the diff of the file names every input and setting
//! whose findings changed; `toolcheck check FILE --format json` at the two
//! commits shows how.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use toolcheck::{Revision, Settings, Targets};

#[path = "../benches/support/generate.rs"]
#[allow(dead_code)]
mod generate;

/// The files of `dir` with extension `ext`, at any depth, sorted.
fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("readable")
        .map(|e| e.expect("readable").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, ext, out);
        } else if path.extension().is_some_and(|x| x == ext) {
            out.push(path);
        }
    }
}

/// Every input, by a name that stays the same across machines.
fn inputs() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let resources = root.join("resources");
    let mut paths = vec![resources.join("sample/tools-list.json")];
    for dir in ["fixtures", "corpus"] {
        for ext in ["json", "jsonl"] {
            files(&resources.join(dir), ext, &mut paths);
        }
    }
    let mut out: Vec<(String, String)> = paths
        .iter()
        .map(|p| {
            let name = p
                .strip_prefix(&resources)
                .expect("under resources")
                .to_string_lossy()
                .into_owned();
            (name, std::fs::read_to_string(p).expect("readable"))
        })
        .collect();
    for n in [100, 1_000, 5_000] {
        out.push((format!("generated-{n}"), generate::tools_list(n, 42)));
    }
    out.push((
        "generated-pathological".to_owned(),
        generate::pathological(),
    ));
    out
}

/// The four settings, by name.
fn settings() -> [(&'static str, Settings); 4] {
    [
        ("mcp", Settings::default()),
        (
            "all",
            Settings {
                targets: Targets::ALL,
                ..Settings::default()
            },
        ),
        (
            "all+strict",
            Settings {
                targets: Targets::ALL,
                strict: true,
                ..Settings::default()
            },
        ),
        (
            "mcp@2025-06-18",
            Settings {
                revision: Revision::R2025_06_18,
                ..Settings::default()
            },
        ),
    ]
}

/// One line per input and setting: the name, the setting and the SHA-256 of
/// the JSON report's findings and counts (or of the input error, for text
/// that is not a capture). Other members of the report (the tools' costs,
/// the metrics) are left out: this is about what the rules find.
fn digests() -> String {
    let mut out = String::new();
    for (name, text) in inputs() {
        for (setting, settings) in settings() {
            let report = match toolcheck::check(&text, &settings) {
                Ok(report) => {
                    let value = toolcheck::report::json::to_value(&report);
                    serde_json::to_string(&(&value["summary"], &value["findings"]))
                        .expect("a JSON value serialises")
                }
                Err(e) => format!("input error: {e}"),
            };
            let hash = Sha256::digest(report.as_bytes());
            let _ = write!(out, "{name}\t{setting}\t");
            for byte in hash {
                let _ = write!(out, "{byte:02x}");
            }
            out.push('\n');
        }
    }
    out
}

#[test]
fn findings_are_unchanged() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("resources/findings.sha256");
    let now = digests();
    if std::env::var_os("TOOLCHECK_BLESS").is_some() {
        std::fs::write(&file, &now).expect("writable");
        return;
    }
    let before = std::fs::read_to_string(&file).unwrap_or_default();
    let changed: Vec<&str> = now
        .lines()
        .filter(|line| !before.lines().any(|b| b == *line))
        .collect();
    let gone: Vec<&str> = before
        .lines()
        .filter(|line| {
            let key = line.rsplit_once('\t').map_or(*line, |(k, _)| k);
            !now.lines().any(|n| n.starts_with(&format!("{key}\t")))
        })
        .collect();
    assert!(
        changed.is_empty() && gone.is_empty(),
        "findings changed for {} input/setting pairs (and {} are gone); if that is meant, \
         run TOOLCHECK_BLESS=1 cargo test -p toolcheck --test findings_digest and commit \
         resources/findings.sha256:\n{}",
        changed.len(),
        gone.len(),
        changed.join("\n")
    );
    assert!(now.lines().count() > 400, "{}", now.lines().count());
}
