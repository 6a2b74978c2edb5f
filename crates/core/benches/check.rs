//! Check time against the parse-only floor, for each input, with MCP only and
//! with every provider plus strict mode.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use toolcheck::{Settings, Targets};

#[path = "support/generate.rs"]
mod generate;

fn inputs() -> Vec<(String, String)> {
    let corpus = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus/github-mcp-server.tools-list.json"
    );
    let mut inputs = vec![("sample".to_owned(), toolcheck::sample::TOOLS.to_owned())];
    match std::fs::read_to_string(corpus) {
        Ok(text) => inputs.push(("github-mcp-server".to_owned(), text)),
        Err(e) => eprintln!("skipping the corpus file ({corpus}): {e}"),
    }
    for n in [100, 1_000, 5_000] {
        inputs.push((format!("generated-{n}"), generate::tools_list(n, 42)));
    }
    inputs.push(("pathological".to_owned(), generate::pathological()));
    inputs
}

fn bench(c: &mut Criterion) {
    let mcp = Settings::default();
    let all = Settings {
        targets: Targets::ALL,
        strict: true,
        ..Settings::default()
    };
    for (name, text) in inputs() {
        let mut group = c.benchmark_group(&name);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.warm_up_time(Duration::from_secs(1));
        if text.len() > 1_000_000 {
            group
                .sample_size(10)
                .measurement_time(Duration::from_secs(6));
        } else {
            group
                .sample_size(20)
                .measurement_time(Duration::from_secs(3));
        }
        group.bench_function(BenchmarkId::new("parse-only", &name), |b| {
            b.iter(|| {
                black_box(serde_json::from_str::<serde_json::Value>(black_box(&text)).is_ok())
            });
        });
        group.bench_function(BenchmarkId::new("check-mcp", &name), |b| {
            b.iter(|| {
                black_box(toolcheck::check(black_box(&text), &mcp).map(|r| r.findings.len()))
            });
        });
        group.bench_function(BenchmarkId::new("check-all-strict", &name), |b| {
            b.iter(|| {
                black_box(toolcheck::check(black_box(&text), &all).map(|r| r.findings.len()))
            });
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
