//! The local secret store (SPEC 9) and how a call's `context.env` is built
//! from it.
//!
//! One JSON object per project, `{"NAME": "value", …}`, in
//! [`crate::paths::secrets_dir`] as `<project key>.json`, mode 0600, rewritten
//! atomically. The daemon reads it at every call, so `beeuni secrets set`
//! reaches the next call without a restart.
//!
//! Every change (`set`, `remove`, `clear`) holds an exclusive lock on
//! `<project key>.lock` beside the store from its read to its rename, so
//! concurrent commands each see the other's change instead of writing over
//! it; readers need no lock, since a rename shows them the old store or the
//! new one. Nothing is cut: a value over [`MAX_SECRET_BYTES`] or a change
//! that would take the store over [`MAX_STORE_BYTES`] is refused, and a
//! store already over its cap (written by hand, or by an older release) is
//! refused to calls but can still be listed, shrunk and cleared.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use checker::project::SecretsSpec;

use crate::paths;

/// Largest store a call reads: secrets are tokens, not files.
pub const MAX_STORE_BYTES: u64 = 4 * 1024 * 1024;

/// Largest value of one secret.
pub const MAX_SECRET_BYTES: usize = 1024 * 1024;

/// Largest store `ls`, `rm` and `set` still read, so that a store over its
/// cap can be repaired; beyond this only `clear` helps.
const MAX_REPAIR_BYTES: u64 = 16 * MAX_STORE_BYTES;

