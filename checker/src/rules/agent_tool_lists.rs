//! Rules for `agents.<name>.tools`: names that match no tool, Beeuni tools
//! the project does not load, and `*` where `all` is meant.

use std::path::Path;

use crate::diagnostics::codes::{
    AGENT_STAR_IN_LIST, AGENT_UNKNOWN_TOOL, AGENT_UNLOADED_BEEUNI_TOOL,
};
use crate::diagnostics::{Diagnostic, Edit};
use crate::project::names::{BEEUNI_TOOLS, HARNESS_TOOLS, is_beeuni_tool, is_harness_tool};
use crate::project::{Agent, NamedRef, Project, ToolSet, ToolsSpec};

/// The platform's wording, byte for byte (SPEC 2.2).
pub fn unloaded_beeuni_message(name: &str) -> String {
    format!(
        "\"{name}\" is a Beeuni tool this project does not load: add `{name}: beeuni:{name}` under the top-level `tools`, or remove it here."
    )
}

fn unloaded_beeuni(file: &Path, agent: &Agent, tool: &NamedRef) -> Diagnostic {
    Diagnostic::new(
        &AGENT_UNLOADED_BEEUNI_TOOL,
        unloaded_beeuni_message(&tool.name),
    )
    .at(file, tool.span.clone())
    .label(format!(
        "agent `{}` cannot get a tool the project does not load",
        agent.name
    ))
    .help("an agent's list only narrows the project's tools; it cannot add a Beeuni tool")
}

fn unknown_tool(
    file: &Path,
    agent: &Agent,
    tool: &NamedRef,
    known: &[String],
    excluded: bool,
) -> Diagnostic {
    let closest = closest(&tool.name, known);
    let mut message = format!(
        "agent `{}` names `{}`, which is neither a harness, a Beeuni nor a project tool",
        agent.name, tool.name
    );
    if excluded {
        message.push_str("; excluding it leaves the intended tool enabled");
    }
    let mut d = Diagnostic::new(&AGENT_UNKNOWN_TOOL, message)
        .at(file, tool.span.clone())
        .label("unknown tool");
    match closest {
        Some(name) => {
            d = d
                .help(format!("did you mean `{name}`?"))
                .fix(format!("replace with `{name}`"), vec![Edit::replace(tool.span.clone(), name.clone())]);
        }
        None => d = d.help("`beeuni tools ls` lists the Beeuni and project tools; the harness tools are listed in docs/decisions.md"),
    }
    d
}

fn star_in_list(file: &Path, agent: &Agent, star: &NamedRef) -> Diagnostic {
    Diagnostic::new(
        &AGENT_STAR_IN_LIST,
        format!("agent `{}` lists `*`, so it gets every tool", agent.name),
    )
    .at(file, star.span.clone())
    .label("means all tools")
    .help("write `tools: all` to say so")
}

/// The known name nearest to a typo, when it is close enough to be one.
fn closest<'a>(name: &str, known: &'a [String]) -> Option<&'a String> {
    known
        .iter()
        .map(|k| (strsim::levenshtein(name, k), k))
        .filter(|(d, k)| *d <= 2.max(k.len() / 4))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

pub(super) fn check(project: &Project, tool_set: &ToolSet) -> Vec<Diagnostic> {
    let known: Vec<String> = HARNESS_TOOLS
        .iter()
        .chain(BEEUNI_TOOLS.iter())
        .map(|s| s.to_string())
        .chain(tool_set.tools.iter().map(|t| t.name.clone()))
        .collect();
    let mut diagnostics = Vec::new();
    for agent in &project.agents {
        let file = project.file_path(agent.file);
        let excluded = matches!(agent.tools, ToolsSpec::Exclude(_) | ToolsSpec::Map(_));
        for tool in agent.named_tools() {
            if tool.name == "*" {
                if matches!(agent.tools, ToolsSpec::List(_)) {
                    diagnostics.push(star_in_list(file, agent, tool));
                }
            } else if is_beeuni_tool(&tool.name) {
                if !tool_set.loads(&tool.name) {
                    diagnostics.push(unloaded_beeuni(file, agent, tool));
                }
            } else if !is_harness_tool(&tool.name) && !tool_set.loads(&tool.name) {
                diagnostics.push(unknown_tool(file, agent, tool, &known, excluded));
            }
        }
    }
    diagnostics
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_platform_message_is_byte_for_byte() {
        assert_eq!(
            unloaded_beeuni_message("show"),
            "\"show\" is a Beeuni tool this project does not load: add `show: beeuni:show` under the top-level `tools`, or remove it here."
        );
    }

    #[test]
    fn typos_find_their_tool() {
        let known: Vec<String> = ["bash", "web_search", "lookup_order"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(closest("bsah", &known).map(String::as_str), Some("bash"));
        assert_eq!(
            closest("lookup_ordr", &known).map(String::as_str),
            Some("lookup_order")
        );
        assert_eq!(closest("completely_else", &known), None);
    }
}
