//! Descriptions that read the same: identical once normalised, or sharing
//! nearly all their content words. The rule about one list's tools and the
//! rule across servers find their pairs here.

use std::collections::hash_map::Entry;

use super::words::{self, WordMap, Words};

/// The words of one tool's description.
pub(crate) struct DescriptionWords {
    /// The content words of the description and its normalised text
    /// ([`words::analyse`]; empty without one).
    pub content: words::Words,
    /// Whether the tool has a (string) description.
    pub described: bool,
}

impl DescriptionWords {
    /// The words of a tool's description, `None` when it has none.
    pub(crate) fn of(description: Option<&str>) -> Self {
        match description {
            Some(text) => DescriptionWords {
                content: words::analyse(text),
                described: true,
            },
            None => DescriptionWords {
                content: words::Words::default(),
                described: false,
            },
        }
    }

    /// The description as its lowercase words ([`words::Words::normalised`]),
    /// when there is one.
    pub(crate) fn normalised(&self) -> Option<&str> {
        self.described.then(|| self.content.normalised())
    }
}

/// Jaccard threshold, as a fraction.
const NUM: usize = 9;
const DEN: usize = 10;
/// Both descriptions need at least this many content words for the fuzzy match.
const MIN_WORDS: usize = 5;
/// The most candidates compared for one tool.
const MAX_CANDIDATES: usize = 64;

/// `ceil(n · NUM / DEN)`: the overlap a set of `n` words needs.
fn needed(n: usize) -> usize {
    (n * NUM).div_ceil(DEN)
}

/// How alike two descriptions are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Similarity {
    /// The same words, after lowercasing and dropping punctuation.
    Identical,
    /// Nearly the same: this share of their content words, in percent.
    Near(usize),
}

/// Each description that is the same as an earlier one, or nearly the
/// same, with the earliest such one: `(later, earlier, how alike)`, in the
/// order of the later one. Pairs `apart(later, earlier)` rejects are never
/// matched (the rule across servers leaves two tools of one server to this
/// rule). An identical match is only looked for in the earliest tool with
/// the same text, so `apart` must reject every earlier tool of the later
/// one's group, or none.
pub(crate) fn similar_pairs(
    words: &[&DescriptionWords],
    apart: impl Fn(usize, usize) -> bool,
) -> Vec<(usize, usize, Similarity)> {
    let mut found = Vec::new();
    // Identical after normalising: one hash map.
    let mut first_with: WordMap<&str, usize> =
        WordMap::with_capacity_and_hasher(words.len(), Default::default());
    let mut done = vec![false; words.len()];
    for (i, w) in words.iter().enumerate() {
        let Some(key) = w.normalised() else {
            continue;
        };
        if key.is_empty() {
            continue;
        }
        match first_with.entry(key) {
            Entry::Occupied(e) => {
                if !apart(i, *e.get()) {
                    found.push((i, *e.get(), Similarity::Identical));
                    done[i] = true;
                }
            }
            Entry::Vacant(e) => {
                e.insert(i);
            }
        }
    }

    // Nearly identical: prefix filtering on word sets sorted rarest first.
    let empty = Words::default();
    let sets: Vec<&Words> = words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            if !done[i] && w.content.len() >= MIN_WORDS {
                &w.content
            } else {
                &empty
            }
        })
        .collect();
    // Each distinct word gets a number; each set becomes its sorted numbers,
    // so comparing two sets is a merge rather than a hash lookup per word.
    let mut ids: WordMap<&str, u32> = WordMap::default();
    let mut names: Vec<&str> = Vec::new();
    let mut id_sets: Vec<Vec<u32>> = Vec::with_capacity(sets.len());
    for set in &sets {
        let mut v = Vec::with_capacity(set.len());
        for w in set.iter() {
            let id = *ids.entry(w).or_insert_with(|| {
                names.push(w);
                u32::try_from(names.len() - 1).unwrap_or(u32::MAX)
            });
            v.push(id);
        }
        v.sort_unstable();
        id_sets.push(v);
    }
    let mut frequency = vec![0usize; names.len()];
    for id in id_sets.iter().flatten() {
        frequency[*id as usize] += 1;
    }
    let mut index: Vec<Vec<usize>> = vec![Vec::new(); names.len()];
    // `seen[j] == i + 1`: tool `j` was already a candidate for tool `i`.
    let mut seen = vec![0usize; sets.len()];
    for (i, own) in id_sets.iter().enumerate() {
        if own.is_empty() {
            continue;
        }
        // Rarest first; the words of a set are distinct, so the order is total.
        let mut keyed: Vec<(usize, &str, u32)> = own
            .iter()
            .map(|&id| (frequency[id as usize], names[id as usize], id))
            .collect();
        keyed.sort_unstable();
        let n = keyed.len();
        let prefix = &keyed[..n - needed(n) + 1];
        let mut best: Option<(usize, usize)> = None;
        let mut checked = 0;
        'probe: for &(_, _, w) in prefix {
            for &j in &index[w as usize] {
                if seen[j] == i + 1 || apart(i, j) {
                    continue;
                }
                seen[j] = i + 1;
                if checked == MAX_CANDIDATES {
                    break 'probe;
                }
                checked += 1;
                let other = &id_sets[j];
                let m = other.len();
                if DEN * n.min(m) < NUM * n.max(m) {
                    continue;
                }
                // Jaccard similarity of at least NUM / DEN needs this overlap.
                let need = (NUM * (n + m)).div_ceil(NUM + DEN);
                let Some(shared) = common_at_least(own, other, need) else {
                    continue;
                };
                let union = n + m - shared;
                if DEN * shared >= NUM * union && best.is_none_or(|(b, _)| j < b) {
                    best = Some((j, shared * 100 / union));
                }
            }
        }
        if let Some((j, percent)) = best {
            found.push((i, j, Similarity::Near(percent)));
        }
        for &(_, _, w) in prefix {
            index[w as usize].push(i);
        }
    }
    found
}

