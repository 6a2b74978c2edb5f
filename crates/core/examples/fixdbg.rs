fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    let s = match std::env::args().nth(2).as_deref() { Some("all") => toolcheck::Settings { targets: toolcheck::Targets::ALL, strict: true, ..Default::default() }, Some("gemini") => toolcheck::Settings { targets: toolcheck::Targets::GEMINI, ..Default::default() }, _ => toolcheck::Settings::default() };
    let r = toolcheck::check(&text, &s).unwrap();
    for f in &r.findings { println!("{} {} {} fix={:?}", f.rule.id, f.path, f.message, f.autofix.as_ref().map(|x| &x.title)); }
    let fixed = toolcheck::fix::fix(&text, &s, toolcheck::fix::Applicability::Unsafe).unwrap();
    println!("{}", fixed.text);
    for a in &fixed.applied { println!("applied {} {}", a.rule.id, a.path); }
    for a in &fixed.skipped { println!("skipped {} {} {}", a.rule.id, a.path, a.reason); }
}
