//! What several rules (and the corpus metrics) compute from the same input:
//! the walk of every schema, the provider walks of strict tools, and the
//! analysis of descriptions. Each part is computed once for the tools a
//! cache serves (a window of tools, or the whole list), on first use, and
//! shared, so adding a rule that walks the schemas costs the rule's own work
//! and not another walk. A window's cache is dropped with the window, once
//! it has handed on what the list rules need ([`PerTool`]).

use std::cell::{OnceCell, RefCell};

use crate::input::Tool;
use crate::path::Path;
use crate::rules::facts::{self, ProseEnum, Tally};
use crate::rules::provider::{self, RegexFeature, SchemaNode};
use crate::rules::reach::{self, Reach, Unused};
use crate::rules::walk::{self, Node, Via};
use crate::text::similarity::DescriptionWords;
use crate::text::words;
use crate::value::Value;

/// One walked schema: every subschema, in walk order, and which of them its
/// root reaches ([`reach`]).
pub(crate) struct Walked<'a> {
    nodes: Vec<Node<'a>>,
    /// Whether the root reaches each node; empty when it reaches all of them.
    reached: Vec<bool>,
    /// The outermost definitions nothing reaches.
    pub unused: Vec<Unused<'a>>,
}

impl<'a> Walked<'a> {
    fn new(schema: Option<&'a Value>, path: impl FnOnce() -> Path) -> Self {
        let mut nodes = Vec::new();
        let Some(schema) = schema else {
            return Self {
                nodes,
                reached: Vec::new(),
                unused: Vec::new(),
            };
        };
        walk::walk(schema, &path(), &mut |node| nodes.push(node.clone()));
        // Kept for the whole window: no spare capacity.
        nodes.shrink_to_fit();
        let Reach { reached, unused } = reach::reach(schema, &nodes);
        Self {
            nodes,
            reached,
            unused,
        }
    }

    /// The subschemas the root reaches, with their positions among all of
    /// them, in walk order: what the rules check.
    pub(crate) fn reached(&self) -> impl Iterator<Item = (usize, &Node<'a>)> + Clone {
        self.nodes
            .iter()
            .enumerate()
            .filter(|(i, _)| self.reached.get(*i).copied().unwrap_or(true))
    }

    /// Every subschema, reached or not, in walk order: what a model reads.
    pub(crate) fn everywhere(&self) -> &[Node<'a>] {
        &self.nodes
    }
}

/// The walked schemas of one tool.
pub(crate) struct ToolNodes<'a> {
    /// The input schema.
    pub input: Walked<'a>,
    /// The MCP `outputSchema`.
    pub output: Walked<'a>,
}

impl<'a> crate::rules::Definitions<'a> {
    /// Every tool with its walked schemas, in tool order.
    pub(crate) fn tool_nodes(&self) -> impl Iterator<Item = (&'a Tool<'a>, &ToolNodes<'a>)> + '_ {
        let tools = self.tools();
        tools.iter().zip(self.cache.nodes(tools))
    }
}

/// The nodes that [`provider::walk_schema`] visits, entering only `descend`,
/// taken from the full walk of the same schema (which visits them in the
/// same order, with the same paths), with their object nesting levels.
///
/// Each entry is the node's position in `nodes` and its level, which is all
/// a [`SchemaNode`] adds to a [`Node`]; see [`schema_node`].
fn strict_subset<'n, 'a: 'n>(
    nodes: impl Iterator<Item = (usize, &'n Node<'a>)>,
    descend: &[&str],
) -> Vec<(u32, u32)> {
    /// What a child needs to know of the node above it.
    struct Parent {
        entered: bool,
        level: usize,
        is_object: bool,
    }
    // At most one entry per node: one allocation, trimmed at the end.
    let mut out = Vec::with_capacity(nodes.size_hint().0);
    // The ancestors of the current node, root first (`stack[d]` is at depth `d`).
    let mut stack: Vec<Parent> = Vec::new();
    for (i, node) in nodes {
        stack.truncate(node.depth);
        if stack.last().is_some_and(|p| !p.entered) {
            // Below a keyword the provider walk does not enter.
            stack.push(Parent {
                entered: false,
                level: 0,
                is_object: false,
            });
            continue;
        }
        let is_object = node.object().is_some_and(provider::is_object_schema);
        let (entered, level) = match (stack.last(), node.via) {
            (None, _) => (true, usize::from(is_object)),
            (Some(parent), via) => {
                let keyword = match via {
                    Via::Root => "",
                    Via::Property(_) => "properties",
                    Via::Named(kw, _) | Via::Keyword(kw) | Via::Element(kw, _) => kw,
                };
                (
                    parent.entered && descend.iter().any(|d| crate::value::same(d, keyword)),
                    provider::child_level(parent.level, parent.is_object, via, is_object),
                )
            }
        };
        if entered {
            // Positions and levels are bounded by the document's size.
            out.push((
                u32::try_from(i).unwrap_or(u32::MAX),
                u32::try_from(level).unwrap_or(u32::MAX),
            ));
        }
        stack.push(Parent {
            entered,
            level,
            is_object,
        });
    }
    out.shrink_to_fit();
    out
}

