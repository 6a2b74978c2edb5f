//! `check`: the first byte picks the settings, the rest is the paste.

#![no_main]

use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    let Some((settings, text)) = common::settings_and_text(data) else {
        return;
    };
    match toolcheck::check(text, &settings) {
        Ok(report) => common::render(&report, text),
        Err(e) => assert!(!e.message.is_empty()),
    }
});
