#![allow(clippy::print_stdout)]
//! Times each rule alone on a capture: `cargo run --release -p toolcheck --example rule_timings -- FILE`.

use std::time::Instant;

/// One check, in seconds.
fn once(text: &str, settings: &toolcheck::Settings) -> f64 {
    let t = Instant::now();
    let _ = std::hint::black_box(toolcheck::check(text, settings));
    t.elapsed().as_secs_f64()
}

/// The fastest of `runs` checks with `settings`, and of as many without any
/// rule, taken in turns: the minimum is what the code costs, the rest is noise
/// (other processes, page faults, a machine whose speed drifts), and taking
/// them in turns keeps a drift from landing on one side only.
fn fastest_pair(
    text: &str,
    settings: &toolcheck::Settings,
    base: &toolcheck::Settings,
    runs: u32,
) -> (f64, f64) {
    let (mut a, mut b) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..runs {
        a = a.min(once(text, settings));
        b = b.min(once(text, base));
    }
    (a, b)
}

fn main() {
    let path = std::env::args().nth(1).expect("a capture file");
    let text = std::fs::read_to_string(&path).expect("readable");
    let all = toolcheck::Settings {
        targets: toolcheck::Targets::ALL,
        strict: true,
        ..Default::default()
    };
    let none = all.clone().only("no-such-rule");
    let runs: u32 = std::env::var("RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(15);
    // Warm up first (the heap, lazily built tables, the meta-schema
    // validators), or the first measurement pays for it and the first rule
    // timed after it looks slow.
    for _ in 0..3 {
        once(&text, &all);
    }
    let mut rows = Vec::new();
    let mut base = f64::INFINITY;
    for rule in toolcheck::RULES {
        let (t, b) = fastest_pair(&text, &all.clone().only(rule.id), &none, runs);
        base = base.min(b);
        rows.push(((t - b) * 1e3, rule.id));
    }
    println!("{:<40} {:>10.3} ms", "(parse, detect, metrics)", base * 1e3);
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (ms, id) in rows.iter().take(20) {
        println!("{id:<40} {ms:>10.3} ms");
    }
    let (total, _) = fastest_pair(&text, &all, &none, runs);
    println!(
        "{:<40} {:>10.3} ms",
        "(all rules, all providers, strict)",
        total * 1e3
    );
}