/// The provider walk's view of a node of the full walk.
fn schema_node<'a, 'n>(node: &'n Node<'a>, level: usize) -> SchemaNode<'a, 'n> {
    SchemaNode {
        value: node.value,
        path: &node.path,
        via: node.via,
        level,
    }
}

/// One tool's provider walk, computed on first use: the positions of the
/// nodes it visits in the full walk, with their levels (see `strict_subset`).
type ProviderNodes = OnceCell<Vec<(u32, u32)>>;

/// The shared computations over one window of tools, or over the list.
#[derive(Default)]
pub(crate) struct Cache<'a> {
    nodes: OnceCell<Vec<ToolNodes<'a>>>,
    /// Provider walks of each tool's input schema, by keyword set
    /// ([`provider::OPENAI_STRICT_DESCEND`], then [`provider::CLAUDE_STRICT_DESCEND`]).
    provider: [OnceCell<Vec<ProviderNodes>>; 2],
    words: OnceCell<Vec<DescriptionWords>>,
    unique: OnceCell<Vec<Option<usize>>>,
    prose: OnceCell<Vec<Vec<Option<ProseEnum>>>>,
    names: OnceCell<words::WordMap<&'a str, usize>>,
    claude_tallies: OnceCell<Vec<Tally>>,
    /// What each tool can do, for the toxic-flow rules and the report's
    /// tool summaries.
    #[cfg(feature = "flows")]
    capabilities: OnceCell<Vec<Vec<crate::capability::Evidence>>>,
    /// What [`provider::regex_feature`] found in each `pattern`, parsed once
    /// for the OpenAI and the Claude pattern rules.
    patterns: RefCell<Vec<(&'a str, Option<RegexFeature>)>>,
}

/// What the rules that look at the whole list need of each tool, handed
/// from the caches of consecutive windows of tools to the cache of the whole
/// list. Nothing else outlives its window: a window's walks are dropped with
/// it, so memory holds the walks of one window at a time, not of every tool.
#[derive(Default)]
pub(crate) struct PerTool {
    /// Each tool's share of Claude's request-wide strict limits, when Claude is
    /// a target.
    claude_tallies: Option<Vec<Tally>>,
    /// The analysis of each description, while every window so far made it
    /// (`thin-description` does), for the rules that compare descriptions.
    /// The page's module and its worker, built without the `incremental`
    /// feature for their size, leave it out and analyse the descriptions
    /// again for those rules (about 4% of a check of 5,000 tools).
    #[cfg(feature = "incremental")]
    words: Option<Vec<DescriptionWords>>,
}

impl PerTool {
    /// Collects what the list rules of a check need: the tallies, when the
    /// check runs the rule that adds them up, and the descriptions' analysis.
    pub(crate) fn new(claude_tallies: bool) -> Self {
        Self {
            claude_tallies: claude_tallies.then(Vec::new),
            #[cfg(feature = "incremental")]
            words: Some(Vec::new()),
        }
    }
}

