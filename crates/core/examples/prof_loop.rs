#![allow(clippy::print_stdout)]
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
    let parse = std::env::var("PARSE").is_ok();
    if let Some(n) = std::env::var("ITER")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
    {
        // A fixed number of runs, for instruction counts (`valgrind --tool=callgrind`).
        for _ in 0..n {
            if parse {
                let _ = std::hint::black_box(serde_json::from_str::<serde_json::Value>(&text));
            } else {
                let _ = std::hint::black_box(toolcheck::check(&text, &s));
            }
        }
        return;
    }
    let t = std::time::Instant::now();
    let mut best = f64::INFINITY;
    while t.elapsed().as_secs_f64() < 4.0 {
        let b = std::time::Instant::now();
        for _ in 0..5 {
            if parse {
                let _ = std::hint::black_box(serde_json::from_str::<serde_json::Value>(&text));
            } else {
                let _ = std::hint::black_box(toolcheck::check(&text, &s));
            }
        }
        best = best.min(b.elapsed().as_secs_f64() / 5.0);
    }
    println!("{:.3} ms", best * 1e3);
}
