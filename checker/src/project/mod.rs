//! The project model: `beeuni.yaml`, the files it imports, the tools they
//! declare and the agents they configure, each remembered with the file and
//! span it came from.
//!
//! Loading never fails on bad content: what cannot be understood becomes a
//! diagnostic and is left out of the model, so `tools ls` and `validate` can
//! still say everything else.

mod agent_visibility;
mod decls;
mod load;
pub mod names;
mod paths;
mod shape;
mod toolset;

pub use agent_visibility::{
    Agent, Harness, NamedRef, SecretsSpec, ToolsSpec, may_call, universe, visible_tools,
    visible_tools_for_subagent,
};
pub use decls::ToolEntry;
pub use load::{Loaded, MANIFEST_NAME, MAX_MANIFEST_BYTES, find_root, load};
pub use paths::{PathProblem, check_repo_path};
pub use toolset::{Tool, ToolKind, ToolSet};

use std::ops::Range;
use std::path::{Path, PathBuf};

use crate::yaml::Node;

/// One YAML file of the project: the root manifest or an import.
#[derive(Debug, Clone)]
pub struct ManifestFile {
    /// Relative to the project root.
    pub path: PathBuf,
    pub text: String,
    pub tree: Node,
}

/// Index into [`Project::files`]; 0 is `beeuni.yaml`.
pub type FileId = usize;

/// Where a key sits: its file and the byte span of the key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    pub file: FileId,
    pub span: Range<usize>,
}

#[derive(Debug, Clone)]
pub struct Project {
    pub root: PathBuf,
    /// The root manifest first, then imports in the order they were reached.
    pub files: Vec<ManifestFile>,
    /// Every `tools:` key, in file order: one anywhere means the project chose
    /// its Beeuni tools (SPEC 2.1).
    pub tools_keys: Vec<Origin>,
    /// Tool declarations in declaration order, duplicates included (the
    /// rules report them; the tool set keeps the first).
    pub tool_entries: Vec<ToolEntry>,
    pub agents: Vec<Agent>,
    /// Computed once: it checks every module path on disk, and several
    /// commands ask for it more than once.
    pub(crate) tool_set: std::sync::OnceLock<ToolSet>,
}

impl Project {
    pub fn file_path(&self, id: FileId) -> &Path {
        &self.files[id].path
    }

    pub fn manifest_path(&self) -> PathBuf {
        self.root.join(MANIFEST_NAME)
    }

    pub fn has_tools_key(&self) -> bool {
        !self.tools_keys.is_empty()
    }

    /// The tools a session gets and the Beeuni tools the project removed.
    pub fn tool_set(&self) -> &ToolSet {
        self.tool_set.get_or_init(|| toolset::compute(self))
    }

    pub fn agent(&self, name: &str) -> Option<&Agent> {
        self.agents.iter().find(|a| a.name == name)
    }

    /// The `tools` rule of `agent`. An agent `beeuni.yaml` does not configure
    /// gets SPEC 2.3's default for an omitted `tools`: every tool.
    pub fn tools_rule(&self, agent: &str) -> &ToolsSpec {
        const DEFAULT: &ToolsSpec = &ToolsSpec::All;
        self.agent(agent).map_or(DEFAULT, |a| &a.tools)
    }

    /// The `secrets` rule of `agent`; an agent not configured receives none.
    pub fn secrets_rule(&self, agent: &str) -> SecretsSpec {
        self.agent(agent)
            .map_or(SecretsSpec::List(Vec::new()), |a| a.secrets.clone())
    }

    /// The tools `agent` sees (and so may call) in `harness`. `parent` is the
    /// session's agent when a subagent calls: the experimental harness then
    /// allows only what both lists allow (SPEC 2.3).
    pub fn tools_seen_by(
        &self,
        agent: &str,
        parent: Option<&str>,
        harness: Harness,
    ) -> Vec<String> {
        let universe = universe(self.tool_set(), harness);
        match parent {
            Some(parent) => visible_tools_for_subagent(
                self.tools_rule(agent),
                self.tools_rule(parent),
                &universe,
                harness,
            ),
            None => visible_tools(self.tools_rule(agent), &universe, harness),
        }
    }
}
