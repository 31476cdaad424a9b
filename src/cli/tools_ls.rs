//! `beeuni tools ls`: what a session gets (SPEC 3), as a table or JSON,
//! optionally narrowed to what one agent sees in one harness.

use std::path::Path;
use std::process::ExitCode;

use checker::diagnostics::has_errors;
use checker::project::{Harness, Project, ToolSet};
use serde_json::json;

use super::project::load_or_report;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum HarnessArg {
    /// The platform's standard harness (opencode).
    #[default]
    Standard,
    /// The platform's experimental harness.
    Experimental,
}

impl From<HarnessArg> for Harness {
    fn from(arg: HarnessArg) -> Harness {
        match arg {
            HarnessArg::Standard => Harness::Standard,
            HarnessArg::Experimental => Harness::Experimental,
        }
    }
}

#[derive(Debug, clap::Args)]
pub struct LsArgs {
    /// Print `{ manifest, tools_key, tools: [{ name, kind, source }], removed }`.
    #[arg(long)]
    json: bool,

    /// List only the tools this agent sees.
    #[arg(long, value_name = "NAME")]
    agent: Option<String>,

    /// The harness whose rules apply with --agent.
    #[arg(long, value_enum, default_value_t, requires = "agent")]
    harness: HarnessArg,
}

/// The SPEC 3 widths; a longer name or kind widens its column.
const NAME_WIDTH: usize = 14;
const KIND_WIDTH: usize = 19;

pub fn render_table(tool_set: &ToolSet) -> String {
    let name_width = tool_set
        .tools
        .iter()
        .map(|t| t.name.len())
        .max()
        .unwrap_or(0)
        .max(NAME_WIDTH)
        + 2;
    let kind_width = tool_set
        .tools
        .iter()
        .map(|t| t.kind.as_str().len())
        .max()
        .unwrap_or(0)
        .max(KIND_WIDTH)
        + 2;
    let mut out = format!(
        "{:<name_width$}{:<kind_width$}{}\n",
        "NAME", "KIND", "SOURCE"
    );
    for tool in &tool_set.tools {
        out.push_str(&format!(
            "{:<name_width$}{:<kind_width$}{}\n",
            tool.name,
            tool.kind.as_str(),
            tool.source
        ));
    }
    if !tool_set.removed.is_empty() {
        out.push_str(&format!(
            "\nRemoved Beeuni tools: {}\n",
            tool_set.removed.join(", ")
        ));
        out.push_str("Add `<name>: beeuni:<name>` under `tools:` to get one back.\n");
    }
    out
}

pub fn render_json(
    project: &Project,
    tool_set: &ToolSet,
    agent: Option<(&str, Harness)>,
) -> String {
    let mut value = json!({
        "manifest": project.manifest_path().display().to_string(),
        "tools_key": tool_set.tools_key,
        "tools": tool_set.tools.iter().map(|t| json!({
            "name": t.name, "kind": t.kind.as_str(), "source": t.source,
        })).collect::<Vec<_>>(),
        "removed": tool_set.removed,
    });
    if let Some((name, harness)) = agent {
        value["agent"] = json!(name);
        value["harness"] = json!(harness.name());
    }
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}

pub fn run(start: &Path, args: &LsArgs) -> ExitCode {
    let (project, mut diagnostics, _) = match load_or_report(start) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    diagnostics.extend(checker::rules::check_manifest(&project));
    let mut tool_set = project.tool_set().clone();
    let harness = Harness::from(args.harness);
    if let Some(name) = &args.agent {
        if project.agent(name).is_none() {
            // The same rule as `tools call --agent` and the daemon (SPEC 2.3).
            eprintln!(
                "note: beeuni.yaml does not configure agent `{name}`; it gets the default: every tool, no secrets"
            );
        }
        let seen = project.tools_seen_by(name, None, harness);
        tool_set.tools.retain(|t| seen.contains(&t.name));
    }
    let agent = args.agent.as_deref().map(|name| (name, harness));
    if args.json {
        print!("{}", render_json(&project, &tool_set, agent));
    } else {
        print!("{}", render_table(&tool_set));
    }
    if has_errors(&diagnostics) {
        let errors = diagnostics.iter().filter(|d| d.is_error()).count();
        eprintln!(
            "error: the manifest has {errors} error(s); tools with errors are not listed. Run `beeuni validate` for details."
        );
        return ExitCode::from(super::EXIT_PROBLEMS);
    }
    ExitCode::SUCCESS
}
