//! The registry is complete, and every rule is documented the same way.

use std::collections::HashSet;
use std::path::Path;

use toolcheck::RULES;
use toolcheck::catalog::every_rule;

#[path = "support/circles.rs"]
mod circles;

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

/// Every rule file is a rule of the one list, and every rule of the list is
/// one of these files, compared by whole path (two providers' folders hold
/// files of the same name): a file under `src/rules/<group>/` (or a
/// folder's `mod.rs`), under `src/result/rules/`, or a rule of `src/servers/`
/// (a file there that declares one).
#[test]
fn every_rule_file_is_registered() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let registered: HashSet<String> = every_rule()
        .filter_map(|r| r.file.split_once("src/").map(|(_, p)| p.to_owned()))
        .collect();
    let mut files = HashSet::new();
    for group in std::fs::read_dir(src.join("rules")).unwrap().flatten() {
        if !group.path().is_dir() {
            continue;
        }
        let group_name = group.file_name().to_string_lossy().into_owned();
        for entry in std::fs::read_dir(group.path()).unwrap().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if entry.path().join("mod.rs").is_file() {
                files.insert(format!("rules/{group_name}/{name}/mod.rs"));
            } else if entry.path().is_file() && name.ends_with(".rs") && name != "mod.rs" {
                files.insert(format!("rules/{group_name}/{name}"));
            }
        }
    }
    for entry in std::fs::read_dir(src.join("result/rules"))
        .unwrap()
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name != "mod.rs" {
            files.insert(format!("result/rules/{name}"));
        }
    }
    for entry in std::fs::read_dir(src.join("servers")).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
        if text.contains("declare_rule! {") {
            files.insert(format!("servers/{name}"));
        }
    }
    for entry in std::fs::read_dir(src.join("probe/rules"))
        .unwrap()
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name != "mod.rs" {
            files.insert(format!("probe/rules/{name}"));
        }
    }
    for file in &files {
        assert!(
            registered.contains(file),
            "{file} declares no rule in catalog::RULES"
        );
    }
    for file in &registered {
        assert!(
            files.contains(file),
            "catalog::RULES lists a rule of {file}, which is not a rule file"
        );
    }
    // Definition, server, result and probe rules are all there.
    assert!(files.len() >= 100, "only {} rule files found", files.len());
}

