//! The words eject prints: the success report (SPEC 4, byte for byte) and
//! each refusal's `error:` and `help:` lines.

use std::fmt;

use checker::project::names::BEEUNI_TOOLS;

use super::{EjectPlan, EjectRefusal};

impl EjectPlan {
    /// What `beeuni tools eject` prints on success, ending with a line break.
    pub fn report(&self) -> String {
        let (name, module, manifest) = (&self.name, &self.module, &self.manifest);
        let wrote = if self.replaces_module {
            "the Beeuni source, replacing the file that was there"
        } else {
            "the Beeuni source, now the project's to change"
        };
        let set = match self.manifest_after {
            Some(_) => format!("  set     {manifest}: tools.{name}: {module}"),
            None => format!("  kept    {manifest}: tools.{name}: {module} (already set)"),
        };
        let message = format!("Own the {name} tool");
        format!(
            "  ✓  Ejected {name}\n\
             \x20 wrote   {module} ({wrote})\n\
             {set}\n\
             \n\
             Next:\n\
             \x20 1. Edit {module}. Keep the default export: {{ description, parameters, execute(args, context) }}.\n\
             \x20 2. beeuni validate\n\
             \x20 3. git add {module} {manifest} && git commit -m \"{message}\"\n\
             \x20 4. Open a change request: git push origin HEAD && beeuni cr open --title \"{message}\"\n\
             Sessions load the copy after the change request merges.\n"
        )
    }
}

impl fmt::Display for EjectRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EjectRefusal::NotBeeuniTool { name } => write!(f, "`{name}` is not a Beeuni tool"),
            EjectRefusal::ModuleExists { module, .. } => write!(f, "{module} already exists"),
            EjectRefusal::AlreadyEjected { name, file, module } => {
                write!(
                    f,
                    "{name} is already ejected: {file} sets `{name}: {module}`"
                )
            }
            EjectRefusal::PointsToModule { name, file, value } => {
                write!(
                    f,
                    "{name} already points to a module: {file} sets `{name}: {value}`"
                )
            }
            EjectRefusal::Removed { name, file } => {
                write!(
                    f,
                    "this project removed {name}: the `tools:` key in {file} does not list it"
                )
            }
            EjectRefusal::InvalidEntry {
                name,
                file,
                value: Some(value),
            } => {
                write!(
                    f,
                    "{file} sets `{name}: {value}`, which is neither `beeuni:{name}` nor a module path"
                )
            }
            EjectRefusal::InvalidEntry {
                name,
                file,
                value: None,
            } => {
                write!(f, "the value of `{name}` in {file} is not a string")
            }
            EjectRefusal::CannotEdit { file, reason, .. } => {
                write!(f, "cannot edit {file} safely: {reason}")
            }
        }
    }
}

impl std::error::Error for EjectRefusal {}

impl EjectRefusal {
    /// The line after the error: what to do instead.
    pub fn help(&self) -> String {
        match self {
            EjectRefusal::NotBeeuniTool { .. } => {
                format!(
                    "the Beeuni tools are {}; a project tool is already the project's own",
                    BEEUNI_TOOLS.join(", ")
                )
            }
            EjectRefusal::ModuleExists { name, module } => format!(
                "move {module} away, or run `beeuni tools eject {name} --force` to overwrite it with the Beeuni source"
            ),
            EjectRefusal::AlreadyEjected { name, module, .. } => format!(
                "the project owns its copy; run `beeuni tools eject {name} --force` to overwrite {module} with the Beeuni source again"
            ),
            EjectRefusal::PointsToModule { name, file, .. } => format!(
                "run `beeuni tools eject {name} --force` to write the Beeuni source to tools/{name}.ts and point {file} at it"
            ),
            EjectRefusal::Removed { name, file } => format!(
                "add `{name}: beeuni:{name}` under `tools:` in {file} first, then run `beeuni tools eject {name}` again"
            ),
            EjectRefusal::InvalidEntry { name, file, .. } => format!(
                "set it to `{name}: beeuni:{name}` in {file} (`beeuni validate` shows the problem), then eject again"
            ),
            EjectRefusal::CannotEdit { name, file, .. } => format!(
                "set `{name}: tools/{name}.ts` under `tools:` in {file} by hand, then run `beeuni tools eject {name} --force` to write the module"
            ),
        }
    }
}
