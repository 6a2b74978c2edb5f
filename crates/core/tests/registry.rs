//! The registry is complete, and every rule is documented the same way.

use std::collections::HashSet;
use std::path::Path;

use toolcheck::RULES;
use toolcheck::catalog::every_rule;

#[test]
fn ids_are_unique_kebab_case() {
    let mut seen = HashSet::new();
    for rule in every_rule() {
        assert!(seen.insert(rule.id), "duplicate rule id {}", rule.id);
        assert!(
            rule.id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "rule id {} is not kebab-case",
            rule.id
        );
        assert!(
            !rule.summary.ends_with('.'),
            "summary of {} ends with a period",
            rule.id
        );
    }
}

#[test]
fn every_rule_file_is_registered() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
    let registered: HashSet<&str> = RULES
        .iter()
        .map(|r| r.file.rsplit('/').next().unwrap_or(r.file))
        .collect();
    for group in std::fs::read_dir(&root).unwrap().flatten() {
        if !group.path().is_dir() {
            continue;
        }
        for file in std::fs::read_dir(group.path()).unwrap().flatten() {
            let name = file.file_name().to_string_lossy().into_owned();
            if name.ends_with(".rs") && name != "mod.rs" {
                assert!(
                    registered.contains(name.as_str()),
                    "rules/{}/{name} declares no registered rule",
                    group.file_name().to_string_lossy()
                );
            }
        }
    }
}

#[test]
fn every_rule_has_complete_docs() {
    for rule in every_rule() {
        let docs = rule.docs();
        for section in [
            "## What it does",
            "## Why is this bad?",
            "## Example",
            "## Fix",
            "## Sources",
        ] {
            assert!(
                docs.contains(section),
                "docs of {} lack `{section}`",
                rule.id
            );
        }
        assert!(
            rule.why().len() > 40 && !rule.why().contains("## "),
            "the why of {} is not a paragraph: {:?}",
            rule.id,
            rule.why()
        );
        if rule.provider.is_some() {
            assert!(
                rule.as_of.is_some(),
                "provider rule {} has no as-of date",
                rule.id
            );
        }
    }
}

/// The meta-schema check skips what the other rules already reported, so it
/// has to run after all of them.
#[test]
fn the_meta_schema_check_runs_last() {
    assert_eq!(
        RULES.last().map(|r| r.id),
        Some("meta-schema-violation"),
        "meta-schema-violation must stay last in catalog::RULES: add new rules above it"
    );
}

/// `registry.rs` and `finding.rs` are leaf data: they import no module that
/// defines or lists a rule, so adding a rule cannot make an import circle.
#[test]
fn the_registry_and_findings_import_no_rule() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for file in ["registry.rs", "finding.rs"] {
        let text = std::fs::read_to_string(src.join(file)).unwrap();
        for line in text
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("use "))
        {
            assert!(
                !line.contains("rules") && !line.contains("catalog"),
                "{file}: {line}"
            );
        }
    }
}

/// Every rule says what its automatic fix does, or why it has none, at the
/// end of its docs' "Fix" section, and the text agrees with its fixability.
#[test]
fn every_rule_explains_its_fix() {
    use toolcheck::fix::Fixability;
    for rule in toolcheck::catalog::every_rule() {
        let docs = rule.docs();
        let fix: String = docs
            .lines()
            .skip_while(|l| *l != "## Fix")
            .skip(1)
            .take_while(|l| !l.starts_with("## "))
            .collect::<Vec<_>>()
            .join("\n");
        assert!(!fix.trim().is_empty(), "{} has no Fix section", rule.id);
        match rule.fixability {
            Fixability::None => assert!(
                fix.contains("No automatic fix: "),
                "{} offers no fix but its docs do not say why",
                rule.id
            ),
            Fixability::Safe | Fixability::Unsafe => assert!(
                fix.contains("The automatic fix (") && fix.contains(rule.fixability.as_str()),
                "{} offers a {} fix but its docs do not say what it does",
                rule.id,
                rule.fixability.as_str()
            ),
        }
    }
}
