use super::*;

#[test]
fn a_full_config_parses() {
    let text = r#"
against = ["mcp", "openai"]
strict = true
gemini-field = "json-schema"
revision = "2025-11-25"
fail-on = "warning"
ignore = ["dotted-tool-name"]

[severity]
thin-description = "info"
additional-properties-not-false = "off"

[thresholds]
max-undescribed = "5%"
max-errors = 0

[[suppress]]
tool = "orders.search"
rule = "enum-without-description"
path = "inputSchema.properties.status"
reason = "Documented in the server instructions"
"#;
    let c = parse(text, "toolcheck.toml").unwrap();
    assert_eq!(c.against, Some("openai".parse().unwrap()));
    assert_eq!(c.gemini_field, Some(GeminiField::JsonSchema));
    assert_eq!(c.strict, Some(true));
    assert_eq!(c.revision, Some(Revision::R2025_11_25));
    assert_eq!(c.fail_on, Some(FailOn::Warning));
    assert_eq!(c.ignore, ["dotted-tool-name"]);
    assert_eq!(c.off, ["additional-properties-not-false"]);
    assert_eq!(c.policy.severity[0].severity, Severity::Info);
    assert_eq!(
        c.policy.severity[0].origin.as_deref(),
        Some("toolcheck.toml:10")
    );
    assert_eq!(
        c.policy.thresholds.max_undescribed,
        Some(Limit::Percent(5.0))
    );
    assert_eq!(
        c.policy.suppressions[0].origin.as_deref(),
        Some("toolcheck.toml:17")
    );
}

#[test]
fn unknown_keys_name_their_line() {
    let err = parse(
        "strict = true\n\n[thresholds]\nmax-undescribd = \"5%\"\n",
        "t.toml",
    )
    .unwrap_err();
    assert!(
        err.starts_with("t.toml:4:1: unknown field `max-undescribd`"),
        "{err}"
    );
    let err = parse("stric = true\n", "t.toml").unwrap_err();
    assert!(
        err.starts_with("t.toml:1:1: unknown field `stric`"),
        "{err}"
    );
}

#[test]
fn suppression_without_reason_and_unknown_rules_are_errors() {
    let text = "select = [\"requried-not-in-properties\"]\n\n[[suppress]]\ntool = \"x\"\n\n[severity]\nnope = \"info\"\n";
    let err = parse(text, "t.toml").unwrap_err();
    assert!(err.contains("t.toml:1: select: no rule named \"requried-not-in-properties\"; did you mean \"required-not-in-properties\"?"), "{err}");
    assert!(
        err.contains("t.toml:3: the suppression for tool \"x\" has no reason"),
        "{err}"
    );
    assert!(
        err.contains("t.toml:7: severity: no rule named \"nope\""),
        "{err}"
    );
}

#[test]
fn bad_values_name_their_line() {
    let err = parse("revision = \"2024-01-01\"\nfail-on = \"sometimes\"\n[thresholds]\nmax-undescribed = \"lots\"\n", "t.toml").unwrap_err();
    assert!(
        err.contains("t.toml:1: revision: unknown MCP revision"),
        "{err}"
    );
    assert!(err.contains("t.toml:2: fail-on: unknown fail-on"), "{err}");
    assert!(err.contains("t.toml:4: max-undescribed:"), "{err}");
}

#[test]
fn flags_come_before_the_config_and_the_config_before_the_defaults() {
    let config = parse(
        "against = \"openai\"\nrevision = \"2025-06-18\"\nignore = [\"dotted-tool-name\"]\nbudget = 100\n\n[severity]\nthin-description = \"off\"\n",
        "t.toml",
    )
    .unwrap();
    let defaults = settings(&SettingsArgs::default(), None).unwrap();
    assert_eq!(defaults.targets, Targets::MCP);
    assert_eq!(defaults.revision_from, RevisionFrom::Default);
    assert_eq!(defaults.budget, None);

    let from_config = settings(&SettingsArgs::default(), Some(&config)).unwrap();
    assert_eq!(from_config.targets, "openai".parse().unwrap());
    assert_eq!(from_config.revision, Revision::R2025_06_18);
    assert_eq!(from_config.revision_from, RevisionFrom::Chosen);
    assert_eq!(
        from_config.rules.ignore,
        ["dotted-tool-name", "thin-description"]
    );
    assert_eq!(from_config.budget, Some(100));

    let flags = SettingsArgs {
        against: Some(Targets::MCP),
        revision: Some(Revision::R2025_11_25),
        ignore: Some(vec!["unknown-type-name".to_owned()]),
        budget: Some(5),
        ..SettingsArgs::default()
    };
    let from_flags = settings(&flags, Some(&config)).unwrap();
    assert_eq!(from_flags.targets, Targets::MCP);
    assert_eq!(from_flags.revision, Revision::R2025_11_25);
    // The flag replaces the config's `ignore`; `off` in [severity] stays.
    assert_eq!(
        from_flags.rules.ignore,
        ["unknown-type-name", "thin-description"]
    );
    assert_eq!(from_flags.budget, Some(5));
}

#[test]
fn unknown_rules_in_flags_are_errors_and_an_empty_ignore_clears_the_list() {
    let err = settings(
        &SettingsArgs {
            select: Some(vec!["requried-not-in-properties".to_owned()]),
            ..SettingsArgs::default()
        },
        None,
    )
    .unwrap_err();
    assert!(
        err.contains("did you mean \"required-not-in-properties\"?"),
        "{err}"
    );
    let config = parse("ignore = [\"dotted-tool-name\"]\n", "t.toml").unwrap();
    let cleared = settings(
        &SettingsArgs {
            ignore: Some(vec![String::new()]),
            ..SettingsArgs::default()
        },
        Some(&config),
    )
    .unwrap();
    assert!(cleared.rules.ignore.is_empty());
}

#[test]
fn fail_on_is_the_flag_then_the_config_then_error() {
    let config = parse("fail-on = \"warning\"\n", "t.toml").unwrap();
    assert_eq!(FailOn::chosen(None, None), FailOn::Error);
    assert_eq!(FailOn::chosen(None, Some(&config)), FailOn::Warning);
    assert_eq!(
        FailOn::chosen(Some(FailOn::Never), Some(&config)),
        FailOn::Never
    );
}

#[test]
fn the_probe_table() {
    let c = parse(
        "[probe]\ntools = [\"create_draft\"]\nmax-calls = 100\nseed = 7\n",
        "t.toml",
    )
    .unwrap();
    assert_eq!(c.probe.tools, ["create_draft"]);
    assert_eq!((c.probe.max_calls, c.probe.seed), (Some(100), Some(7)));
    let err = parse("[probe]\nmax-cals = 1\n", "t.toml").unwrap_err();
    assert!(
        err.starts_with("t.toml:2:1: unknown field `max-cals`"),
        "{err}"
    );
}