impl<'a> crate::rules::Definitions<'a> {
    /// Moves what the list rules need of this window's tools to the end of
    /// `into`, and drops the rest of the window's cache.
    pub(crate) fn hand_over(self, into: &mut PerTool) {
        if let Some(all) = &mut into.claude_tallies {
            self.cache.claude_strict_tallies(&self);
            all.extend(self.cache.claude_tallies.into_inner().unwrap_or_default());
        }
        #[cfg(feature = "incremental")]
        if let Some(all) = &mut into.words {
            match self.cache.words.into_inner() {
                Some(words) => all.extend(words),
                None => into.words = None,
            }
        }
    }
}

impl<'a> Cache<'a> {
    /// A cache for the list whose tools were all handed over to `per_tool`,
    /// in order.
    pub(crate) fn adopt(per_tool: PerTool) -> Self {
        Self {
            claude_tallies: per_tool
                .claude_tallies
                .map(OnceCell::from)
                .unwrap_or_default(),
            #[cfg(feature = "incremental")]
            words: per_tool.words.map(OnceCell::from).unwrap_or_default(),
            ..Self::default()
        }
    }

    /// Each tool's share of Claude's request-wide strict limits
    /// ([`facts::tallies`]), in tool order.
    /// The first feature of `pattern` that a provider's strict grammar may
    /// not support ([`provider::regex_feature`]), parsed once.
    pub(crate) fn regex_feature(&self, pattern: &'a str) -> Option<RegexFeature> {
        // A window's tools have few distinct patterns: a list is enough.
        if let Some((_, found)) = self.patterns.borrow().iter().find(|(p, _)| *p == pattern) {
            return *found;
        }
        let found = provider::regex_feature(pattern);
        self.patterns.borrow_mut().push((pattern, found));
        found
    }

    pub(crate) fn claude_strict_tallies(&self, cx: &crate::rules::Definitions<'a>) -> &[Tally] {
        self.claude_tallies.get_or_init(|| facts::tallies(cx))
    }

