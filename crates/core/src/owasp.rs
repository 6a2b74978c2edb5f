//! The OWASP MCP Top 10 (2025 edition): the risks a security rule
//! addresses, named in its docs, in `toolcheck rules --format json`, and in
//! SARIF as a taxonomy, so that code-scanning views can group by them.

/// The taxonomy's name, as SARIF's `taxonomies[].name`.
pub const NAME: &str = "OWASP MCP Top 10";
/// Its edition.
pub const VERSION: &str = "2025";
/// The list.
pub const URL: &str = "https://owasp.org/www-project-mcp-top-10/";

/// One entry of the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owasp {
    /// Token Mismanagement and Secret Exposure.
    Mcp01,
    /// Privilege Escalation via Scope Creep.
    Mcp02,
    /// Tool Poisoning.
    Mcp03,
    /// Software Supply Chain Attacks and Dependency Tampering.
    Mcp04,
    /// Command Injection and Execution.
    Mcp05,
    /// Intent Flow Subversion.
    Mcp06,
    /// Insufficient Authentication and Authorization.
    Mcp07,
    /// Lack of Audit and Telemetry.
    Mcp08,
    /// Shadow MCP Servers.
    Mcp09,
    /// Context Injection and Over-Sharing.
    Mcp10,
}

impl Owasp {
    /// Every entry, in the list's order.
    pub const ALL: [Owasp; 10] = [
        Owasp::Mcp01,
        Owasp::Mcp02,
        Owasp::Mcp03,
        Owasp::Mcp04,
        Owasp::Mcp05,
        Owasp::Mcp06,
        Owasp::Mcp07,
        Owasp::Mcp08,
        Owasp::Mcp09,
        Owasp::Mcp10,
    ];

    /// `MCP03`.
    #[must_use]
    pub fn id(self) -> &'static str {
        self.entry().0
    }

    /// `Tool Poisoning`.
    #[must_use]
    pub fn title(self) -> &'static str {
        self.entry().1
    }

    /// The entry's page.
    #[must_use]
    pub fn url(self) -> String {
        format!("{URL}2025/{}", self.entry().2)
    }

    fn entry(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Owasp::Mcp01 => (
                "MCP01",
                "Token Mismanagement and Secret Exposure",
                "MCP01-2025-Token-Mismanagement-and-Secret-Exposure",
            ),
            Owasp::Mcp02 => (
                "MCP02",
                "Privilege Escalation via Scope Creep",
                "MCP02-2025%E2%80%93Privilege-Escalation-via-Scope-Creep",
            ),
            Owasp::Mcp03 => (
                "MCP03",
                "Tool Poisoning",
                "MCP03-2025%E2%80%93Tool-Poisoning",
            ),
            Owasp::Mcp04 => (
                "MCP04",
                "Software Supply Chain Attacks and Dependency Tampering",
                "MCP04-2025%E2%80%93Software-Supply-Chain-Attacks%26Dependency-Tampering",
            ),
            Owasp::Mcp05 => (
                "MCP05",
                "Command Injection and Execution",
                "MCP05-2025%E2%80%93Command-Injection%26Execution",
            ),
            Owasp::Mcp06 => (
                "MCP06",
                "Intent Flow Subversion",
                "MCP06-2025%E2%80%93Intent-Flow-Subversion",
            ),
            Owasp::Mcp07 => (
                "MCP07",
                "Insufficient Authentication and Authorization",
                "MCP07-2025%E2%80%93Insufficient-Authentication%26Authorization",
            ),
            Owasp::Mcp08 => (
                "MCP08",
                "Lack of Audit and Telemetry",
                "MCP08-2025%E2%80%93Lack-of-Audit-and-Telemetry",
            ),
            Owasp::Mcp09 => (
                "MCP09",
                "Shadow MCP Servers",
                "MCP09-2025%E2%80%93Shadow-MCP-Servers",
            ),
            Owasp::Mcp10 => (
                "MCP10",
                "Context Injection and Over-Sharing",
                "MCP10-2025%E2%80%93ContextInjection%26OverSharing",
            ),
        }
    }
}