/// A provider's rules sit in its folder and declare it, which is what the
/// check reads to run them only for that provider.
#[test]
fn provider_rules_declare_their_provider() {
    use toolcheck::Provider;
    for rule in every_rule() {
        let folder = rule
            .file
            .split_once("src/rules/")
            .and_then(|(_, p)| p.split('/').next())
            .unwrap_or_default();
        let expected = match folder {
            "openai" => Some(Provider::OpenAi),
            "claude" => Some(Provider::Claude),
            "gemini" => Some(Provider::Gemini),
            _ => None,
        };
        assert_eq!(rule.provider, expected, "{} in rules/{folder}/", rule.id);
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
/// has to run after every other rule about tool definitions.
#[test]
fn the_meta_schema_check_runs_last() {
    let last = RULES.iter().rfind(|rule| {
        !matches!(
            rule.group,
            toolcheck::registry::Group::Servers
                | toolcheck::registry::Group::Result
                | toolcheck::registry::Group::Probe
        )
    });
    assert_eq!(
        last.map(|r| r.id),
        Some("meta-schema-violation"),
        "meta-schema-violation must stay the last rule about tool definitions in catalog::RULES: add new \
         rules above it"
    );
}

/// What a rule, a finding and a fix are (`registry.rs`, `finding/mod.rs`,
/// `finding/fix.rs`) is leaf data, with the path, settings, value and client
/// types it is made of (the clients and their profiles, `clients/`): outside their tests, these files name no other module of the
/// crate, in a `use` line or in code, so no rule, list or check can come
/// back to them in an import circle.
#[test]
fn the_leaf_modules_name_only_leaf_modules() {
    const LEAVES: &[&str] = &[
        "registry.rs",
        "kept.rs",
        "severity.rs",
        "finding/mod.rs",
        "finding/fix.rs",
        "path.rs",
        "settings.rs",
        "value.rs",
        "clients/mod.rs",
        "clients/converters.rs",
        "clients/profiles.rs",
        "owasp.rs",
    ];
    let module = |file: &str| {
        let file = file.trim_end_matches("/mod.rs").trim_end_matches(".rs");
        format!("crate::{}", file.replace('/', "::"))
    };
    let allowed: Vec<String> = LEAVES.iter().map(|f| module(f)).collect();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut named = 0;
    for file in LEAVES {
        let text = std::fs::read_to_string(src.join(file)).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for (at, _) in line.match_indices("crate::") {
                // A macro's `$crate::` paths belong to the files that use it.
                if line[..at].ends_with('$') {
                    continue;
                }
                let path: String = line[at..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                let path = path.trim_end_matches(':');
                named += 1;
                assert!(
                    allowed
                        .iter()
                        .any(|leaf| path == leaf || path.starts_with(&format!("{leaf}::"))),
                    "{file} names `{path}`, which is not a leaf module ({}): {line}",
                    allowed.join(", ")
                );
            }
        }
    }
    // The scan found the paths these files do name.
    assert!(named >= 8, "only {named} paths found");
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
        assert!(
            fix.matches("No automatic fix").count() + fix.matches("The automatic fix (").count()
                <= 1,
            "{} says what its fix does twice: its docs and its fix_note",
            rule.id
        );
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

/// The core has no import circles: no chain of modules that name each other
/// comes back to where it started, so each module can be read (and cut out)
/// without the ones that need it. (What "names" means: `support/circles.rs`.)
#[test]
fn the_core_has_no_import_circles() {
    let edges = circles::edges(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), "lib.rs");
    assert!(edges.len() > 500, "only {} edges found", edges.len());
    if let Some(circle) = circles::circle(&edges) {
        panic!("an import circle:\n{}", circle.join("\n"));
    }
}

/// No rule reads the targets to decide whether it runs: a provider's rule
/// declares `provider`, a client's rule `client`, and a rule whose problem
/// the providers report themselves declares `superseded_by` (or, for the
/// tools in strict mode alone, `superseded_in_strict_by`).
#[test]
fn no_rule_reads_the_targets_by_hand() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
    let mut read = 0;
    for rule in RULES.iter().filter(|r| r.file.contains("src/rules/")) {
        let file = rule.file.split_once("src/rules/").map_or("", |(_, f)| f);
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        read += 1;
        assert!(
            !code.contains("settings.targets"),
            "rules/{file} reads the targets: declare `provider`, `client`, `superseded_by` or `superseded_in_strict_by` instead"
        );
    }
    assert!(read >= 80, "only {read} rule files read");
}

/// No two top-level modules of the core name each other (a tie: one reads
/// the other and is read back, so neither can be read, or cut out, alone),
/// even where no chain of files makes a circle. (What "names" means:
/// `support/circles.rs`.)
#[test]
fn no_two_top_level_modules_name_each_other() {
    let edges = circles::edges(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), "lib.rs");
    let ties = circles::ties(&edges);
    let shown: Vec<String> = ties
        .iter()
        .map(|(a, b, lines)| format!("{a} <-> {b}:\n  {}", lines.join("\n  ")))
        .collect();
    assert!(
        ties.is_empty(),
        "{} ties:\n{}",
        ties.len(),
        shown.join("\n")
    );
}

