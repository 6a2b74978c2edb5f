//! The settings' flags as options: the npm package's typed API names them in
//! camelCase (`toolBudget` for `--tool-budget`) and the MCP server's tools in
//! snake_case (`tool_budget`). Both read them with the CLI's own parser
//! ([`SettingsArgs`]), so a new flag reaches them with no line here.

use clap::{CommandFactory, FromArgMatches, Parser};
use toolcheck_config::SettingsArgs;

/// The settings' flags alone, to read the options' settings with.
#[derive(Parser)]
#[command(name = "options", no_binary_name = true)]
struct Settings {
    #[command(flatten)]
    settings: SettingsArgs,
}

/// The flags' long names (`tool-budget`), as the CLI orders them, and
/// whether each takes a value.
#[must_use]
pub fn flags() -> Vec<(String, bool)> {
    Settings::command()
        .get_arguments()
        .filter_map(|a| {
            let takes = a.get_action().takes_values();
            a.get_long().map(|l| (l.to_owned(), takes))
        })
        .collect()
}

/// The names of the settings' options, in camelCase, as the CLI orders its
/// flags: `against`, `strict`, … (`toolBudget` for `--tool-budget`).
#[must_use]
pub fn settings_options() -> Vec<String> {
    Settings::command()
        .get_arguments()
        .filter_map(|a| a.get_long())
        .map(camel)
        .collect()
}

/// The TypeScript declaration of the settings' options, from the flags'
/// definitions: the npm package's `lib/settings.d.ts`, written when the
/// package is built, so that a new flag needs no line in the package.
#[must_use]
pub fn settings_types() -> String {
    let mut out = String::from(
        "// Made from the CLI's flags when the package is built: do not edit.\n\
         import type { Against, GeminiField, Revision } from '../index';\n\n\
         /** The settings of a check: the CLI's flags of the same names. */\n\
         export interface Settings {\n",
    );
    for arg in Settings::command().get_arguments() {
        let Some(long) = arg.get_long() else { continue };
        let takes_value = arg.get_action().takes_values();
        let value_name = arg
            .get_value_names()
            .and_then(|v| v.first())
            .map(ToString::to_string);
        let ty = match value_name.as_deref() {
            _ if !takes_value => "boolean",
            Some("AGAINST") => "Against",
            Some("REVISION") => "Revision",
            Some("FIELD") => "GeminiField",
            Some("RULES") => "string[] | string",
            Some("TOKENS") => "number",
            _ => "string",
        };
        let help = arg
            .get_help()
            .map(ToString::to_string)
            .unwrap_or_default()
            .replace("*/", "* /");
        out.push_str(&format!(
            "  /** `--{long}`: {help} */\n  {}?: {ty};\n",
            camel(long)
        ));
    }
    out.push_str("}\n");
    out
}

/// `tool-budget` → `toolBudget`.
pub fn camel(kebab: &str) -> String {
    let mut out = String::with_capacity(kebab.len());
    let mut upper = false;
    for c in kebab.chars() {
        if c == '-' {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// `toolBudget` → `tool-budget`.
pub fn kebab(camel: &str) -> String {
    let mut out = String::with_capacity(camel.len() + 2);
    for c in camel.chars() {
        if c.is_ascii_uppercase() {
            out.push('-');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// A value the parser refuses: the flag (its long name) and why.
#[derive(Debug)]
pub struct Refused {
    /// The flag, as its long name (`gemini-field`), when the parser says.
    pub flag: Option<String>,
    /// Why, as the flag's own parser says it.
    pub why: String,
}

/// Reads the settings from command-line tokens (`--against openai`).
///
/// # Errors
/// A value the flag's parser refuses.
pub fn parse(tokens: &[String]) -> Result<SettingsArgs, Refused> {
    Settings::command()
        .try_get_matches_from(tokens)
        .and_then(|m| Settings::from_arg_matches(&m))
        .map(|s| s.settings)
        .map_err(|e| refused(&e))
}

/// What the parser says of a value it refuses.
fn refused(e: &clap::Error) -> Refused {
    use clap::error::{ContextKind, ContextValue};
    let flag = match e.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(arg)) => arg
            .trim_start_matches("--")
            .split([' ', '='])
            .next()
            .map(str::to_owned),
        _ => None,
    };
    let why = std::error::Error::source(e).map_or_else(
        || {
            e.render()
                .to_string()
                .trim()
                .trim_start_matches("error: ")
                .to_owned()
        },
        ToString::to_string,
    );
    Refused { flag, why }
}
