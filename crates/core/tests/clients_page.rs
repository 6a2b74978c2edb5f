//! `docs/clients.md`, the reference page of what each client does, is
//! generated from the host profiles (`crates/core/src/clients/profiles.rs`,
//! by `clients::page`):
//! this test fails when it differs, and
//! `TOOLCHECK_BLESS=1 cargo test -p toolcheck --test clients_page` rewrites it.

#[path = "support/generated.rs"]
mod generated;

use toolcheck::clients::Client;
use toolcheck::clients::page::reference_page;
use toolcheck::clients::profiles::{Confidence, PROFILES, profile};

#[test]
fn the_docs_page_is_the_profiles() {
    generated::up_to_date(
        "docs/clients.md",
        &reference_page(),
        "the client profiles",
        "clients_page",
    );
}

/// Every client has one profile, with sources a reader can open; a rule
/// about a client cites a source and, when the client's behaviour is known
/// only from users' reports, reports no more than a warning.
#[test]
fn every_client_has_a_sourced_profile() {
    assert_eq!(PROFILES.len(), Client::ALL.len());
    for (p, client) in PROFILES.iter().zip(Client::ALL) {
        assert_eq!(p.client, client, "PROFILES is in Client::ALL's order");
        assert_eq!(profile(client).client, client);
        assert!(!p.sources.is_empty(), "{client}: no source");
        for s in p.sources {
            assert!(s.url.starts_with("https://"), "{client}: {}", s.url);
            assert!(!s.shows.is_empty(), "{client}: {}", s.url);
        }
    }
    for rule in toolcheck::catalog::every_rule() {
        if rule.client.is_none() {
            continue;
        }
        assert!(
            rule.docs().contains("<https://"),
            "{} cites no source",
            rule.id
        );
        assert!(rule.as_of.is_some(), "{}", rule.id);
        if rule.docs().contains("Users' reports only") {
            assert!(
                rule.severity != toolcheck::Severity::Error,
                "{} rests on users' reports and reports above a warning",
                rule.id
            );
        }
    }
    assert!(
        PROFILES
            .iter()
            .any(|p| p.confidence() == Confidence::Reports)
    );
}