/// What a rule declares agrees with its group: a provider's rules (and only
/// they) declare their provider, a client's rules their client, and both
/// run in the page's worker; the facts a runner or a report reads of a
/// kind of rule are declared only by rules of that kind.
#[test]
fn declared_facts_agree_with_the_group() {
    use toolcheck::Provider;
    use toolcheck::registry::{Group, Needs, RunsIn};
    for rule in every_rule() {
        let id = rule.id;
        let provider = match rule.group {
            Group::OpenAi => Some(Provider::OpenAi),
            Group::Claude => Some(Provider::Claude),
            Group::Gemini => Some(Provider::Gemini),
            _ => None,
        };
        assert_eq!(rule.provider, provider, "{id}: its provider is its group's");
        assert_eq!(
            rule.client.is_some(),
            rule.group == Group::Clients,
            "{id}: a client rule, and only one, declares its client"
        );
        let definition = !matches!(rule.group, Group::Servers | Group::Result);
        if rule.provider.is_some() || rule.client.is_some() {
            assert_ne!(
                rule.runs_in,
                RunsIn::Page,
                "{id}: a provider's or a client's rule runs in the page's worker: declare `runs_in = Worker`"
            );
        }
        if !definition {
            assert_eq!(
                rule.runs_in,
                RunsIn::Page,
                "{id}: `runs_in` is for rules about tool definitions"
            );
            assert!(
                rule.superseded_by.is_empty(),
                "{id}: `superseded_by` is for rules about tool definitions"
            );
        }
        if let Some((converter, _)) = rule.converter {
            use toolcheck::clients::converters::Converter;
            let of = match converter {
                Converter::EnsureStrictJsonSchema => Provider::OpenAi,
                Converter::TransformSchema => Provider::Claude,
            };
            assert_eq!(
                rule.provider,
                Some(of),
                "{id}: {converter:?} converts its provider's schemas"
            );
        }
        if rule.conversion_fails.is_some() {
            assert_eq!(
                rule.group,
                Group::Clients,
                "{id}: `conversion_fails` is a client rule's"
            );
        }
        if rule.hostile_text {
            assert_eq!(
                rule.group,
                Group::Security,
                "{id}: `hostile_text` is a security rule's"
            );
        }
        match rule.needs {
            Some(Needs::ClaudeTallies) => {
                assert_eq!(
                    rule.group,
                    Group::Claude,
                    "{id}: the Claude tallies are for a Claude rule"
                );
                assert_eq!(
                    rule.scope,
                    toolcheck::registry::Scope::List,
                    "{id}: it adds up the list"
                );
            }
            Some(Needs::DescriptionWords) => {
                assert_eq!(
                    rule.group,
                    Group::Servers,
                    "{id}: the servers' words are for a server rule"
                );
            }
            None => {}
        }
        let outcomes = rule.dropped_by | rule.fails_server_in | rule.rewritten_away_by;
        if !outcomes.is_empty() {
            assert!(
                definition,
                "{id}: what a client does with a tool is a definition rule's"
            );
        }
        if rule.provider.is_some() {
            assert!(
                rule.superseded_by.is_empty(),
                "{id}: a provider's rule is not superseded by one"
            );
        }
    }
}

/// Where a rule runs is said once, in its declaration (`runs_in`): the
/// catalog lists every rule alike and no module line marks the page's
/// module's dead code by hand, and the lists the catalog picks agree with
/// the declarations.
#[test]
fn where_a_rule_runs_is_declared_once() {
    use toolcheck::registry::RunsIn;
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let catalog = std::fs::read_to_string(src.join("catalog.rs")).unwrap();
    assert!(
        !catalog.contains(" if \""),
        "catalog.rs marks a rule's feature by hand: declare `runs_in` in the rule instead"
    );
    let mut dirs = vec![src.join("rules"), src.join("text")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                assert!(
                    !text.contains("cfg_attr(not(feature = \"heavy-rules\"), allow(dead_code))"),
                    "{} silences the page's dead code by hand: declare `runs_in` in the rules instead",
                    path.display()
                );
            }
        }
    }
    let worker: Vec<&str> = toolcheck::catalog::WORKER_RULES
        .iter()
        .map(|r| r.id)
        .collect();
    let declared: Vec<&str> = every_rule()
        .filter(|r| r.runs_in != RunsIn::Page)
        .map(|r| r.id)
        .collect();
    assert_eq!(worker, declared);
    assert!(worker.len() > 40, "{}", worker.len());
}

/// Every security rule but `internal-address` (no entry covers revealing
/// addresses) names the OWASP MCP Top 10 entries it addresses, and no other
/// rule names any.
#[test]
fn security_rules_name_their_owasp_entries() {
    for rule in every_rule() {
        let security = rule.group == toolcheck::registry::Group::Security;
        if security && rule.id != "internal-address" {
            assert!(
                !rule.owasp.is_empty(),
                "{} names no OWASP MCP Top 10 entry",
                rule.id
            );
            assert!(rule.docs().contains("## OWASP MCP Top 10"), "{}", rule.id);
        } else {
            assert!(
                rule.owasp.is_empty(),
                "{} is no security rule but names OWASP entries",
                rule.id
            );
        }
    }
}