/// The number of values two sorted, duplicate-free lists share, when it is
/// at least `need`; `None` otherwise, as soon as either list has passed more
/// values without a match than it can spare.
///
/// The merge steps without branching on the comparison: which list moves on
/// is as good as random, and a mispredicted branch per step cost more than
/// the rest of the rule.
fn common_at_least(a: &[u32], b: &[u32], need: usize) -> Option<usize> {
    let spare_a = a.len().checked_sub(need)?;
    let spare_b = b.len().checked_sub(need)?;
    let (mut i, mut j, mut shared) = (0, 0, 0);
    while let (Some(&x), Some(&y)) = (a.get(i), b.get(j)) {
        shared += usize::from(x == y);
        i += usize::from(x <= y);
        j += usize::from(y <= x);
        if i - shared > spare_a || j - shared > spare_b {
            return None;
        }
    }
    (shared >= need).then_some(shared)
}

#[cfg(test)]
mod tests {
    use super::needed;

    /// `common_at_least` counts what a set intersection counts, when that
    /// reaches `need`, over lists of every shape up to seven values from a
    /// small range and every `need`.
    #[test]
    fn common_is_the_intersection_size() {
        use std::collections::BTreeSet;
        let lists: Vec<Vec<u32>> = (0u32..128)
            .map(|bits| (0..7).filter(|v| bits & (1 << v) != 0).collect())
            .collect();
        for a in &lists {
            for b in &lists {
                let plain = a
                    .iter()
                    .collect::<BTreeSet<_>>()
                    .intersection(&b.iter().collect())
                    .count();
                for need in 0..=8 {
                    assert_eq!(
                        super::common_at_least(a, b, need),
                        (plain >= need).then_some(plain),
                        "{a:?} {b:?} {need}"
                    );
                }
            }
        }
    }

    #[test]
    fn prefix_lengths() {
        assert_eq!(needed(5), 5);
        assert_eq!(needed(10), 9);
        assert_eq!(needed(11), 10);
        assert_eq!(needed(20), 18);
    }
}
