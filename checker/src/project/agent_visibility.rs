//! Agents and which tools each one sees (SPEC 2.3).
//!
//! `agents.<name>.tools` takes five forms; [`ToolsSpec`] keeps which one was
//! written so the rules can point at each named tool. Visibility is decided
//! per harness: the standard harness (opencode) ties `write`, `edit` and
//! `apply_patch` into one permission and lets `bash` cover `pty_*`.

use std::ops::Range;
use std::path::Path;

use crate::diagnostics::Diagnostic;
use crate::diagnostics::codes::DUPLICATE_AGENT;
use crate::yaml::Node;

use super::names::{HARNESS_TOOLS, PTY_PREFIX, STANDARD_PTY_TOOLS};
use super::shape::{check_duplicate_keys, wrong_type};
use super::{FileId, ToolSet};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Harness {
    /// opencode, which reaches project tools through the forwarding plugin.
    Standard,
    /// Calls tool modules inside the daemon's process.
    Experimental,
}

impl Harness {
    /// Both harnesses, in the order messages list them.
    pub const ALL: [Harness; 2] = [Harness::Standard, Harness::Experimental];

    /// The name the CLI, the daemon's `harness` field and messages use.
    pub fn name(self) -> &'static str {
        match self {
            Harness::Standard => "standard",
            Harness::Experimental => "experimental",
        }
    }

    /// The harness a `name` names, if any.
    pub fn from_name(name: &str) -> Option<Harness> {
        Harness::ALL.into_iter().find(|h| h.name() == name)
    }
}

