//! The answers, as JSON text: pure, so they are tested natively.

use toolcheck::fix::{self, Applicability};
use toolcheck::wire::{self, Request, Response, WireCases, WireFixed, WireResultReport};
use toolcheck::{InputError, Settings};

/// The answer to one request, as JSON text. A request that is not one is
/// answered with nothing the page waits for.
pub fn answer(request: &str) -> String {
    let response = match serde_json::from_str::<Request>(request) {
        Ok(request) => respond(request),
        Err(_) => return String::new(),
    };
    serde_json::to_string(&response).unwrap_or_default()
}

fn respond(request: Request) -> Response {
    match request {
        Request::Check { id, text, settings } => {
            let report = toolcheck::check(&text, &settings);
            let (schemas, fixable) = report.as_ref().map_or((0, Vec::new()), |r| {
                let fixable = r
                    .findings
                    .iter()
                    .filter(|f| f.autofix.is_some())
                    .map(|f| (f.rule.id.to_owned(), wire::steps(&f.path)))
                    .collect();
                (r.schema_count(), fixable)
            });
            Response::Check {
                id,
                findings: report.map(|r| wire::worker_findings(&r)),
                schemas,
                fixable,
            }
        }
        Request::Result {
            id,
            tools,
            tool,
            result,
            settings,
        } => Response::Result {
            id,
            report: toolcheck::checking::check_result(&tools, &tool, &result, &settings)
                .map(|r| WireResultReport::from(&r)),
        },
        Request::Compatibility { id, text, settings } => Response::Compatibility {
            id,
            table: toolcheck::Checking::new(&text, &settings).map(|checking| {
                let report = checking.finish_with_compatibility();
                let table = report
                    .compatibility
                    .unwrap_or_else(toolcheck::compat::Compatibility::empty);
                wire::WireTable::from(&table)
            }),
        },
        Request::Fix {
            id,
            text,
            settings,
            unsafe_fixes,
            only,
        } => Response::Fix {
            id,
            fixed: run_fix(&text, &settings, unsafe_fixes, only),
        },
        Request::Cases { id, text, seed } => Response::Cases {
            id,
            cases: toolcheck::cases::for_capture(&text, seed).map(|tools| {
                use toolcheck::cases::export;
                WireCases {
                    summary: export::summary(&tools, seed),
                    html: crate::html::cases(&tools),
                    json: export::json(&tools, seed),
                    markdown: export::markdown(&tools, seed),
                    pytest: export::pytest(&tools, seed),
                    vitest: export::vitest(&tools, seed),
                }
            }),
        },
    }
}

fn run_fix(
    text: &str,
    settings: &Settings,
    unsafe_fixes: bool,
    only: Option<(String, Vec<wire::Step>)>,
) -> Result<WireFixed, InputError> {
    let fixed = match only {
        Some((rule, steps)) => fix::fix_one(text, settings, &rule, &wire::path(&steps))?,
        None => {
            let level = if unsafe_fixes {
                Applicability::Unsafe
            } else {
                Applicability::Safe
            };
            fix::fix(text, settings, level)?
        }
    };
    Ok(WireFixed {
        changed: fixed.changed(),
        applied: fixed.applied.iter().map(|a| a.rule.id.to_owned()).collect(),
        skipped: fixed.skipped.iter().map(|s| s.rule.id.to_owned()).collect(),
        summary: vec![
            fixed.applied_line(),
            fixed.remaining_line(),
            fixed.tokens_line(),
        ],
        preview_html: crate::html::fix_preview(&fixed),
        text: fixed.text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(request: &Request) -> Response {
        serde_json::from_str(&answer(&serde_json::to_string(request).unwrap())).unwrap()
    }

    #[test]
    fn a_check_answers_the_meta_schema_findings() {
        let text = r#"{"tools": [{"name": "a", "inputSchema": {"type": "object",
            "properties": {"x": {"type": "string", "minLength": -1}}}}]}"#;
        let Response::Check {
            id,
            findings,
            schemas,
            fixable,
        } = ask(&Request::Check {
            id: 7,
            text: text.into(),
            settings: Settings {
                fixes: true,
                ..Settings::default()
            },
        })
        else {
            panic!("not a check answer");
        };
        assert_eq!((id, schemas), (7, 1));
        // A negative minLength has no automatic fix.
        assert!(
            !fixable
                .iter()
                .any(|(rule, _)| rule == "meta-schema-violation")
        );
        let findings: Vec<toolcheck::wire::WireFinding> = findings.unwrap();
        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].rule, "meta-schema-violation");
    }

    #[test]
    fn the_sample_result_and_fix() {
        let Response::Result { report, .. } = ask(&Request::Result {
            id: 1,
            tools: toolcheck::sample::TOOLS.into(),
            tool: "get_order".into(),
            result: toolcheck::sample::RESULT.into(),
            settings: Settings::default(),
        }) else {
            panic!("not a result answer");
        };
        let report: toolcheck::result::ResultReport = report.unwrap().into();
        assert_eq!(report.counts.errors, 2);

        let Response::Fix { fixed, .. } = ask(&Request::Fix {
            id: 2,
            text: toolcheck::sample::TOOLS.into(),
            settings: Settings::default(),
            unsafe_fixes: false,
            only: None,
        }) else {
            panic!("not a fix answer");
        };
        let fixed = fixed.unwrap();
        assert!(fixed.changed);
        assert!(fixed.preview_html.contains("data-testid=\"fix-applied\""));

        // The sample's findings with a fix: the float type and the renamed
        // property left in required.
        let Response::Check { fixable, .. } = ask(&Request::Check {
            id: 3,
            text: toolcheck::sample::TOOLS.into(),
            settings: Settings {
                fixes: true,
                ..Settings::default()
            },
        }) else {
            panic!("not a check answer");
        };
        let rules: Vec<&str> = fixable.iter().map(|(r, _)| r.as_str()).collect();
        assert!(rules.contains(&"unknown-type-name"), "{rules:?}");
        assert!(rules.contains(&"required-not-in-properties"), "{rules:?}");
    }

    /// The table crosses whole: the same as the core makes it, with the
    /// client view the page's module cannot make.
    #[test]
    fn the_compatibility_table() {
        let Response::Compatibility { id, table } = ask(&Request::Compatibility {
            id: 4,
            text: toolcheck::sample::TOOLS.into(),
            settings: Settings::default(),
        }) else {
            panic!("not a table answer");
        };
        assert_eq!(id, 4);
        let table = table.unwrap().into_table();
        let report = toolcheck::check(toolcheck::sample::TOOLS, &Settings::default()).unwrap();
        let made = toolcheck::checking::compatibility(toolcheck::sample::TOOLS, &report).unwrap();
        assert_eq!(table, made);
        assert_eq!(table.rows.len(), 3);
        assert_eq!(
            table.rows[0].clients.len(),
            toolcheck::clients::Client::ALL.len()
        );
        let Response::Compatibility { table, .. } = ask(&Request::Compatibility {
            id: 5,
            text: "{".into(),
            settings: Settings::default(),
        }) else {
            panic!("not a table answer");
        };
        assert!(table.is_err());
    }

    #[test]
    fn bad_requests_and_bad_text() {
        assert_eq!(answer("not json"), "");
        let Response::Check { findings, .. } = ask(&Request::Check {
            id: 3,
            text: "{".into(),
            settings: Settings::default(),
        }) else {
            panic!("not a check answer");
        };
        assert!(findings.unwrap_err().line.is_some());
    }
}
