//! Tool annotations (`readOnlyHint`, `destructiveHint`, …).

pub(crate) mod annotation_contradicts_tool;
