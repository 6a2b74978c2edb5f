//! Reading names and prose: what the rules that care about words share, so
//! each judgement is made in one place and tuned with one test table.

pub(crate) mod prose;
pub(crate) mod scan;
pub(crate) mod sensitive;
pub(crate) mod unicode;
pub(crate) mod words;
