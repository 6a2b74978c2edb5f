//! `diff` and the lock: two captures from one input, split at the first
//! 0xFF byte (which never occurs in UTF-8). `diff` of the two is rendered in
//! every format; a capture compared with itself has no change; the lock of
//! each capture verifies against that same capture with no drift, also once
//! written and read back; and verifying the other capture against it never
//! fails where `diff` does not.

#![no_main]

use libfuzzer_sys::fuzz_target;
use toolcheck::diff::{self, render};
use toolcheck::lock::Lock;
use toolcheck::report::sarif::Source;

fuzz_target!(|data: &[u8]| {
    let (old, new) = match data.iter().position(|&b| b == 0xFF) {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, data),
    };
    let (Ok(old), Ok(new)) = (std::str::from_utf8(old), std::str::from_utf8(new)) else {
        return;
    };
    match diff::diff(old, new) {
        Ok(d) => {
            let (o, n) = (
                Source::new(Some("old.json"), old),
                Source::new(Some("new.json"), new),
            );
            let _ = render::text(&d);
            let _ = render::markdown(&d);
            serde_json::from_str::<serde_json::Value>(&render::json(&d))
                .expect("diff's JSON is JSON");
            let _ = render::sarif(&d, &o, &n);
            let _ = render::github(&d, &o, &n);
        }
        Err(e) => assert!(!e.error.message.is_empty()),
    }
    for text in [old, new] {
        let Ok(same) = diff::diff(text, text) else {
            continue;
        };
        assert!(
            same.changes.is_empty(),
            "a capture differs from itself: {:?}",
            same.changes.iter().map(|c| &c.message).collect::<Vec<_>>()
        );
        let servers = [("server".to_owned(), text.to_owned())];
        let lock = Lock::of(&servers).expect("a capture diff reads can be locked");
        let drifts = lock.verify(&servers).expect("the capture verifies");
        assert!(
            drifts.is_empty(),
            "a capture drifts from its own lock: {drifts:?}"
        );
        let read = Lock::parse(&lock.to_text()).expect("a lock written can be read");
        assert!(
            read.verify(&servers)
                .expect("the capture verifies")
                .is_empty()
        );
    }
    if let (Ok(lock), Ok(_)) = (
        Lock::of(&[("server".to_owned(), old.to_owned())]),
        diff::diff(old, new),
    ) {
        lock.verify(&[("server".to_owned(), new.to_owned())])
            .expect("a capture diff reads verifies");
    }
});
