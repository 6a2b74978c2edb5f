//! Several servers checked together against one server of the same size:
//! 20 captures of 100 tools each ([`toolcheck::checking::check_servers`],
//! every rule about the combination included) against one capture of 2,000
//! tools, with MCP only and with every provider plus strict mode. Prints the
//! fastest of interleaved runs and their ratio; the bound is 1.5×.
//!
//! `cargo bench -p toolcheck --bench servers`

use std::hint::black_box;
use std::time::Duration;

use toolcheck::checking::check_servers;
use toolcheck::servers::{Capture, ServerInput};
use toolcheck::{Settings, Targets};

#[path = "support/generate.rs"]
#[allow(dead_code)] // The bench uses the lists, not the pathological input.
mod generate;

#[path = "support/timing.rs"]
mod timing;
use timing::fastest;

/// Turns of each measurement, interleaved so a drifting machine slows both alike.
const ROUNDS: usize = 10;

#[allow(clippy::print_stdout)] // The bench's report.
fn main() {
    let one = generate::tools_list(2_000, 42);
    let parts: Vec<String> = (0..20)
        .map(|s| generate::tools_list(100, 100 + s))
        .collect();
    let inputs: Vec<ServerInput<'_>> = parts
        .iter()
        .enumerate()
        .map(|(i, text)| ServerInput {
            name: format!("server-{i}"),
            capture: Capture::Text(text),
        })
        .collect();
    let all = Settings {
        targets: Targets::ALL,
        strict: true,
        ..Settings::default()
    };
    println!(
        "{:<26} {:>14} {:>16} {:>7}",
        "settings", "1 × 2,000 tools", "20 × 100 tools", "ratio"
    );
    for (label, settings) in [
        ("mcp", Settings::default()),
        ("all providers + strict", all),
    ] {
        let window = Duration::from_millis(400);
        let (mut single, mut several) = (Duration::MAX, Duration::MAX);
        for _ in 0..ROUNDS {
            single = single.min(fastest(window, &mut || {
                black_box(
                    toolcheck::check(black_box(&one), &settings)
                        .map(|r| r.findings.len())
                        .ok(),
                );
            }));
            several = several.min(fastest(window, &mut || {
                black_box(check_servers(black_box(&inputs), &settings).counts);
            }));
        }
        println!(
            "{label:<26} {:>11.2} ms {:>13.2} ms {:>6.2}×",
            single.as_secs_f64() * 1e3,
            several.as_secs_f64() * 1e3,
            several.as_secs_f64() / single.as_secs_f64()
        );
    }
}
