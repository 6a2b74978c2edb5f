//! Shared by the fuzz targets: settings from one byte.

use toolcheck::{Revision, Settings, Targets};

/// Every combination of targets, strict mode and revision, chosen by one
/// byte: bits 0-1 the targets, bit 2 strict mode, the rest the revision.
pub fn settings(byte: u8) -> Settings {
    let targets = match byte & 3 {
        0 => Targets::MCP,
        1 => Targets {
            openai: true,
            ..Targets::MCP
        },
        2 => Targets {
            claude: true,
            ..Targets::MCP
        },
        _ => Targets {
            gemini: true,
            clients: toolcheck::clients::Clients::all(),
            ..Targets::ALL
        },
    };
    Settings {
        targets,
        strict: byte & 4 != 0,
        revision: Revision::ALL[usize::from(byte >> 3) % Revision::ALL.len()],
        ..Settings::default()
    }
}