/// A tool name as written in an agent's configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedRef {
    pub name: String,
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolsSpec {
    /// Omitted, or `all`.
    All,
    None,
    List(Vec<NamedRef>),
    Exclude(Vec<NamedRef>),
    /// The older `{ bash: false, … }` form; names mapped to `false` are removed.
    Map(Vec<(NamedRef, bool)>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SecretsSpec {
    All,
    List(Vec<String>),
}

impl SecretsSpec {
    pub fn allows(&self, secret: &str) -> bool {
        match self {
            SecretsSpec::All => true,
            SecretsSpec::List(names) => names.iter().any(|n| n == secret),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Agent {
    pub name: String,
    pub file: FileId,
    pub name_span: Range<usize>,
    pub tools: ToolsSpec,
    /// An agent that names no secrets receives none.
    pub secrets: SecretsSpec,
}

impl Agent {
    /// Every tool name the configuration mentions, in order, for the rules.
    pub fn named_tools(&self) -> Vec<&NamedRef> {
        match &self.tools {
            ToolsSpec::All | ToolsSpec::None => Vec::new(),
            ToolsSpec::List(names) | ToolsSpec::Exclude(names) => names.iter().collect(),
            ToolsSpec::Map(entries) => entries.iter().map(|(n, _)| n).collect(),
        }
    }
}

fn duplicate_agent(file: &Path, again: &Agent, first_file: &Path, first: &Agent) -> Diagnostic {
    Diagnostic::new(
        &DUPLICATE_AGENT,
        format!("agent `{}` is configured in more than one file", again.name),
    )
    .at(file, again.name_span.clone())
    .label("configured again here")
    .related(first_file, first.name_span.clone(), "first configured here")
    .help("configure each agent in one file; the first configuration is used")
}

fn names(file: &Path, list: &Node, diagnostics: &mut Vec<Diagnostic>) -> Vec<NamedRef> {
    list.items()
        .unwrap_or_default()
        .iter()
        .filter_map(|item| match item.as_str() {
            Some(name) => Some(NamedRef {
                name: name.to_string(),
                span: item.span.clone(),
            }),
            None => {
                diagnostics.push(wrong_type(file, item, "a tool name", "a string"));
                None
            }
        })
        .collect()
}

const TOOLS_FORMS: &str = "`all`, `none`, a list of tool names, `{ exclude: [...] }` or a map of tool names to true/false";

fn parse_tools(file: &Path, node: &Node, diagnostics: &mut Vec<Diagnostic>) -> ToolsSpec {
    if node.is_null() {
        return ToolsSpec::All;
    }
    match node.as_str() {
        Some("all") => return ToolsSpec::All,
        Some("none") => return ToolsSpec::None,
        _ => {}
    }
    if node.items().is_some() {
        return ToolsSpec::List(names(file, node, diagnostics));
    }
    if let Some(entries) = node.entries() {
        if let [only] = entries
            && only.key.as_str() == Some("exclude")
        {
            if only.value.items().is_none() && !only.value.is_null() {
                diagnostics.push(wrong_type(
                    file,
                    &only.value,
                    "`exclude`",
                    "a list of tool names",
                ));
                return ToolsSpec::All;
            }
            return ToolsSpec::Exclude(names(file, &only.value, diagnostics));
        }
        let mut map = Vec::new();
        for entry in entries {
            match (entry.key.as_str(), entry.value.as_bool()) {
                (Some(name), Some(enabled)) => map.push((
                    NamedRef {
                        name: name.to_string(),
                        span: entry.key.span.clone(),
                    },
                    enabled,
                )),
                (None, _) => {
                    diagnostics.push(wrong_type(file, &entry.key, "a tool name", "a string"))
                }
                (Some(name), None) => {
                    let what = format!("`{name}` in the tools map");
                    diagnostics.push(wrong_type(file, &entry.value, &what, "true or false"));
                }
            }
        }
        return ToolsSpec::Map(map);
    }
    diagnostics.push(wrong_type(file, node, "an agent's `tools`", TOOLS_FORMS));
    ToolsSpec::All
}

fn parse_secrets(
    file: &Path,
    node: Option<&Node>,
    diagnostics: &mut Vec<Diagnostic>,
) -> SecretsSpec {
    let Some(node) = node.filter(|n| !n.is_null()) else {
        return SecretsSpec::List(Vec::new());
    };
    if node.as_str() == Some("all") {
        return SecretsSpec::All;
    }
    if node.items().is_some() {
        return SecretsSpec::List(
            names(file, node, diagnostics)
                .into_iter()
                .map(|n| n.name)
                .collect(),
        );
    }
    diagnostics.push(wrong_type(
        file,
        node,
        "an agent's `secrets`",
        "`all` or a list of secret names",
    ));
    SecretsSpec::List(Vec::new())
}

pub(super) fn parse_agents(
    id: FileId,
    file: &Path,
    agents: &Node,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Agent> {
    if agents.is_null() {
        return Vec::new();
    }
    let Some(entries) = agents.entries() else {
        diagnostics.push(wrong_type(
            file,
            agents,
            "`agents`",
            "a mapping of agent names to their settings",
        ));
        return Vec::new();
    };
    check_duplicate_keys(file, agents, diagnostics);
    let mut parsed: Vec<Agent> = Vec::new();
    for entry in entries {
        let Some(name) = entry.key.as_str() else {
            diagnostics.push(wrong_type(file, &entry.key, "an agent name", "a string"));
            continue;
        };
        if parsed.iter().any(|a| a.name == name) {
            continue; // reported as a duplicate key
        }
        if !entry.value.is_null() && entry.value.entries().is_none() {
            let what = format!("agent `{name}`");
            diagnostics.push(wrong_type(
                file,
                &entry.value,
                &what,
                "a mapping (for example `{ tools: all }`)",
            ));
            continue;
        }
        check_duplicate_keys(file, &entry.value, diagnostics);
        let tools = entry
            .value
            .get("tools")
            .map_or(ToolsSpec::All, |t| parse_tools(file, &t.value, diagnostics));
        let secrets = parse_secrets(
            file,
            entry.value.get("secrets").map(|s| &s.value),
            diagnostics,
        );
        parsed.push(Agent {
            name: name.to_string(),
            file: id,
            name_span: entry.key.span.clone(),
            tools,
            secrets,
        });
    }
    parsed
}

/// Agents configured again in a later file are reported and dropped.
pub(super) fn dedupe(
    agents: Vec<Agent>,
    files: &[&Path],
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Agent> {
    let mut kept: Vec<Agent> = Vec::new();
    for agent in agents {
        if let Some(first) = kept.iter().find(|a| a.name == agent.name) {
            diagnostics.push(duplicate_agent(
                files[agent.file],
                &agent,
                files[first.file],
                first,
            ));
        } else {
            kept.push(agent);
        }
    }
    kept
}

/// Every tool a session offers in `harness`: harness tools, then the
/// project's tool set in its order.
pub fn universe(tool_set: &ToolSet, harness: Harness) -> Vec<String> {
    let mut names: Vec<String> = HARNESS_TOOLS.iter().map(|s| s.to_string()).collect();
    if harness == Harness::Standard {
        names.extend(STANDARD_PTY_TOOLS.iter().map(|s| s.to_string()));
    }
    names.extend(tool_set.tools.iter().map(|t| t.name.clone()));
    names
}

/// The names that stand or fall together with `tool` in `harness`.
fn permission_group(tool: &str, harness: Harness) -> Vec<&str> {
    const SHARED_EDIT: [&str; 3] = ["write", "edit", "apply_patch"];
    match harness {
        Harness::Standard if SHARED_EDIT.contains(&tool) => SHARED_EDIT.to_vec(),
        Harness::Standard if tool.starts_with(PTY_PREFIX) => vec!["bash", tool],
        _ => vec![tool],
    }
}

fn sees(spec: &ToolsSpec, tool: &str, harness: Harness) -> bool {
    let group = permission_group(tool, harness);
    let mentions = |names: &[NamedRef]| names.iter().any(|n| group.contains(&n.name.as_str()));
    match spec {
        ToolsSpec::All => true,
        ToolsSpec::None => false,
        ToolsSpec::List(names) => names.iter().any(|n| n.name == "*") || mentions(names),
        ToolsSpec::Exclude(names) => !mentions(names),
        ToolsSpec::Map(entries) => !entries
            .iter()
            .any(|(n, enabled)| !enabled && group.contains(&n.name.as_str())),
    }
}

/// The tools of `universe` an agent's model sees. A tool it does not see is
/// also denied if called.
pub fn visible_tools(spec: &ToolsSpec, universe: &[String], harness: Harness) -> Vec<String> {
    universe
        .iter()
        .filter(|t| sees(spec, t, harness))
        .cloned()
        .collect()
}

/// Whether a call of `tool` by an agent with `spec` is allowed: the daemon
/// refuses a tool the agent does not see, and one the session does not offer.
pub fn may_call(spec: &ToolsSpec, tool: &str, universe: &[String], harness: Harness) -> bool {
    universe.iter().any(|t| t == tool) && sees(spec, tool, harness)
}

/// A subagent started with `task`: the experimental harness intersects its
/// list with the session agent's; the standard harness applies only its own.
pub fn visible_tools_for_subagent(
    subagent: &ToolsSpec,
    session_agent: &ToolsSpec,
    universe: &[String],
    harness: Harness,
) -> Vec<String> {
    universe
        .iter()
        .filter(|t| {
            sees(subagent, t, harness)
                && (harness == Harness::Standard || sees(session_agent, t, harness))
        })
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refs(names: &[&str]) -> Vec<NamedRef> {
        names
            .iter()
            .map(|n| NamedRef {
                name: n.to_string(),
                span: 0..0,
            })
            .collect()
    }

    fn universe() -> Vec<String> {
        [
            "bash",
            "read",
            "write",
            "edit",
            "apply_patch",
            "task",
            "pty_spawn",
            "web_search",
            "lookup_order",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    }

    fn seen(spec: &ToolsSpec, harness: Harness) -> Vec<String> {
        visible_tools(spec, &universe(), harness)
    }

    #[test]
    fn omitted_or_all_sees_every_tool() {
        assert_eq!(seen(&ToolsSpec::All, Harness::Experimental), universe());
    }

    #[test]
    fn none_sees_nothing() {
        assert!(seen(&ToolsSpec::None, Harness::Standard).is_empty());
    }

    #[test]
    fn a_list_sees_only_its_tools() {
        let spec = ToolsSpec::List(refs(&["read", "web_search"]));
        assert_eq!(seen(&spec, Harness::Experimental), ["read", "web_search"]);
    }

    #[test]
    fn a_list_with_star_means_all() {
        let spec = ToolsSpec::List(refs(&["read", "*"]));
        assert_eq!(seen(&spec, Harness::Standard), universe());
    }

    #[test]
    fn exclude_sees_everything_but_those() {
        let spec = ToolsSpec::Exclude(refs(&["bash", "lookup_order"]));
        let mut rest = universe();
        rest.retain(|tool| tool != "bash" && tool != "lookup_order");
        assert_eq!(rest.len(), universe().len() - 2);
        assert_eq!(seen(&spec, Harness::Experimental), rest);
    }

    #[test]
    fn map_form_false_removes_a_tool() {
        let spec = ToolsSpec::Map(vec![
            (refs(&["read"]).remove(0), false),
            (refs(&["task"]).remove(0), true),
        ]);
        let seen = seen(&spec, Harness::Experimental);
        assert!(!seen.contains(&"read".to_string()) && seen.contains(&"task".to_string()));
    }

    #[test]
    fn standard_harness_shares_write_edit_apply_patch() {
        let listed = ToolsSpec::List(refs(&["edit"]));
        assert_eq!(
            seen(&listed, Harness::Standard),
            ["write", "edit", "apply_patch"]
        );
        assert_eq!(seen(&listed, Harness::Experimental), ["edit"]);
        let excluded = ToolsSpec::Exclude(refs(&["write"]));
        let standard = seen(&excluded, Harness::Standard);
        assert!(
            !standard
                .iter()
                .any(|t| ["write", "edit", "apply_patch"].contains(&t.as_str()))
        );
        let experimental = seen(&excluded, Harness::Experimental);
        assert!(
            experimental.contains(&"edit".to_string())
                && !experimental.contains(&"write".to_string())
        );
    }

    #[test]
    fn standard_harness_bash_covers_pty_tools() {
        assert_eq!(
            seen(&ToolsSpec::List(refs(&["bash"])), Harness::Standard),
            ["bash", "pty_spawn"]
        );
        let excluded = seen(&ToolsSpec::Exclude(refs(&["bash"])), Harness::Standard);
        assert!(!excluded.contains(&"pty_spawn".to_string()));
    }

    #[test]
    fn subagent_intersects_in_experimental_and_not_in_standard() {
        let sub = ToolsSpec::List(refs(&["read", "bash", "web_search"]));
        let session = ToolsSpec::List(refs(&["read", "web_search", "task"]));
        assert_eq!(
            visible_tools_for_subagent(&sub, &session, &universe(), Harness::Experimental),
            ["read", "web_search"]
        );
        assert_eq!(
            visible_tools_for_subagent(&sub, &session, &universe(), Harness::Standard),
            ["bash", "read", "pty_spawn", "web_search"]
        );
    }

    #[test]
    fn calls_follow_visibility_and_the_tool_set() {
        let spec = ToolsSpec::Exclude(refs(&["bash"]));
        assert!(may_call(&spec, "read", &universe(), Harness::Standard));
        assert!(!may_call(&spec, "bash", &universe(), Harness::Standard));
        assert!(
            !may_call(&spec, "pty_spawn", &universe(), Harness::Standard),
            "bash covers pty_*"
        );
        assert!(
            !may_call(
                &ToolsSpec::All,
                "image_search",
                &universe(),
                Harness::Standard
            ),
            "not loaded"
        );
    }

    #[test]
    fn secrets_all_or_list() {
        assert!(SecretsSpec::All.allows("X"));
        assert!(SecretsSpec::List(vec!["A".into()]).allows("A"));
        assert!(!SecretsSpec::List(vec!["A".into()]).allows("B"));
    }
}
