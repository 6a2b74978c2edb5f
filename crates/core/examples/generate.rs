//! Writes a generated tool list to standard output, for memory measurements:
//! `cargo run --release -p toolcheck --example generate -- 5000 > tools.json`;
//! `-- 5000 nested` for the list whose fixes nest three levels deep.

#[path = "../benches/support/generate.rs"]
mod generate;

fn main() {
    let n = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000);
    let nested = std::env::args().nth(2).as_deref() == Some("nested");
    let text = if n == 0 {
        generate::pathological()
    } else if nested {
        generate::tools_list_nested(n, 42)
    } else {
        generate::tools_list(n, 42)
    };
    std::io::Write::write_all(&mut std::io::stdout(), text.as_bytes()).expect("stdout is writable");
}