    /// The walked schemas of each of `tools`.
    fn walk(tools: &'a [Tool<'a>]) -> Vec<ToolNodes<'a>> {
        tools
            .iter()
            .map(|tool| ToolNodes {
                input: Walked::new(tool.input_schema(), || tool.input_schema_path()),
                output: Walked::new(tool.output_schema(), || tool.path.key("outputSchema")),
            })
            .collect()
    }

    /// The walked schemas of every tool, in tool order.
    pub(crate) fn nodes(&self, tools: &'a [Tool<'a>]) -> &[ToolNodes<'a>] {
        self.nodes.get_or_init(|| Self::walk(tools))
    }

    /// Visits what [`provider::walk_schema`] visits in the input schema of
    /// the tool at position `i`, entering `descend`, when `descend` is one of
    /// the two keyword sets the provider rules share; `false` (and no visit)
    /// for another set.
    pub(crate) fn provider_walk(
        &self,
        tools: &'a [Tool<'a>],
        i: usize,
        descend: &[&str],
        visit: &mut dyn FnMut(&SchemaNode<'a, '_>),
    ) -> bool {
        // The rules pass the statics themselves, so their addresses settle it
        // without comparing every keyword; the contents only for another set.
        let sets = [
            provider::OPENAI_STRICT_DESCEND,
            provider::CLAUDE_STRICT_DESCEND,
        ];
        let Some(slot) = sets
            .iter()
            .position(|set| std::ptr::eq(descend, *set))
            .or_else(|| sets.iter().position(|set| descend == *set))
        else {
            return false;
        };
        let Some(walked) = self.nodes(tools).get(i).map(|n| &n.input) else {
            return true;
        };
        let per_tool =
            self.provider[slot].get_or_init(|| tools.iter().map(|_| OnceCell::new()).collect());
        let Some(entered) = per_tool
            .get(i)
            .map(|cell| cell.get_or_init(|| strict_subset(walked.reached(), descend)))
        else {
            return true;
        };
        for &(at, level) in entered {
            if let Some(node) = walked.everywhere().get(at as usize) {
                visit(&schema_node(node, level as usize));
            }
        }
        true
    }

    /// The words of every tool's description, in tool order.
    pub(crate) fn words(&self, tools: &'a [Tool<'a>]) -> &[DescriptionWords] {
        self.words.get_or_init(|| {
            tools
                .iter()
                .map(|t| DescriptionWords::of(t.description()))
                .collect()
        })
    }

    /// [`Cache::words`], taken out of the cache (made now if no rule made them).
    pub(crate) fn take_words(&mut self, tools: &'a [Tool<'a>]) -> Vec<DescriptionWords> {
        self.words.take().unwrap_or_else(|| {
            tools
                .iter()
                .map(|t| DescriptionWords::of(t.description()))
                .collect()
        })
    }

    /// What each tool can do ([`crate::capability::of`]), in tool order.
    #[cfg(feature = "flows")]
    pub(crate) fn capabilities(
        &self,
        tools: &'a [Tool<'a>],
    ) -> &[Vec<crate::capability::Evidence>] {
        self.capabilities
            .get_or_init(|| tools.iter().map(crate::capability::of).collect())
    }

    /// [`Cache::capabilities`], taken out of the cache (made now if no rule
    /// made them).
    #[cfg(feature = "flows")]
    pub(crate) fn take_capabilities(
        &mut self,
        tools: &'a [Tool<'a>],
    ) -> Vec<Vec<crate::capability::Evidence>> {
        self.capabilities
            .take()
            .unwrap_or_else(|| tools.iter().map(crate::capability::of).collect())
    }

    /// How many tools have each (string) name.
    pub(crate) fn name_counts(&self, tools: &'a [Tool<'a>]) -> &words::WordMap<&'a str, usize> {
        self.names.get_or_init(|| {
            let mut counts = words::WordMap::default();
            for name in tools.iter().filter_map(Tool::name) {
                *counts.entry(name).or_insert(0) += 1;
            }
            counts
        })
    }

    /// [`words::unique_word_counts_of`] the tools.
    pub(crate) fn unique_word_counts(&self, tools: &'a [Tool<'a>]) -> &[Option<usize>] {
        self.unique.get_or_init(|| {
            let words = self.words(tools);
            words::unique_word_counts_of(words.iter().map(|w| &w.content))
        })
    }

    /// For every tool, for every input-schema node: the set its description
    /// names in prose ([`facts::prose_enum()`]) when the node is a parameter.
    pub(crate) fn prose_enums(&self, tools: &'a [Tool<'a>]) -> &[Vec<Option<ProseEnum>>] {
        self.prose.get_or_init(|| {
            self.nodes(tools)
                .iter()
                .zip(tools)
                .map(|(nodes, tool)| {
                    nodes
                        .input
                        .reached()
                        .map(|(_, node)| {
                            if facts::is_parameter(tool, node) {
                                facts::prose_enum(node)
                            } else {
                                None
                            }
                        })
                        .collect()
                })
                .collect()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::provider::{CLAUDE_STRICT_DESCEND, OPENAI_STRICT_DESCEND, walk_schema};

    /// Every schema of every fixture and of the sample: the strict nodes taken
    /// from the full walk are exactly those the provider walk visits.
    #[test]
    fn strict_subset_matches_the_provider_walk() {
        let mut schemas = 0;
        for doc in crate::report::testing::json_documents(false)
            .into_iter()
            .map(crate::value::Value::from)
        {
            let mut stack = vec![&doc];
            while let Some(v) = stack.pop() {
                match v {
                    crate::value::Value::Array(items) => stack.extend(items),
                    crate::value::Value::Object(map) => stack.extend(map.values()),
                    _ => {}
                }
                let path = Path::root().key("x");
                let mut all = Vec::new();
                walk::walk(v, &path, &mut |n| all.push(n.clone()));
                for descend in [OPENAI_STRICT_DESCEND, CLAUDE_STRICT_DESCEND] {
                    let mut expected = Vec::new();
                    walk_schema(v, &path, descend, &mut |n| {
                        expected.push((n.path.clone(), n.via, n.level))
                    });
                    let got: Vec<_> = strict_subset(all.iter().enumerate(), descend)
                        .into_iter()
                        .map(|(i, level)| schema_node(&all[i as usize], level as usize))
                        .map(|n| (n.path.clone(), n.via, n.level))
                        .collect();
                    assert_eq!(got, expected, "{v}");
                }
                schemas += 1;
            }
        }
        assert!(schemas > 1000, "{schemas}");
    }
}
