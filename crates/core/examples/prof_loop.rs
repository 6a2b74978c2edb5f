#![allow(clippy::print_stdout)]
//! Checks (or with `PARSE=1` only parses, with `PARSE=doc` into the
//! checker's own document) a capture over and over, for
//! profilers: `prof_loop FILE [RULE]` prints the fastest time per run over
//! 4 seconds; with `ITER=n` it runs exactly `n` times and prints nothing, for
//! instruction counts (`valgrind --tool=callgrind`).
fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap();
    let only = args.next();
    let text = std::fs::read_to_string(&path).unwrap();
    let mut s = toolcheck::Settings {
        targets: toolcheck::Targets::ALL,
        strict: true,
        ..Default::default()
    };
    if let Some(o) = only {
        s = s.only(Box::leak(o.into_boxed_str()));
    }
    let parse = std::env::var("PARSE").ok();
    let run = || {
        if parse.as_deref() == Some("doc") {
            let _ = std::hint::black_box(toolcheck::value::from_str(&text));
        } else if parse.is_some() {
            let _ = std::hint::black_box(serde_json::from_str::<serde_json::Value>(&text));
        } else {
            let _ = std::hint::black_box(toolcheck::check(&text, &s));
        }
    };
    if let Some(n) = std::env::var("ITER")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
    {
        (0..n).for_each(|_| run());
        return;
    }
    let t = std::time::Instant::now();
    let mut best = f64::INFINITY;
    while t.elapsed().as_secs_f64() < 4.0 {
        let b = std::time::Instant::now();
        (0..5).for_each(|_| run());
        best = best.min(b.elapsed().as_secs_f64() / 5.0);
    }
    println!("{:.3} ms", best * 1e3);
}
