//! `beeuni secrets set|ls|rm`: the project's local secret store (SPEC 9).
//! Values come from standard input only, never from the command line, where
//! shell history and `ps` would keep them.

use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

use ::daemon::secrets::{MAX_SECRET_BYTES, Store, valid_name};

use super::EXIT_INTERNAL;
use super::project::locate;

#[derive(Debug, clap::Subcommand)]
pub enum SecretsCommand {
    /// Set a secret: `beeuni secrets set NAME=-` reads its value from standard input.
    Set {
        /// `NAME=-`
        #[arg(value_name = "NAME=-")]
        assignment: String,
    },
    /// List the secrets' names (never their values).
    Ls,
    /// Remove a secret.
    Rm {
        #[arg(value_name = "NAME")]
        name: String,
    },
    /// Remove every secret of the project (the store itself, whatever its size).
    Clear,
}

fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(EXIT_INTERNAL)
}

pub fn run(start: &Path, command: &SecretsCommand) -> ExitCode {
    let root = match locate(start) {
        Ok(root) => root,
        Err(_) => {
            return fail("no beeuni.yaml here or in any folder above; secrets belong to a project");
        }
    };
    let store = match Store::for_project(&root) {
        Ok(store) => store,
        Err(e) => return fail(&e.to_string()),
    };
    let result = match command {
        SecretsCommand::Set { assignment } => set(&store, assignment),
        SecretsCommand::Ls => store
            .names()
            .map(|names| {
                for name in names {
                    println!("{name}");
                }
                ExitCode::SUCCESS
            })
            .map_err(|e| e.to_string()),
        SecretsCommand::Rm { name } => match store.remove(name) {
            Ok(true) => Ok(ExitCode::SUCCESS),
            Ok(false) => Err(format!("no secret named {name}")),
            Err(e) => Err(e.to_string()),
        },
        SecretsCommand::Clear => store
            .clear()
            .map(|had| {
                if had {
                    eprintln!("removed the secret store {}", store.path().display());
                } else {
                    eprintln!("no secret is stored for this project");
                }
                ExitCode::SUCCESS
            })
            .map_err(|e| e.to_string()),
    };
    result.unwrap_or_else(|message| fail(&message))
}

fn set(store: &Store, assignment: &str) -> Result<ExitCode, String> {
    let Some((name, "-")) = assignment.split_once('=') else {
        return Err(format!(
            "write `beeuni secrets set NAME=-` and pass the value on standard input, not `{}`",
            assignment
                .split_once('=')
                .map_or(assignment, |(name, _)| name)
        ));
    };
    if !valid_name(name) {
        return Err(format!(
            "`{name}` is not a secret name: use letters, digits and `_`, not starting with a digit"
        ));
    }
    let mut value = String::new();
    // Up to the limit plus the line break `echo` adds plus one byte: a longer
    // value is then seen to be too long, and the store refuses it whole
    // instead of keeping its first megabyte.
    std::io::stdin()
        .take(MAX_SECRET_BYTES as u64 + 3)
        .read_to_string(&mut value)
        .map_err(|e| format!("cannot read the value from standard input: {e}"))?;
    // `echo value | beeuni secrets set` adds one line break that is not part of the secret.
    if let Some(stripped) = value.strip_suffix('\n') {
        value = stripped.strip_suffix('\r').unwrap_or(stripped).to_string();
    }
    store.set(name, &value).map_err(|e| e.to_string())?;
    eprintln!("secret {name} set in {}", store.path().display());
    Ok(ExitCode::SUCCESS)
}
