//! The regular expression engine behind the rules' patterns: `regex` with the
//! `fast-regex` feature (the CLI and the page's worker), `regex-lite` without
//! it (the page's module, where size counts more than speed). The two read a
//! pattern the same way as long as it uses only what both define the same:
//! ASCII classes are spelled out (`[\t\n\x0B\x0C\r ]`, not `\s`, whose
//! Unicode meaning differs), and case-insensitive or word-boundary parts say
//! `-u`, which `regex-lite` accepts and which is its only meaning anyway.

#[cfg(feature = "fast-regex")]
pub(crate) use regex::Regex;
#[cfg(not(feature = "fast-regex"))]
pub(crate) use regex_lite::Regex;
