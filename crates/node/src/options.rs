//! The options of a run, as JSON: the JavaScript API's option objects and
//! the npm bin's flags, named as the API names them (`geminiField`,
//! `failOn`, `toolBudget`, …). An unknown name is an error, so that a typo
//! does not silently check with the defaults.

use serde::Deserialize;
use toolcheck::{GeminiField, Revision, Targets};
use toolcheck_config::{Config, FailOn, Flags};

use crate::run::Problem;

/// A run's options. Each command reads those that concern it; `check`'s
/// settings are the CLI's flags of the same names.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
pub struct Options {
    /// The capture's path as given (`-` for standard input), for messages
    /// and, in SARIF and annotations, its location. Absent for text handed
    /// to the API, whose messages then name nothing.
    pub file: Option<String>,
    /// The input was read from standard input, no path given (`file` is
    /// absent): messages call it `<stdin>`.
    pub stdin: bool,
    /// For `result`: the tools capture's path as given.
    pub tools_file: Option<String>,
    /// The path that SARIF and annotations give for `file`, when it is not
    /// `file` itself (the bin passes an absolute path under the working
    /// directory relative to it, as the CLI does).
    pub uri: Option<String>,
    /// Check the built-in sample instead of the input.
    pub sample: bool,
    /// `--against`: `mcp`, `openai`, `claude`, `gemini`, `all`, a
    /// comma-separated list, or a list.
    pub against: Option<List>,
    /// `--strict`.
    pub strict: bool,
    /// `--revision`.
    pub revision: Option<String>,
    /// `--gemini-field`: `parameters` or `json-schema`.
    pub gemini_field: Option<String>,
    /// `--select`: rule ids, comma-separated or a list.
    pub select: Option<List>,
    /// `--ignore`: rule ids, comma-separated or a list.
    pub ignore: Option<List>,
    /// `--budget`.
    pub budget: Option<usize>,
    /// `--tool-budget`.
    pub tool_budget: Option<usize>,
    /// `--format`.
    pub format: Option<String>,
    /// `--matrix`.
    pub matrix: bool,
    /// `--fail-on`: `error`, `warning`, `info`, `never`; for `diff`,
    /// `breaking`, `review`, `compatible`, `never`.
    pub fail_on: Option<String>,
    /// The text of a `toolcheck.toml`.
    pub config: Option<String>,
    /// The config's file name, for its messages [default: toolcheck.toml].
    pub config_file: Option<String>,
    /// `--unsafe-fixes`.
    pub unsafe_fixes: bool,
    /// `fix --diff`: a unified diff instead of the fixed text.
    pub diff: bool,
}

/// A list given as one comma-separated string or as a list of strings.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum List {
    /// `"openai,claude"`.
    Joined(String),
    /// `["openai", "claude"]`.
    Items(Vec<String>),
}

impl List {
    /// The items, split at commas as the CLI splits `--select a,b`.
    fn items(&self) -> Vec<String> {
        let split = |s: &str| s.split(',').map(str::to_owned).collect::<Vec<_>>();
        match self {
            List::Joined(s) => split(s),
            List::Items(v) => v.iter().flat_map(|s| split(s)).collect(),
        }
    }
}

impl Options {
    /// Reads the options' JSON; an empty text means no options.
    ///
    /// # Errors
    /// A [`Problem`] naming the option that is unknown or of the wrong type.
    pub fn parse(json: &str) -> Result<Self, Problem> {
        if json.trim().is_empty() {
            return Ok(Self::default());
        }
        serde_json::from_str(json).map_err(|e| Problem::new(format!("options: {e}")))
    }

    /// The values of the flags that shape the settings, each checked as
    /// the CLI checks its flag's value.
    pub fn values(&self) -> Result<Values, Problem> {
        let against = self
            .against
            .as_ref()
            .map(|a| a.items().join(",").parse::<Targets>())
            .transpose()
            .map_err(|e| Problem::value("against", e))?;
        let revision = self.revision()?;
        let gemini_field = self
            .gemini_field
            .as_deref()
            .map(str::parse::<GeminiField>)
            .transpose()
            .map_err(|e| Problem::value("geminiField", e))?;
        let fail_on = self
            .fail_on
            .as_deref()
            .map(str::parse::<FailOn>)
            .transpose()
            .map_err(|e| Problem::value("failOn", e))?;
        Ok(Values {
            against,
            revision,
            gemini_field,
            fail_on,
            select: self.select.as_ref().map(List::items),
            ignore: self.ignore.as_ref().map(List::items),
        })
    }

    /// `--revision`, when given.
    pub fn revision(&self) -> Result<Option<Revision>, Problem> {
        self.revision
            .as_deref()
            .map(str::parse::<Revision>)
            .transpose()
            .map_err(|e| Problem::value("revision", e))
    }

    /// The config, when its text was given.
    ///
    /// # Errors
    /// Every problem in it, each with its line (see [`toolcheck_config::parse`]).
    pub fn config(&self) -> Result<Option<Config>, Problem> {
        let name = self
            .config_file
            .as_deref()
            .unwrap_or(toolcheck_config::DEFAULT_FILE);
        self.config
            .as_deref()
            .map(|text| toolcheck_config::parse(text, name))
            .transpose()
            .map_err(Problem::new)
    }
}

/// The flags' values, parsed.
#[derive(Debug)]
pub struct Values {
    against: Option<Targets>,
    revision: Option<Revision>,
    gemini_field: Option<GeminiField>,
    /// `--fail-on` of `check` and `fix`.
    pub fail_on: Option<FailOn>,
    select: Option<Vec<String>>,
    ignore: Option<Vec<String>>,
}

impl Values {
    /// The flags as [`toolcheck_config::settings`] takes them.
    pub fn flags<'a>(&'a self, options: &Options) -> Flags<'a> {
        Flags {
            against: self.against,
            strict: options.strict,
            revision: self.revision,
            gemini_field: self.gemini_field,
            select: self.select.as_deref(),
            ignore: self.ignore.as_deref(),
            budget: options.budget,
            tool_budget: options.tool_budget,
        }
    }
}
