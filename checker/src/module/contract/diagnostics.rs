//! The constructors of the contract's diagnostics, one per code.

use std::ops::Range;
use std::path::Path;

use super::MIGRATE_COMMAND;
use crate::diagnostics::Diagnostic;
use crate::diagnostics::codes::{
    MODULE_CHECKED_AT_LOAD_TIME, MODULE_DEFAULT_EXPORT_NOT_OBJECT, MODULE_EXECUTE_ARITY,
    MODULE_INVALID_DESCRIPTION, MODULE_INVALID_EXECUTE, MODULE_INVALID_PARAMETERS,
    MODULE_INVALID_PROPERTIES, MODULE_INVALID_REQUIRED, MODULE_LEGACY_OPENCODE_TOOL,
    MODULE_MISSING_DESCRIPTION, MODULE_MISSING_EXECUTE, MODULE_MISSING_PARAMETERS,
    MODULE_NO_DEFAULT_EXPORT,
};

pub(super) fn no_default_export(file: &Path) -> Diagnostic {
    Diagnostic::new(&MODULE_NO_DEFAULT_EXPORT, "this tool module has no default export")
        .at(file, 0..0)
        .help("export the tool as `export default { description, parameters, execute(args, context) { … } }`")
}

pub(super) fn not_an_object(file: &Path, span: Range<usize>, what: &str) -> Diagnostic {
    Diagnostic::new(&MODULE_DEFAULT_EXPORT_NOT_OBJECT, format!("the default export is {what}, not a tool object"))
        .at(file, span)
        .label("the default export")
        .help("export an object: `export default { description, parameters, execute(args, context) { … } }`")
}

pub(super) fn legacy_tool(file: &Path, span: Range<usize>, named: Option<&str>) -> Diagnostic {
    let message = match named {
        Some(name) => {
            format!("`{name}` is an opencode tool, which only the standard harness loads")
        }
        None => {
            "this module is an opencode tool, which only the standard harness loads".to_string()
        }
    };
    Diagnostic::new(&MODULE_LEGACY_OPENCODE_TOOL, message)
        .at(file, span)
        .label("`tool({ … })` from @opencode-ai/plugin")
        .help(format!(
            "run `{}` to rewrite {} as a default export `{{ description, parameters, execute(args, context) }}` with `parameters` as JSON Schema and secrets from `context.env`",
            migrate_command_for(file),
            file.display()
        ))
}

pub(super) fn missing_description(file: &Path, span: Range<usize>) -> Diagnostic {
    Diagnostic::new(&MODULE_MISSING_DESCRIPTION, "the tool has no `description`")
        .at(file, span)
        .label("this object")
        .help("add `description: '…'`: the model reads it to decide when to call the tool")
}

pub(super) fn invalid_description(file: &Path, span: Range<usize>, what: &str) -> Diagnostic {
    Diagnostic::new(&MODULE_INVALID_DESCRIPTION, format!("`description` {what}"))
        .at(file, span)
        .label("expected a non-empty string")
        .help("write one or two sentences saying what the tool does and when to call it")
}

/// `has_args`: the object has opencode's `args` (a zod shape) instead.
pub(super) fn missing_parameters(file: &Path, span: Range<usize>, has_args: bool) -> Diagnostic {
    let help = if has_args {
        format!(
            "`args` is opencode's zod shape: describe the arguments as JSON Schema in `parameters: {{ type: 'object', properties: {{ … }} }}` (`{MIGRATE_COMMAND}` rewrites it)"
        )
    } else {
        "add a JSON Schema of the arguments: `parameters: { type: 'object', properties: { … }, required: [ … ] }`".to_string()
    };
    Diagnostic::new(&MODULE_MISSING_PARAMETERS, "the tool has no `parameters`")
        .at(file, span)
        .label("this object")
        .help(help)
}

pub(super) fn invalid_parameters(file: &Path, span: Range<usize>, what: &str) -> Diagnostic {
    Diagnostic::new(&MODULE_INVALID_PARAMETERS, format!("`parameters` {what}"))
        .at(file, span)
        .help("`parameters` is the JSON Schema of the arguments: `{ type: 'object', properties: { … }, required: [ … ] }`")
}

pub(super) fn invalid_properties(file: &Path, span: Range<usize>, message: &str) -> Diagnostic {
    Diagnostic::new(&MODULE_INVALID_PROPERTIES, message.to_string())
        .at(file, span)
        .help("`properties` maps each argument's name to its schema, e.g. `{ id: { type: 'string', description: '…' } }`")
}

pub(super) fn invalid_required(file: &Path, span: Range<usize>, message: &str) -> Diagnostic {
    Diagnostic::new(&MODULE_INVALID_REQUIRED, message.to_string())
        .at(file, span)
        .help("`required` lists the names of properties the model must always pass, e.g. `required: ['id']`")
}

pub(super) fn missing_execute(file: &Path, span: Range<usize>) -> Diagnostic {
    Diagnostic::new(&MODULE_MISSING_EXECUTE, "the tool has no `execute`")
        .at(file, span)
        .label("this object")
        .help("add `async execute(args, context) { … }`: it runs when the model calls the tool")
}

pub(super) fn invalid_execute(file: &Path, span: Range<usize>, what: &str) -> Diagnostic {
    Diagnostic::new(
        &MODULE_INVALID_EXECUTE,
        format!("`execute` is {what}, not a function"),
    )
    .at(file, span)
    .help("write `async execute(args, context) { … }`")
}

pub(super) fn execute_arity(file: &Path, span: Range<usize>, count: usize) -> Diagnostic {
    Diagnostic::new(
        &MODULE_EXECUTE_ARITY,
        format!("`execute` takes {count} parameters, but it is called with two"),
    )
    .at(file, span)
    .label("only `args` and `context` are passed")
    .help("`execute(args, context)`: the other parameters are always `undefined`")
}

pub(super) fn load_time(file: &Path, span: Range<usize>, what: &str) -> Diagnostic {
    Diagnostic::new(&MODULE_CHECKED_AT_LOAD_TIME, format!("{what}, so it is checked at load time"))
        .at(file, span)
        .help("`beeuni validate` reads the module without running it; `beeuni validate --deep` loads it and reports a bad value")
}

/// The migration command that rewrites `file` where it is: its own folder
/// is both the legacy folder and the destination.
pub fn migrate_command_for(file: &Path) -> String {
    match file.parent().map(|p| p.display().to_string()) {
        Some(folder) if !folder.is_empty() => {
            format!("{MIGRATE_COMMAND} --from {folder} --to {folder}")
        }
        _ => MIGRATE_COMMAND.to_string(),
    }
}
