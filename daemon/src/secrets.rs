//! The local secret store (SPEC 9) and how a call's `context.env` is built
//! from it.
//!
//! One JSON object per project, `{"NAME": "value", …}`, in
//! [`crate::paths::secrets_dir`] as `<project key>.json`, mode 0600, rewritten
//! atomically. The daemon reads it at every call, so `beeuni secrets set`
//! reaches the next call without a restart.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use checker::project::SecretsSpec;

use crate::paths;

/// Largest store the daemon reads: secrets are tokens, not files.
const MAX_STORE_BYTES: u64 = 4 * 1024 * 1024;

/// Environment variables a tool never sees, whatever its environment held:
/// the daemon's own access token.
pub const HIDDEN_VARS: &[&str] = &["BEEUNI_DAEMON_TOKEN"];

#[derive(Debug, thiserror::Error)]
pub enum SecretsError {
    #[error(
        "`{0}` is not a secret name: use letters, digits and `_`, not starting with a digit (like an environment variable)"
    )]
    BadName(String),
    #[error("no folder for the secret store: set HOME, XDG_CONFIG_HOME or BEEUNI_SECRETS_DIR")]
    NoDir,
    #[error("cannot read the secret store {}: {reason}", .path.display())]
    Read { path: PathBuf, reason: String },
    #[error("cannot write the secret store {}: {error}", .path.display())]
    Write {
        path: PathBuf,
        error: std::io::Error,
    },
}

/// Whether `name` follows environment-variable rules: `[A-Za-z_][A-Za-z0-9_]*`.
pub fn valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The secret store of one project.
#[derive(Debug, Clone)]
pub struct Store {
    path: PathBuf,
}

impl Store {
    /// The store of the project at `root`.
    pub fn for_project(root: &Path) -> Result<Store, SecretsError> {
        let dir = paths::secrets_dir().ok_or(SecretsError::NoDir)?;
        Ok(Store {
            path: dir.join(format!("{}.json", paths::project_key(root))),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Every secret; an absent store is an empty one.
    pub fn read(&self) -> Result<BTreeMap<String, String>, SecretsError> {
        let error = |reason: String| SecretsError::Read {
            path: self.path.clone(),
            reason,
        };
        let file = match std::fs::File::open(&self.path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(BTreeMap::new()),
            Err(e) => return Err(error(e.to_string())),
        };
        let mut text = String::new();
        use std::io::Read;
        file.take(MAX_STORE_BYTES + 1)
            .read_to_string(&mut text)
            .map_err(|e| error(e.to_string()))?;
        if text.len() as u64 > MAX_STORE_BYTES {
            return Err(error(format!("it is over {MAX_STORE_BYTES} bytes")));
        }
        serde_json::from_str(&text)
            .map_err(|e| error(format!("it is not a JSON object of strings: {e}")))
    }

    fn write(&self, secrets: &BTreeMap<String, String>) -> Result<(), SecretsError> {
        let mut text = serde_json::to_string_pretty(secrets).unwrap_or_default();
        text.push('\n');
        paths::write_private(&self.path, text.as_bytes()).map_err(|error| SecretsError::Write {
            path: self.path.clone(),
            error,
        })
    }

    /// Sets `name` to `value`.
    pub fn set(&self, name: &str, value: &str) -> Result<(), SecretsError> {
        if !valid_name(name) {
            return Err(SecretsError::BadName(name.to_string()));
        }
        let mut secrets = self.read()?;
        secrets.insert(name.to_string(), value.to_string());
        self.write(&secrets)
    }

    /// Removes `name`; returns whether it was there.
    pub fn remove(&self, name: &str) -> Result<bool, SecretsError> {
        let mut secrets = self.read()?;
        let was = secrets.remove(name).is_some();
        if was {
            self.write(&secrets)?;
        }
        Ok(was)
    }

    /// The names, sorted; never the values.
    pub fn names(&self) -> Result<Vec<String>, SecretsError> {
        Ok(self.read()?.into_keys().collect())
    }
}

/// The environment of the box: this process's environment without
/// [`HIDDEN_VARS`]. It is `process.env` and the base of every `context.env`.
pub fn box_env() -> Vec<(String, String)> {
    std::env::vars()
        .filter(|(name, _)| !HIDDEN_VARS.contains(&name.as_str()))
        .collect()
}

/// `context.env` for one call: `box_env` plus exactly the secrets `granted`
/// allows, as the store holds them now (a secret wins over a variable of
/// the same name).
pub fn context_env(
    box_env: &[(String, String)],
    store: &Store,
    granted: &SecretsSpec,
) -> Result<Vec<(String, String)>, SecretsError> {
    Ok(with_secrets(box_env, granted_secrets(store, granted)?))
}

/// The secrets `granted` allows, as the store holds them now (the store is
/// not read when it allows none).
pub fn granted_secrets(
    store: &Store,
    granted: &SecretsSpec,
) -> Result<Vec<(String, String)>, SecretsError> {
    let granted_any = match granted {
        SecretsSpec::All => true,
        SecretsSpec::List(names) => !names.is_empty(),
    };
    if !granted_any {
        return Ok(Vec::new());
    }
    Ok(store
        .read()?
        .into_iter()
        .filter(|(name, _)| granted.allows(name))
        .collect())
}

/// `box_env` plus `secrets`, a secret winning over a variable of the same name.
pub fn with_secrets(
    box_env: &[(String, String)],
    secrets: Vec<(String, String)>,
) -> Vec<(String, String)> {
    let mut env: Vec<(String, String)> = box_env
        .iter()
        .filter(|(name, _)| !secrets.iter().any(|(s, _)| s == name))
        .cloned()
        .collect();
    env.extend(secrets);
    env
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_environment_variable_rules() {
        assert!(valid_name("ORDERS_API_KEY"));
        assert!(valid_name("_x1"));
        assert!(!valid_name("1ABC"));
        assert!(!valid_name("A-B"));
        assert!(!valid_name(""));
    }

    #[test]
    fn context_env_holds_only_granted_secrets() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store {
            path: dir.path().join("s.json"),
        };
        store.set("GRANTED", "yes").unwrap();
        store.set("OTHER", "no").unwrap();
        let base = vec![("PATH".to_string(), "/bin".to_string())];
        let env = context_env(&base, &store, &SecretsSpec::List(vec!["GRANTED".into()])).unwrap();
        assert!(env.contains(&("GRANTED".into(), "yes".into())));
        assert!(env.contains(&("PATH".into(), "/bin".into())));
        assert!(!env.iter().any(|(k, _)| k == "OTHER"));
        let none = context_env(&base, &store, &SecretsSpec::List(Vec::new())).unwrap();
        assert_eq!(none, base);
    }
}
