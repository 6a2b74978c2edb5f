//! What to check against.

use std::fmt;
use std::str::FromStr;

use crate::clients::{Api, Client, Clients};

/// The MCP specification revision the tools are checked against.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
pub enum Revision {
    /// 2025-06-18.
    R2025_06_18,
    /// 2025-11-25.
    R2025_11_25,
    /// 2026-07-28, the default.
    #[default]
    R2026_07_28,
}

impl Revision {
    /// Every revision, oldest first.
    pub const ALL: [Revision; 3] = [
        Revision::R2025_06_18,
        Revision::R2025_11_25,
        Revision::R2026_07_28,
    ];

    /// The revision's date, as the specification names it.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Revision::R2025_06_18 => "2025-06-18",
            Revision::R2025_11_25 => "2025-11-25",
            Revision::R2026_07_28 => "2026-07-28",
        }
    }
}

impl fmt::Display for Revision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Revision {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Revision::ALL
            .into_iter()
            .find(|r| r.as_str() == s.trim())
            .ok_or_else(|| {
                format!(
                    "unknown MCP revision \"{s}\"; expected 2026-07-28, 2025-11-25 or 2025-06-18"
                )
            })
    }
}

/// The date the provider rules were last checked against the providers' docs.
pub const PROVIDER_RULES_AS_OF: &str = "2026-10-01";

/// The date the Gemini rules were last checked against Google's docs.
pub const GEMINI_RULES_AS_OF: &str = "2026-12-02";

/// A model provider whose tool rules can be checked on top of MCP's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Provider {
    /// OpenAI function calling (Chat Completions and Responses).
    OpenAi,
    /// Anthropic Claude tool use.
    Claude,
    /// Google Gemini function calling (the Gemini API and Vertex AI).
    Gemini,
}

impl Provider {
    /// The provider's display name, used as a message prefix.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Provider::OpenAi => "OpenAI",
            Provider::Claude => "Claude",
            Provider::Gemini => "Gemini",
        }
    }
}

/// Which rule sets apply. MCP always does.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub struct Targets {
    /// Also check OpenAI's function rules.
    pub openai: bool,
    /// Also check Claude's tool rules.
    pub claude: bool,
    /// Also check Gemini's function rules.
    pub gemini: bool,
    /// Also check these clients' own rules (their APIs' rules are on too:
    /// [`Targets::with_client`]).
    #[serde(default, skip_serializing_if = "enumset::EnumSet::is_empty")]
    pub clients: Clients,
}

impl Targets {
    /// MCP only.
    pub const MCP: Targets = Targets {
        openai: false,
        claude: false,
        gemini: false,
        clients: Clients::empty(),
    };
    /// `--against all`: MCP, OpenAI and Claude. Gemini is asked for by name,
    /// so what `all` reports stays as it was (see docs/providers-and-clients.md).
    pub const ALL: Targets = Targets {
        openai: true,
        claude: true,
        gemini: false,
        clients: Clients::empty(),
    };
    /// MCP and Gemini.
    pub const GEMINI: Targets = Targets {
        openai: false,
        claude: false,
        gemini: true,
        clients: Clients::empty(),
    };

    /// Whether `provider` is a target.
    #[must_use]
    pub fn has(self, provider: Provider) -> bool {
        match provider {
            Provider::OpenAi => self.openai,
            Provider::Claude => self.claude,
            Provider::Gemini => self.gemini,
        }
    }

    /// These targets with `client`, and the APIs it forwards to.
    #[must_use]
    pub fn with_client(mut self, client: Client) -> Self {
        self.clients |= client;
        for api in client.apis() {
            match api {
                Api::OpenAi | Api::OpenAiStrict => self.openai = true,
                Api::Claude => self.claude = true,
                Api::Gemini => self.gemini = true,
            }
        }
        self
    }

    /// Whether `client` is a target.
    #[must_use]
    pub fn has_client(self, client: Client) -> bool {
        self.clients.contains(client)
    }

    /// The provider targets, OpenAI first.
    pub fn providers(self) -> impl Iterator<Item = Provider> {
        [Provider::OpenAi, Provider::Claude, Provider::Gemini]
            .into_iter()
            .filter(move |p| self.has(*p))
    }

    /// The targets as `--against` writes them: `mcp`, `all`, `all,gemini`,
    /// or the providers separated by commas (`openai,gemini`).
    #[must_use]
    pub fn key(self) -> String {
        let mut parts: Vec<&str> = Vec::new();
        if self.openai && self.claude {
            parts.push("all");
        } else if self.openai {
            parts.push("openai");
        } else if self.claude {
            parts.push("claude");
        }
        if self.gemini {
            parts.push("gemini");
        }
        parts.extend(self.clients.iter().map(Client::key));
        if parts.is_empty() {
            "mcp".to_owned()
        } else {
            parts.join(",")
        }
    }

    /// A short label, for example `MCP + OpenAI + Claude`.
    #[must_use]
    pub fn label(self) -> String {
        if !self.openai && !self.claude && !self.gemini {
            return "MCP spec only".to_owned();
        }
        let mut label = String::from("MCP");
        for p in self.providers() {
            label.push_str(" + ");
            label.push_str(p.name());
        }
        for c in self.clients {
            label.push_str(" + ");
            label.push_str(c.label());
        }
        label
    }
}

