//! Strings for a `pattern`: one it matches, for a valid value, and one it
//! does not, for an invalid one.

use regex_syntax::hir::{Class, Hir, HirKind};

/// A string a simple `pattern` matches, of at least `min` characters when
/// the pattern can repeat: literals, classes, anchors, repetitions (their
/// least count, more for the first open one when the string is short),
/// groups and alternations (the first branch). `None` for what the regex
/// parser refuses, or a match that the pattern's own engine refuses.
pub(super) fn matching(pattern: &str, min: u64) -> Option<String> {
    let hir = regex_syntax::Parser::new().parse(pattern).ok()?;
    let re = crate::text::re::Regex::new(pattern).ok()?;
    let min = usize::try_from(min).unwrap_or(usize::MAX);
    let mut out = String::new();
    build(&hir, 0, &mut out)?;
    let short = out.chars().count();
    if short < min {
        let mut longer = String::new();
        if build(&hir, min - short, &mut longer).is_some() {
            out = longer;
        }
    }
    re.is_match(&out).then_some(out)
}

/// Writes a match of `hir`, with `extra` more repeats of the first
/// repetition that allows them.
fn build(hir: &Hir, extra: usize, out: &mut String) -> Option<usize> {
    let mut extra = extra;
    write(hir, &mut extra, out)?;
    Some(extra)
}

fn write(hir: &Hir, extra: &mut usize, out: &mut String) -> Option<()> {
    match hir.kind() {
        HirKind::Empty | HirKind::Look(_) => Some(()),
        HirKind::Literal(lit) => {
            out.push_str(std::str::from_utf8(&lit.0).ok()?);
            Some(())
        }
        HirKind::Class(Class::Unicode(class)) => {
            let range = class.ranges().first()?;
            // A letter or a digit when the class has one, for a readable value.
            let pick = class
                .ranges()
                .iter()
                .find_map(|r| {
                    ('a'..='z')
                        .chain('A'..='Z')
                        .chain('0'..='9')
                        .find(|c| r.start() <= *c && *c <= r.end())
                })
                .unwrap_or(range.start());
            out.push(pick);
            Some(())
        }
        HirKind::Class(Class::Bytes(class)) => {
            let range = class.ranges().first()?;
            out.push(char::from(range.start()));
            Some(())
        }
        HirKind::Repetition(rep) => {
            let mut times = rep.min.min(64);
            if *extra > 0 && rep.max.is_none_or(|max| max > rep.min) {
                let room = rep.max.map_or(u32::MAX, |max| max - rep.min);
                let more = u32::try_from(*extra).unwrap_or(u32::MAX).min(room).min(256);
                times += more;
                *extra -= usize::try_from(more).unwrap_or(0);
            }
            for _ in 0..times {
                write(&rep.sub, extra, out)?;
            }
            Some(())
        }
        HirKind::Capture(cap) => write(&cap.sub, extra, out),
        HirKind::Concat(parts) => parts.iter().try_for_each(|p| write(p, extra, out)),
        HirKind::Alternation(branches) => write(branches.first()?, extra, out),
    }
}

/// A string that `pattern` does not match.
pub(super) fn non_match(pattern: &str) -> Option<String> {
    let re = crate::text::re::Regex::new(pattern).ok()?;
    ["", "!", "~ not matching ~", "0", "a", "A-1 b"]
        .iter()
        .find(|c| !re.is_match(c))
        .map(|c| (*c).to_owned())
}
