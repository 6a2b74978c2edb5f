//! Timing that holds up on a noisy machine, shared by the benches.

use std::time::{Duration, Instant};

/// The fastest time of `f` over runs of about `window`.
pub fn fastest(window: Duration, f: &mut dyn FnMut()) -> Duration {
    let start = Instant::now();
    let mut best = Duration::MAX;
    while start.elapsed() < window {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed());
    }
    best
}
