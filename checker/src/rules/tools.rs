//! Rules for the entries under `tools:`: names, sources, paths, duplicates,
//! and the warning when no Beeuni tool is left.

use std::collections::HashMap;
use std::path::Path;

use crate::diagnostics::codes::{
    DUPLICATE_TOOL, HARNESS_TOOL_NAME, INVALID_BEEUNI_TOOL, INVALID_TOOL_NAME, INVALID_TOOL_SOURCE,
    MODULE_NOT_FOUND, NO_BEEUNI_TOOLS, PATH_OUTSIDE_REPO,
};
use crate::diagnostics::{Diagnostic, Edit};
use crate::project::names::{
    BEEUNI_TOOLS, MAX_TOOL_NAME_LEN, has_module_extension, is_beeuni_tool, is_harness_tool,
    is_valid_tool_name,
};
use crate::project::{PathProblem, Project, ToolEntry, ToolSet, check_repo_path};

fn invalid_name(file: &Path, entry: &ToolEntry) -> Diagnostic {
    let suggestion = snake_case(&entry.name);
    let mut d = Diagnostic::new(&INVALID_TOOL_NAME, format!("`{}` is not a valid tool name", entry.name))
        .at(file, entry.name_span.clone())
        .label("does not match `^[a-z][a-z0-9_]{0,63}$`")
        .help(format!(
            "a tool name is lowercase letters, digits and `_`, starts with a letter, and has at most {MAX_TOOL_NAME_LEN} characters (`^[a-z][a-z0-9_]{{0,63}}$`)"
        ));
    if is_valid_tool_name(&suggestion) {
        d = d.fix(
            format!("rename it to `{suggestion}`"),
            vec![Edit::replace(entry.name_span.clone(), suggestion)],
        );
    }
    d
}

/// `lookupOrder` → `lookup_order`, `Lookup-Order` → `lookup_order`.
fn snake_case(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 && !out.ends_with('_') {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else if c == '-' || c == ' ' || c == '.' {
            out.push('_');
        } else {
            out.push(c);
        }
    }
    out
}

fn harness_name(file: &Path, entry: &ToolEntry) -> Diagnostic {
    Diagnostic::new(
        &HARNESS_TOOL_NAME,
        format!(
            "`{}` is a harness tool; a project tool cannot take its name",
            entry.name
        ),
    )
    .at(file, entry.name_span.clone())
    .label("a harness tool name")
    .help(format!(
        "give the tool its own name, for example `project_{}`",
        entry.name.trim_start_matches("pty_")
    ))
}

/// The platform's wording, byte for byte (SPEC 2.2).
pub fn invalid_beeuni_message(name: &str) -> String {
    format!(
        "must be `beeuni:{name}` (the Beeuni tool) or a repo-relative path to a .ts or .js module (e.g. `tools/{name}.ts`) that replaces it."
    )
}

fn invalid_beeuni(file: &Path, entry: &ToolEntry, value: &str) -> Diagnostic {
    let target = value.trim_start_matches("beeuni:");
    let help = if is_beeuni_tool(target) {
        format!(
            "`beeuni:{target}` is the Beeuni tool `{target}`, which can only be declared under its own name: `{target}: beeuni:{target}`"
        )
    } else {
        format!("the Beeuni tools are {}", BEEUNI_TOOLS.join(", "))
    };
    let mut d = Diagnostic::new(&INVALID_BEEUNI_TOOL, invalid_beeuni_message(&entry.name))
        .at(file, entry.value_span.clone())
        .label(format!("`{}` is not `beeuni:{}`", value, entry.name))
        .help(help);
    if is_beeuni_tool(&entry.name) {
        d = d.fix(
            format!("use the Beeuni tool `{}`", entry.name),
            vec![Edit::replace(
                entry.value_span.clone(),
                format!("beeuni:{}", entry.name),
            )],
        );
    }
    d
}

fn invalid_source(file: &Path, entry: &ToolEntry, value: &str) -> Diagnostic {
    let message = if is_beeuni_tool(&entry.name) {
        invalid_beeuni_message(&entry.name)
    } else {
        format!(
            "`{value}` is not a module path: a tool's module ends in .ts, .js, .mts, .mjs, .cts or .cjs"
        )
    };
    Diagnostic::new(&INVALID_TOOL_SOURCE, message)
        .at(file, entry.value_span.clone())
        .label("neither `beeuni:<name>` nor a .ts or .js module")
        .help(format!(
            "point `{}` at a TypeScript or JavaScript module, for example `tools/{}.ts`",
            entry.name, entry.name
        ))
}

fn module_not_found(file: &Path, entry: &ToolEntry, value: &str) -> Diagnostic {
    Diagnostic::new(
        &MODULE_NOT_FOUND,
        format!("module `{value}` of tool `{}` does not exist", entry.name),
    )
    .at(file, entry.value_span.clone())
    .label("no such file")
    .help("module paths are relative to the repository root; create the file or fix the path")
}