impl FromStr for Targets {
    type Err = String;
    /// Parses `mcp`, `openai`, `claude`, `gemini`, `all`, a client's name
    /// (`vscode`), or a comma-separated list of them.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut targets = Targets::MCP;
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            match part.to_ascii_lowercase().as_str() {
                "mcp" => {}
                "openai" => targets.openai = true,
                "claude" | "anthropic" => targets.claude = true,
                "gemini" | "google" => targets.gemini = true,
                "all" => {
                    targets.openai = true;
                    targets.claude = true;
                }
                other => match other.parse::<Client>() {
                    Ok(client) => targets = targets.with_client(client),
                    Err(()) => {
                        return Err(format!(
                            "unknown target \"{other}\"; expected mcp, openai, claude, gemini, all (OpenAI and Claude), a client ({}), or a comma-separated list",
                            Client::ALL.map(Client::key).join(", ")
                        ));
                    }
                },
            }
        }
        Ok(targets)
    }
}

/// Which rules run.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct RuleSelection {
    /// When set, only these rule ids run.
    pub select: Option<Vec<String>>,
    /// These rule ids never run.
    pub ignore: Vec<String>,
}

impl RuleSelection {
    /// Whether the rule with this id runs.
    #[must_use]
    pub fn enabled(&self, id: &str) -> bool {
        self.select
            .as_ref()
            .is_none_or(|s| s.iter().any(|x| x == id))
            && !self.ignore.iter().any(|x| x == id)
    }
}

/// Everything that changes what a check reports.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Settings {
    /// The rule sets to apply.
    pub targets: Targets,
    /// Apply the providers' strict-mode subsets to every tool.
    pub strict: bool,
    /// The MCP revision.
    pub revision: Revision,
    /// Where [`Settings::revision`] came from.
    pub revision_from: RevisionFrom,
    /// The Gemini field an MCP tool's parameters are sent in.
    pub gemini_field: GeminiField,
    /// Which rules run.
    pub rules: RuleSelection,
    /// Whether rules attach the fixes they know to their findings: what
    /// [`crate::fix::fix`] needs and sets. A check alone leaves them out,
    /// which saves their memory.
    pub fixes: bool,
    /// The most tokens the tool definitions may cost together
    /// (`token-budget-exceeded`); no budget when `None`.
    pub budget: Option<usize>,
    /// The most tokens one tool definition may cost (`tool-over-budget`);
    /// no budget when `None`.
    pub tool_budget: Option<usize>,
}

/// The field of a Gemini function declaration that holds the parameters.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum GeminiField {
    /// `parameters`: Gemini's subset of the OpenAPI 3.0 Schema object, what
    /// Google's Python SDK sends for an MCP tool.
    #[default]
    Parameters,
    /// `parametersJsonSchema`: JSON Schema, what Google's JavaScript SDK sends
    /// for an MCP tool.
    JsonSchema,
}

impl GeminiField {
    /// How flags and the page name it.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            GeminiField::Parameters => "parameters",
            GeminiField::JsonSchema => "json-schema",
        }
    }
}

impl FromStr for GeminiField {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "parameters" => Ok(GeminiField::Parameters),
            "json-schema" | "parametersJsonSchema" => Ok(GeminiField::JsonSchema),
            other => Err(format!(
                "unknown Gemini field \"{other}\"; expected parameters or json-schema"
            )),
        }
    }
}

/// Where the revision a check uses came from.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum RevisionFrom {
    /// Nobody chose one: a capture that records the protocol it was made
    /// with is checked against that revision, anything else against
    /// [`Revision::default`].
    #[default]
    Default,
    /// The user chose it (a flag, a config file, the page's selector).
    Chosen,
    /// The capture recorded it: the check follows the protocol the server spoke.
    Capture,
}

impl Settings {
    /// Settings with only the given rule enabled (used by rule tests).
    #[must_use]
    pub fn only(mut self, rule_id: &str) -> Self {
        self.rules.select = Some(vec![rule_id.to_owned()]);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_targets() {
        assert_eq!("mcp".parse::<Targets>().unwrap(), Targets::MCP);
        assert_eq!("all".parse::<Targets>().unwrap(), Targets::ALL);
        assert_eq!("openai, claude".parse::<Targets>().unwrap(), Targets::ALL);
        assert!("bard".parse::<Targets>().is_err());
        for key in [
            "mcp",
            "openai",
            "claude",
            "all",
            "gemini",
            "all,gemini",
            "claude,gemini",
        ] {
            assert_eq!(key.parse::<Targets>().unwrap().key(), key);
        }
        assert_eq!("gemini".parse::<Targets>().unwrap(), Targets::GEMINI);
        assert_eq!(
            "all,gemini".parse::<Targets>().unwrap().label(),
            "MCP + OpenAI + Claude + Gemini"
        );
        assert_eq!(Targets::ALL.label(), "MCP + OpenAI + Claude");
        // A client brings the APIs it forwards to, and keeps its name.
        let vscode: Targets = "vscode,cursor".parse().unwrap();
        assert!(vscode.openai && vscode.claude && !vscode.gemini);
        assert_eq!(vscode.key(), "all,vscode,cursor");
        assert_eq!(vscode.key().parse::<Targets>().unwrap(), vscode);
        let gemini_cli: Targets = "gemini-cli".parse().unwrap();
        assert!(gemini_cli.gemini && gemini_cli.has_client(Client::GeminiCli));
        assert_eq!(gemini_cli.label(), "MCP + Gemini + Gemini CLI");
        let err = "vscod".parse::<Targets>().unwrap_err();
        assert!(err.contains("vscode, claude-code"), "{err}");
    }

    #[test]
    fn parse_revision() {
        assert_eq!(
            "2025-11-25".parse::<Revision>().unwrap(),
            Revision::R2025_11_25
        );
        assert!("2024-01-01".parse::<Revision>().is_err());
    }
}
