#![allow(clippy::print_stdout)]
//! Times each rule alone on a capture: `cargo run --release -p toolcheck --example rule_timings -- FILE`.

use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).expect("a capture file");
    let text = std::fs::read_to_string(&path).expect("readable");
    let all = toolcheck::Settings {
        targets: toolcheck::Targets::ALL,
        strict: true,
        ..Default::default()
    };
    let runs = 20;
    let base = {
        let t = Instant::now();
        for _ in 0..runs {
            let _ = toolcheck::check(&text, &all.clone().only("no-such-rule"));
        }
        t.elapsed().as_secs_f64() / f64::from(runs)
    };
    println!("{:<40} {:>10.3} ms", "(parse, detect, metrics)", base * 1e3);
    let mut rows = Vec::new();
    for rule in toolcheck::RULES {
        let settings = all.clone().only(rule.id);
        let t = Instant::now();
        for _ in 0..runs {
            let _ = toolcheck::check(&text, &settings);
        }
        rows.push((
            (t.elapsed().as_secs_f64() / f64::from(runs) - base) * 1e3,
            rule.id,
        ));
    }
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (ms, id) in rows.iter().take(15) {
        println!("{id:<40} {ms:>10.3} ms");
    }
}
