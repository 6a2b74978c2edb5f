use crate::fix::{Fix, Op};
use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::text::{closest, loose, quote};

declare_rule! {
    /// ## What it does
    /// Flags a key of a schema object that is not a keyword of any common
    /// JSON Schema vocabulary but is a near miss of one: `descripton`,
    /// `requried`, `propertys`, `additionalProperty`, `enums`, `minLenght`,
    /// `tpye`. It suggests the keyword.
    ///
    /// Only keyword positions are read: the keys of a schema object, never the
    /// parameter names inside `properties` or the names inside `$defs`. Known
    /// keywords are the 2020-12 core, applicator, unevaluated, validation,
    /// meta-data, format and content vocabularies, the draft-07 and draft-04
    /// ones (`definitions`, `dependencies`, `additionalItems`, `id`), and common
    /// OpenAPI and annotation extras (`example`, `discriminator`, `xml`,
    /// `externalDocs`). `x-*` extension keys and `nullable` (reported by
    /// `openapi-nullable`) are never flagged, and neither is an unknown key
    /// that resembles no keyword.
    ///
    /// ## Why is this bad?
    /// Validators ignore unknown keywords, so a misspelled one is silently
    /// dropped: `requried` makes nothing required, `minLenght` sets no limit,
    /// and a `descripton` is never shown to the model as a description.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"q": {"type": "string", "descripton": "Search text"}}, "requried": ["q"]}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "object", "properties": {"q": {"type": "string", "description": "Search text"}}, "required": ["q"]}
    /// ```
    ///
    /// ## Fix
    /// Rename the key to the keyword it was meant to be.
    ///
    /// ## Sources
    /// - JSON Schema 2020-12 Core, unknown keywords: <https://json-schema.org/draft/2020-12/json-schema-core#section-6.5>
    /// - JSON Schema 2020-12 meta-schemas: <https://json-schema.org/draft/2020-12/schema>
    pub MISSPELLED_KEYWORD,
    id = "misspelled-keyword",
    group = Schema,
    severity = Warning,
    fix = Safe,
    fix_note = "The automatic fix (safe) renames the key to the keyword, in place. It is safe in the sense that matters here: the key is one edit away from a keyword and is ignored as it is, so the author's intent is clear.",
    summary = "A schema key looks like a misspelled JSON Schema keyword",
}

/// Keywords of the 2020-12 vocabularies, older drafts, and OpenAPI extras.
const KNOWN: &[&str] = &[
    // Core.
    "$id",
    "$schema",
    "$ref",
    "$anchor",
    "$dynamicRef",
    "$dynamicAnchor",
    "$vocabulary",
    "$comment",
    "$defs",
    // Applicator.
    "prefixItems",
    "items",
    "contains",
    "additionalProperties",
    "properties",
    "patternProperties",
    "dependentSchemas",
    "propertyNames",
    "if",
    "then",
    "else",
    "allOf",
    "anyOf",
    "oneOf",
    "not",
    // Unevaluated.
    "unevaluatedItems",
    "unevaluatedProperties",
    // Validation.
    "type",
    "const",
    "enum",
    "multipleOf",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "pattern",
    "maxItems",
    "minItems",
    "uniqueItems",
    "maxContains",
    "minContains",
    "maxProperties",
    "minProperties",
    "required",
    "dependentRequired",
    // Meta-data, format, content.
    "title",
    "description",
    "default",
    "deprecated",
    "readOnly",
    "writeOnly",
    "examples",
    "format",
    "contentEncoding",
    "contentMediaType",
    "contentSchema",
    // Older drafts.
    "definitions",
    "dependencies",
    "additionalItems",
    "$recursiveRef",
    "$recursiveAnchor",
    "id",
    // OpenAPI.
    "nullable",
    "example",
    "discriminator",
    "xml",
    "externalDocs",
];

/// Common shorthands that are not typos but are still not keywords.
const ALIASES: [(&str, &str); 5] = [
    ("desc", "description"),
    ("descr", "description"),
    ("props", "properties"),
    ("regex", "pattern"),
    ("enumeration", "enum"),
];

