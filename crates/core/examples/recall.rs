//! Prints the recall report of the text rules: the attack fixtures caught
//! at error and at warning by category, the near misses that fire above
//! info, and what the text rules find on the corpus. The test command runs
//! it; `tests/attack_recall.rs` holds the bounds.
//!
//! `cargo run -p toolcheck --example recall` reads every fixture in
//! `resources/fixtures/security/requests`; `-- FILE.json …` reads other
//! files of the same shape instead (`bad_*` items are attacks, `ok_*` items
//! near misses).

#![allow(clippy::print_stdout)]

#[path = "../tests/support/recall.rs"]
mod recall;

fn main() {
    let mut args: Vec<std::path::PathBuf> = std::env::args().skip(1).map(Into::into).collect();
    // `--items`: one JSON line per fixture item and corpus tool, with the
    // heaviest text-rule finding, for scripts that compare with other tools
    // (`scripts/attack-peers.sh`).
    let items = args.first().is_some_and(|a| a.as_os_str() == "--items");
    if items {
        args.remove(0);
    }
    let files = if args.is_empty() {
        recall::json_files(&recall::resources().join("fixtures/security/requests"))
    } else {
        args
    };
    let corpus = recall::json_files(&recall::resources().join("corpus"));
    if items {
        for path in files.iter().chain(&corpus) {
            let text = std::fs::read_to_string(path).expect("readable");
            let file = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            for item in recall::items(&text) {
                let line = serde_json::json!({
                    "file": file,
                    "corpus": corpus.contains(path),
                    "name": item.name,
                    "severity": item.heaviest.map(|s| s.as_str()),
                });
                println!("{line}");
            }
        }
        return;
    }
    let report = recall::measure(&files, &files, &corpus);
    print!("{}", recall::render(&report));
}