/// What a user can do about a store over its cap.
const OVER_CAP_HELP: &str = "list the names with `beeuni secrets ls` and remove what is no longer used with `beeuni secrets rm NAME`, or empty the store with `beeuni secrets clear`";

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
    #[error("cannot lock the secret store {}: {error}", .path.display())]
    Lock {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error(
        "the value of {name} is over {MAX_SECRET_BYTES} bytes, the most a secret may hold; nothing was stored"
    )]
    ValueTooLarge { name: String },
    #[error(
        "setting {name} would make the secret store {} {bytes} bytes, over its cap of {MAX_STORE_BYTES}; nothing was stored: {OVER_CAP_HELP}",
        .path.display()
    )]
    StoreFull {
        name: String,
        path: PathBuf,
        bytes: u64,
    },
    #[error(
        "the secret store {} is {bytes} bytes, over its cap of {MAX_STORE_BYTES}, so no secret is read from it: {OVER_CAP_HELP}",
        .path.display()
    )]
    OverCap { path: PathBuf, bytes: u64 },
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

    /// Every secret, as a call reads them; an absent store is an empty one,
    /// a store over [`MAX_STORE_BYTES`] an error that says what to do.
    pub fn read(&self) -> Result<BTreeMap<String, String>, SecretsError> {
        let text = self.read_text(MAX_STORE_BYTES)?;
        if text.len() as u64 > MAX_STORE_BYTES {
            return Err(SecretsError::OverCap {
                path: self.path.clone(),
                bytes: text.len() as u64,
            });
        }
        self.parse(&text)
    }

    /// Every secret, as the commands that repair a store read them: a store
    /// over its cap too, up to [`MAX_REPAIR_BYTES`].
    fn read_for_change(&self) -> Result<BTreeMap<String, String>, SecretsError> {
        let text = self.read_text(MAX_REPAIR_BYTES)?;
        if text.len() as u64 > MAX_REPAIR_BYTES {
            return Err(SecretsError::Read {
                path: self.path.clone(),
                reason: format!(
                    "it is over {MAX_REPAIR_BYTES} bytes: `beeuni secrets clear` empties it"
                ),
            });
        }
        self.parse(&text)
    }

    /// The store's text, at most `limit + 1` bytes of it (so that a longer
    /// store is seen to be too long); an absent store is empty.
    fn read_text(&self, limit: u64) -> Result<String, SecretsError> {
        let error = |reason: String| SecretsError::Read {
            path: self.path.clone(),
            reason,
        };
        let file = match std::fs::File::open(&self.path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(String::new()),
            Err(e) => return Err(error(e.to_string())),
        };
        let mut text = String::new();
        use std::io::Read;
        file.take(limit + 1)
            .read_to_string(&mut text)
            .map_err(|e| error(e.to_string()))?;
        Ok(text)
    }

    fn parse(&self, text: &str) -> Result<BTreeMap<String, String>, SecretsError> {
        if text.is_empty() {
            return Ok(BTreeMap::new());
        }
        serde_json::from_str(text).map_err(|e| SecretsError::Read {
            path: self.path.clone(),
            reason: format!("it is not a JSON object of strings: {e}"),
        })
    }

    fn render(secrets: &BTreeMap<String, String>) -> String {
        let mut text = serde_json::to_string_pretty(secrets).unwrap_or_default();
        text.push('\n');
        text
    }

    fn write(&self, text: &str) -> Result<(), SecretsError> {
        paths::write_private(&self.path, text.as_bytes()).map_err(|error| SecretsError::Write {
            path: self.path.clone(),
            error,
        })
    }

    /// Holds the store's lock until the returned file is dropped: every
    /// read-modify-write runs under it, so two changes never interleave.
    fn lock(&self) -> Result<std::fs::File, SecretsError> {
        use std::os::unix::fs::OpenOptionsExt;
        let path = self.path.with_extension("lock");
        let error = |error| SecretsError::Lock {
            path: path.clone(),
            error,
        };
        let dir = self.path.parent().unwrap_or(Path::new("."));
        paths::private_dir(dir).map_err(error)?;
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .mode(0o600)
            .open(&path)
            .map_err(error)?;
        file.lock().map_err(error)?;
        Ok(file)
    }

    /// Sets `name` to `value`, refusing a value over [`MAX_SECRET_BYTES`]
    /// and a store that would grow over [`MAX_STORE_BYTES`].
    pub fn set(&self, name: &str, value: &str) -> Result<(), SecretsError> {
        if !valid_name(name) {
            return Err(SecretsError::BadName(name.to_string()));
        }
        if value.len() > MAX_SECRET_BYTES {
            return Err(SecretsError::ValueTooLarge {
                name: name.to_string(),
            });
        }
        let _lock = self.lock()?;
        let mut secrets = self.read_for_change()?;
        secrets.insert(name.to_string(), value.to_string());
        let text = Self::render(&secrets);
        if text.len() as u64 > MAX_STORE_BYTES {
            return Err(SecretsError::StoreFull {
                name: name.to_string(),
                path: self.path.clone(),
                bytes: text.len() as u64,
            });
        }
        self.write(&text)
    }

    /// Removes `name`; returns whether it was there. Works on a store over
    /// its cap, so that one can be brought back under it.
    pub fn remove(&self, name: &str) -> Result<bool, SecretsError> {
        let _lock = self.lock()?;
        let mut secrets = self.read_for_change()?;
        let was = secrets.remove(name).is_some();
        if was {
            self.write(&Self::render(&secrets))?;
        }
        Ok(was)
    }

    /// Removes every secret (the store's file itself), whatever its size or
    /// content; returns whether there was a store.
    pub fn clear(&self) -> Result<bool, SecretsError> {
        let _lock = self.lock()?;
        match std::fs::remove_file(&self.path) {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
            Err(error) => Err(SecretsError::Write {
                path: self.path.clone(),
                error,
            }),
        }
    }

    /// The names, sorted; never the values. A store over its cap is listed
    /// too, so that its owner can see what to remove.
    pub fn names(&self) -> Result<Vec<String>, SecretsError> {
        Ok(self.read_for_change()?.into_keys().collect())
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

    fn store_in(dir: &tempfile::TempDir) -> Store {
        Store {
            path: dir.path().join("s.json"),
        }
    }

    #[test]
    fn a_value_over_the_limit_is_refused_not_cut() {
        let dir = tempfile::tempdir().unwrap();
        let store = store_in(&dir);
        store.set("KEPT", "old").unwrap();
        let error = store
            .set("BIG", &"x".repeat(MAX_SECRET_BYTES + 1))
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "the value of BIG is over 1048576 bytes, the most a secret may hold; nothing was stored"
        );
        assert_eq!(store.names().unwrap(), ["KEPT"]);
        store.set("EXACT", &"x".repeat(MAX_SECRET_BYTES)).unwrap();
        assert_eq!(store.read().unwrap()["EXACT"].len(), MAX_SECRET_BYTES);
    }

    #[test]
    fn a_change_that_would_pass_the_cap_is_refused_and_the_store_stays_readable() {
        let dir = tempfile::tempdir().unwrap();
        let store = store_in(&dir);
        let value = "x".repeat(MAX_SECRET_BYTES);
        for name in ["A", "B", "C"] {
            store.set(name, &value).unwrap();
        }
        let error = store.set("D", &value).unwrap_err().to_string();
        assert!(
            error.starts_with("setting D would make the secret store "),
            "{error}"
        );
        assert!(error.contains("`beeuni secrets rm NAME`"), "{error}");
        assert_eq!(store.read().unwrap().len(), 3);
    }

    #[test]
    fn a_store_over_its_cap_is_refused_to_calls_but_can_be_listed_shrunk_and_cleared() {
        let dir = tempfile::tempdir().unwrap();
        let store = store_in(&dir);
        let value = "x".repeat(MAX_SECRET_BYTES);
        let over: BTreeMap<String, String> = ["A", "B", "C", "D", "E"]
            .iter()
            .map(|n| (n.to_string(), value.clone()))
            .collect();
        std::fs::write(store.path(), Store::render(&over)).unwrap();
        let error = store.read().unwrap_err().to_string();
        assert!(error.contains("over its cap of 4194304"), "{error}");
        assert!(error.contains("`beeuni secrets clear`"), "{error}");
        assert_eq!(store.names().unwrap(), ["A", "B", "C", "D", "E"]);
        assert!(store.remove("A").unwrap());
        assert!(store.remove("B").unwrap());
        assert_eq!(store.read().unwrap().len(), 3);
        assert!(store.clear().unwrap());
        assert!(store.read().unwrap().is_empty());
        assert!(!store.clear().unwrap());
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