fn path_outside(file: &Path, entry: &ToolEntry, value: &str, problem: &PathProblem) -> Diagnostic {
    let why = match problem {
        PathProblem::Absolute => "is an absolute path".to_string(),
        PathProblem::SymlinkOutside(_) => {
            "is a symlink to a file outside the repository".to_string()
        }
        _ => "climbs out of the repository".to_string(),
    };
    Diagnostic::new(&PATH_OUTSIDE_REPO, format!("module `{value}` of tool `{}` {why}", entry.name))
        .at(file, entry.value_span.clone())
        .label("outside the repository")
        .help("the sandbox receives only the repository: keep the module inside it and write its path relative to the root")
}

fn duplicate_tool(project: &Project, entry: &ToolEntry, first: &ToolEntry) -> Diagnostic {
    let here = project.file_path(entry.file);
    let there = project.file_path(first.file);
    Diagnostic::new(
        &DUPLICATE_TOOL,
        format!(
            "tool `{}` is declared in both {} and {}",
            entry.name,
            there.display(),
            here.display()
        ),
    )
    .at(here, entry.name_span.clone())
    .label("declared again here")
    .related(there, first.name_span.clone(), "first declared here")
    .help("declare each tool in one file; remove one of the two entries")
}

/// The platform's wording, byte for byte (SPEC 2.2).
pub const NO_BEEUNI_TOOLS_MESSAGE: &str = "Sessions of this project get no Beeuni tool (web_search, image_search, scrape_webpage, memory, show). Add `<name>: beeuni:<name>` to keep one.";

fn no_beeuni_tools(project: &Project) -> Option<Diagnostic> {
    let key = project.tools_keys.first()?;
    // A `tools:` of the wrong kind is already an error; a warning on top says nothing new.
    let value = &project.files[key.file].tree.get("tools")?.value;
    if !value.is_null() && value.entries().is_none() {
        return None;
    }
    Some(
        Diagnostic::new(&NO_BEEUNI_TOOLS, NO_BEEUNI_TOOLS_MESSAGE)
            .at(project.file_path(key.file), key.span.clone())
            .label("lists no Beeuni tool")
            .help("if that is deliberate, ignore this warning; `beeuni tools ls` shows what sessions get"),
    )
}

fn check_entry(project: &Project, tool_set: &ToolSet, entry: &ToolEntry) -> Option<Diagnostic> {
    let file = project.file_path(entry.file);
    if !is_valid_tool_name(&entry.name) {
        return Some(invalid_name(file, entry));
    }
    if is_harness_tool(&entry.name) {
        return Some(harness_name(file, entry));
    }
    let value = entry.value.as_deref()?;
    if value.starts_with("beeuni:") {
        let ok = value == format!("beeuni:{}", entry.name) && is_beeuni_tool(&entry.name);
        return (!ok).then(|| invalid_beeuni(file, entry, value));
    }
    if !has_module_extension(value) {
        return Some(invalid_source(file, entry, value));
    }
    // The tool set already knows this path stays inside the repository; all
    // that is left to ask the file system is whether the file is there.
    if let Some(module) = tool_set.get(&entry.name).and_then(|t| t.module.as_ref()) {
        return (!project.root.join(module).exists()).then(|| module_not_found(file, entry, value));
    }
    match check_repo_path(&project.root, value) {
        Ok(_) => None,
        Err(PathProblem::Missing) => Some(module_not_found(file, entry, value)),
        Err(problem) => Some(path_outside(file, entry, value, &problem)),
    }
}

pub(super) fn check(project: &Project, tool_set: &ToolSet) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    let mut first_of: HashMap<&str, &ToolEntry> = HashMap::new();
    for entry in &project.tool_entries {
        if let Some(first) = first_of.get(entry.name.as_str()).copied() {
            // Two entries in one mapping are a duplicate YAML key, reported while loading.
            if first.file != entry.file {
                diagnostics.push(duplicate_tool(project, entry, first));
            }
            continue;
        }
        first_of.insert(&entry.name, entry);
        diagnostics.extend(check_entry(project, tool_set, entry));
    }
    let lists_beeuni_tool = project.tool_entries.iter().any(|e| is_beeuni_tool(&e.name));
    if tool_set.tools_key && !lists_beeuni_tool {
        diagnostics.extend(no_beeuni_tools(project));
    }
    diagnostics
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_snake_case() {
        assert_eq!(snake_case("lookupOrder"), "lookup_order");
        assert_eq!(snake_case("Lookup-Order"), "lookup_order");
    }

    #[test]
    fn the_platform_message_is_byte_for_byte() {
        assert_eq!(
            invalid_beeuni_message("web_search"),
            "must be `beeuni:web_search` (the Beeuni tool) or a repo-relative path to a .ts or .js module (e.g. `tools/web_search.ts`) that replaces it."
        );
    }
}