/// A known keyword equal to `candidate` when compared loosely.
fn known_loosely(candidate: &str) -> Option<&'static str> {
    let key = loose(candidate);
    KNOWN.iter().copied().find(|k| loose(k) == key)
}

/// The keyword `key` was probably meant to be, if it is close to one.
fn suggestion(key: &str) -> Option<&'static str> {
    if let Some((_, k)) = ALIASES.iter().find(|(a, _)| a.eq_ignore_ascii_case(key)) {
        return Some(k);
    }
    // Plural slips: `propertys`, `additionalProperty`, `enums`, `requireds`.
    let mut variants = vec![format!("{key}s")];
    if let Some(stem) = key.strip_suffix('s') {
        variants.push(stem.to_owned());
    }
    if let Some(stem) = key.strip_suffix('y') {
        variants.push(format!("{stem}ies"));
    }
    if let Some(stem) = key.strip_suffix("ys") {
        variants.push(format!("{stem}ies"));
    }
    // Swapped neighbours: `tpye`, `itmes`, `defualt`.
    let chars: Vec<char> = key.chars().collect();
    for i in 0..chars.len().saturating_sub(1) {
        let mut swapped = chars.clone();
        swapped.swap(i, i + 1);
        variants.push(swapped.into_iter().collect());
    }
    if let Some(k) = variants.iter().find_map(|v| known_loosely(v)) {
        return Some(k);
    }
    let candidate = closest(key, KNOWN.iter().copied())?;
    // `closest` allows two edits for words over four letters; require the
    // distance to stay within a quarter of the shorter word, so `tsType` is
    // not taken for `type`.
    let (a, b) = (loose(key), loose(candidate));
    let shorter = a.chars().count().min(b.chars().count());
    (strsim::levenshtein(&a, &b) <= (shorter / 4).max(1)).then_some(candidate)
}

/// `KNOWN.contains(&key)`, by hash rather than a scan of the whole list.
fn is_known(key: &str) -> bool {
    static SET: std::sync::LazyLock<crate::rules::clarity::WordSet<&'static str>> =
        std::sync::LazyLock::new(|| KNOWN.iter().copied().collect());
    SET.contains(key)
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    cx.each_schema_node(&mut |tool, _kind, node| {
        let Some(obj) = node.object() else { return };
        for key in obj.keys() {
            if is_known(key) {
                continue;
            }
            let lower = key.to_ascii_lowercase();
            if lower.starts_with("x-") || lower == "nullable" {
                continue;
            }
            let Some(keyword) = suggestion(key) else { continue };
            out.report(
                Some(tool),
                node.path.key(key),
                format!("{} is not a JSON Schema keyword; it looks like {}", quote(key), quote(keyword)),
            )
            .explanation(
                format!(
                    "Validators ignore unknown keywords, so whatever {} was meant to say is silently dropped: the \
                     constraint is not enforced, and the model is not shown it.",
                    quote(key)
                ),
            )
            .help(format!("Rename {} to {}", quote(key), quote(keyword)))
            .with_fix(|| Fix::safe(
                format!("Rename {} to {}", quote(key), quote(keyword)),
                vec![Op::Rename {
                    path: node.path.key(key),
                    key: keyword.to_owned(),
                }],
            ));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::suggestion;

    #[test]
    fn suggests_keywords() {
        for (typo, keyword) in [
            ("descripton", "description"),
            ("requried", "required"),
            ("propertys", "properties"),
            ("additionalProperty", "additionalProperties"),
            ("enums", "enum"),
            ("minLenght", "minLength"),
            ("tpye", "type"),
            ("itmes", "items"),
            ("ref", "$ref"),
            ("MaxLength", "maxLength"),
        ] {
            assert_eq!(suggestion(typo), Some(keyword), "{typo}");
        }
        for other in [
            "tsType",
            "enumNames",
            "markdownDescription",
            "order",
            "label",
            "min",
            "optional",
            "hidden",
        ] {
            assert_eq!(suggestion(other), None, "{other}");
        }
    }

    crate::rule_snapshot!(MISSPELLED_KEYWORD, "schema/misspelled-keyword.json");
}
