//! The sandbox a tool runs in (Linux Landlock plus `no_new_privs`): what a
//! tool module, and every subprocess it starts, may reach of the machine.
//!
//! [`confine`] restricts the calling thread, and so every thread and process
//! it starts from then on, to: read, write and run under the checkout and
//! the caller's temp folder; read and run the system's program and library
//! folders and those on the box's `PATH`; read `/etc`, `/sys`, the
//! machine-wide files of `/proc` and the confined process's own
//! `/proc/<pid>`; use `/dev/null` and the random devices. Nothing else of the file system:
//! not the secret store, the runtime file, the transpile cache, nor the
//! home folder. Landlock's scopes keep the sandbox from signalling a process
//! outside it (the daemon, other workers) or connecting to an abstract Unix
//! socket made outside it. The network is not restricted: tools call APIs.
//!
//! `unsafe` is forbidden in this crate; the `landlock` crate's safe API
//! makes the system calls. A kernel without Landlock is a [`Level`]
//! decision: ignored under `best-effort`, an error under `required`.

use std::path::{Path, PathBuf};

use landlock::{
    ABI, Access, AccessFs, CompatLevel, Compatible, Ruleset, RulesetAttr, RulesetCreatedAttr,
    RulesetStatus, Scope, path_beneath_rules,
};

/// The newest Landlock ABI whose features are asked for: 6 brings signal
/// and abstract-socket scoping; filesystem rights are complete by then.
const TARGET_ABI: ABI = ABI::V6;

/// Folders of programs and libraries, read and run.
const SYSTEM_PROGRAMS: &[&str] = &[
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/opt",
];

/// Read only: configuration (certificates, resolver, users), and the
/// kernel's views of the machine that programs consult. Not `/proc` as a
/// whole: Landlock keeps a confined process out of another's descriptors
/// there, but not out of its `environ` or `maps` (measured on Linux 6.18),
/// so only the confining process's own folder is added (see [`confine`]).
const SYSTEM_READ: &[&str] = &[
    "/etc",
    "/sys",
    "/proc/cpuinfo",
    "/proc/meminfo",
    "/proc/stat",
    "/proc/loadavg",
    "/proc/uptime",
    "/proc/version",
    "/proc/filesystems",
    "/proc/sys",
];

/// Devices programs open for reading and writing.
const DEVICES: &[&str] = &[
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
];

/// How strictly tools are confined (`--sandbox`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// Tools run with every right of the user who started beeuni.
    Off,
    /// Confined where the kernel offers Landlock, as today where it does not.
    #[default]
    BestEffort,
    /// Confined, or not run at all.
    Required,
}

impl Level {
    pub const NAMES: &'static [&'static str] = &["off", "best-effort", "required"];

    pub fn name(self) -> &'static str {
        match self {
            Level::Off => "off",
            Level::BestEffort => "best-effort",
            Level::Required => "required",
        }
    }
}

impl std::str::FromStr for Level {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "off" => Ok(Level::Off),
            "best-effort" => Ok(Level::BestEffort),
            "required" => Ok(Level::Required),
            other => Err(format!(
                "`{other}` is not a sandbox level: use off, best-effort or required"
            )),
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What [`confine`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Confined {
    /// `--sandbox off`.
    Off,
    /// Every restriction asked for holds.
    Enforced,
    /// The kernel has Landlock but not all of it (before ABI 6: no
    /// scoping); the file-system rules hold.
    Partly(String),
    /// The kernel has no Landlock: nothing is confined (`best-effort` only).
    Unavailable(String),
}

impl Confined {
    /// Whether the file-system rules hold (the temp folder is the sandbox's).
    pub fn holds(&self) -> bool {
        matches!(self, Confined::Enforced | Confined::Partly(_))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    #[error(
        "the sandbox is required (--sandbox required) but this kernel cannot enforce it: {0}; run with --sandbox best-effort to run tools unconfined"
    )]
    Unsupported(String),
    #[error(
        "the sandbox would expose {kind} ({}) to tools, because it is inside {} which tools may read; move it (or the project) elsewhere",
        .inside.display(), .granted.display()
    )]
    Exposed {
        kind: &'static str,
        inside: PathBuf,
        granted: PathBuf,
    },
    #[error("cannot set up the sandbox: {0}")]
    Setup(String),
}

/// What a sandbox lets through, besides the system folders.
#[derive(Debug, Clone, Default)]
pub struct Grants {
    /// Read, write and run beneath each (the checkout, the temp folder).
    pub read_write: Vec<PathBuf>,
    /// Read only (a user's git configuration, without which git refuses
    /// to run); those that do not exist are skipped.
    pub read_only: Vec<PathBuf>,
    /// Files and folders tools must not reach (the secret store, the
    /// runtime file, the transpile cache): a grant that would contain one
    /// is refused, and a `PATH` folder that would is left out.
    pub protected: Vec<(&'static str, PathBuf)>,
    /// The box's `PATH`, whose folders are read and run.
    pub path_var: Option<std::ffi::OsString>,
    /// The temp folder of the confined code (one of `read_write`): where
    /// outputs are spilled and `os.tmpdir()` points, since the system's
    /// own temp folder is out of reach.
    pub temp_dir: Option<PathBuf>,
}

/// The temp folder [`confine`] was given, once it confined this process.
static TEMP_DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

/// Where this process's tools keep temporary files: the sandbox's temp
/// folder once [`confine`] set one, else the system's.
pub fn temp_dir() -> PathBuf {
    TEMP_DIR.get().cloned().unwrap_or_else(std::env::temp_dir)
}

/// Confines the calling thread, and everything it starts afterwards, to
/// `grants` at `level`.
pub fn confine(level: Level, grants: &Grants) -> Result<Confined, SandboxError> {
    if level == Level::Off {
        return Ok(Confined::Off);
    }
    check_exposure(grants)?;
    let compat = match level {
        Level::Required => CompatLevel::HardRequirement,
        _ => CompatLevel::BestEffort,
    };
    let setup = |e: landlock::RulesetError| match level {
        Level::Required => SandboxError::Unsupported(e.to_string()),
        _ => SandboxError::Setup(e.to_string()),
    };
    let read = AccessFs::from_read(TARGET_ABI);
    let all = AccessFs::from_all(TARGET_ABI);
    let devices = read | AccessFs::WriteFile | AccessFs::IoctlDev;
    let programs: Vec<PathBuf> = SYSTEM_PROGRAMS
        .iter()
        .map(PathBuf::from)
        .chain(path_folders(grants))
        .collect();
    let status = Ruleset::default()
        .set_compatibility(compat)
        .handle_access(all)
        .map_err(setup)?
        .scope(Scope::from_all(TARGET_ABI))
        .map_err(setup)?
        .create()
        .map_err(setup)?
        .add_rules(path_beneath_rules(&programs, read))
        .map_err(setup)?
        .add_rules(path_beneath_rules(SYSTEM_READ, read))
        .map_err(setup)?
        // `/proc/self` is opened now, so the rule holds this process's own
        // folder: a subprocess's `/proc/self` is not it, and stays closed.
        .add_rules(path_beneath_rules(["/proc/self"], read))
        .map_err(setup)?
        .add_rules(path_beneath_rules(DEVICES, devices))
        .map_err(setup)?
        .add_rules(path_beneath_rules(&grants.read_write, all))
        .map_err(setup)?
        .add_rules(path_beneath_rules(&grants.read_only, read))
        .map_err(setup)?
        .no_new_privs(true)
        .restrict_self()
        .map_err(setup)?;
    if status.ruleset != RulesetStatus::NotEnforced
        && let Some(dir) = &grants.temp_dir
    {
        let _ = TEMP_DIR.set(dir.clone());
    }
    Ok(match status.ruleset {
        RulesetStatus::FullyEnforced => Confined::Enforced,
        RulesetStatus::PartiallyEnforced => Confined::Partly(format!(
            "the kernel's Landlock ({}) lacks some of what ABI 6 offers (signal and socket scoping)",
            describe(status.landlock)
        )),
        RulesetStatus::NotEnforced => {
            let why = format!("no Landlock ({})", describe(status.landlock));
            if level == Level::Required {
                return Err(SandboxError::Unsupported(why));
            }
            Confined::Unavailable(why)
        }
    })
}

/// Whether this kernel can confine tools fully, without confining anyone:
/// `Err` names what it lacks. A daemon asks once at start, to say so in its
/// log (or refuse to start under `required`) rather than once per worker.
pub fn probe() -> Result<(), String> {
    Ruleset::default()
        .set_compatibility(CompatLevel::HardRequirement)
        .handle_access(AccessFs::from_all(TARGET_ABI))
        .and_then(|r| r.scope(Scope::from_all(TARGET_ABI)))
        .and_then(|r| r.create())
        .map(drop)
        .map_err(|e| format!("the kernel offers no Landlock ABI 6 ({e})"))
}

fn describe(status: landlock::LandlockStatus) -> String {
    match status {
        landlock::LandlockStatus::NotEnabled => "Landlock is built in but not enabled".into(),
        landlock::LandlockStatus::NotImplemented => "Landlock is not built into the kernel".into(),
        landlock::LandlockStatus::Available { effective_abi, .. } => {
            format!("Landlock ABI {}", effective_abi as i32)
        }
    }
}

/// A grant that holds a protected path would hand it to tools: Landlock
/// rules only add rights, so such a path cannot be cut out again.
fn check_exposure(grants: &Grants) -> Result<(), SandboxError> {
    for granted in grants.read_write.iter().chain(&grants.read_only) {
        let granted_real = real(granted);
        for (kind, protected) in &grants.protected {
            if real(protected).starts_with(&granted_real) {
                return Err(SandboxError::Exposed {
                    kind,
                    inside: protected.clone(),
                    granted: granted.clone(),
                });
            }
        }
    }
    Ok(())
}

/// The `PATH` folders (absolute, existing) that hold no protected path.
fn path_folders(grants: &Grants) -> Vec<PathBuf> {
    let Some(path_var) = &grants.path_var else {
        return Vec::new();
    };
    std::env::split_paths(path_var)
        .filter(|dir| dir.is_absolute() && dir.is_dir())
        .filter(|dir| {
            let dir = real(dir);
            !grants
                .protected
                .iter()
                .any(|(_, p)| real(p).starts_with(&dir))
        })
        .collect()
}

/// `path` with its links resolved as far as it exists: a protected file
/// not made yet is judged by its folder.
fn real(path: &Path) -> PathBuf {
    if let Ok(real) = std::fs::canonicalize(path) {
        return real;
    }
    match (path.parent(), path.file_name()) {
        (Some(parent), Some(name)) if parent != path => real(parent).join(name),
        _ => path.to_path_buf(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_and_name_themselves() {
        for name in Level::NAMES {
            assert_eq!(name.parse::<Level>().unwrap().name(), *name);
        }
        let wrong = "strict".parse::<Level>().unwrap_err();
        assert!(wrong.contains("`strict` is not a sandbox level"), "{wrong}");
    }

    #[test]
    fn a_grant_holding_the_secret_store_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let grants = Grants {
            read_write: vec![dir.path().to_path_buf()],
            read_only: Vec::new(),
            protected: vec![("the secret store", dir.path().join("secrets/p.json"))],
            path_var: None,
            temp_dir: None,
        };
        let error = confine(Level::BestEffort, &grants).unwrap_err().to_string();
        assert!(error.contains("would expose the secret store"), "{error}");
    }

    #[test]
    fn a_path_folder_holding_a_protected_path_is_left_out() {
        let home = tempfile::tempdir().unwrap();
        let bin = home.path().join("bin");
        std::fs::create_dir(&bin).unwrap();
        let grants = Grants {
            read_write: Vec::new(),
            read_only: Vec::new(),
            protected: vec![("the cache", home.path().join(".cache/beeuni"))],
            path_var: Some(std::env::join_paths([home.path(), &bin]).unwrap()),
            temp_dir: None,
        };
        assert_eq!(path_folders(&grants), vec![bin]);
    }

    /// Confines a fresh thread (Landlock binds a thread and what it
    /// starts), and checks from inside what it can reach.
    #[test]
    fn a_confined_thread_reaches_its_grants_and_nothing_else() {
        if probe().is_err() {
            eprintln!("skipped: this kernel has no Landlock ABI 6");
            return;
        }
        let granted = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret"), "s").unwrap();
        let grants = Grants {
            read_write: vec![granted.path().to_path_buf()],
            read_only: Vec::new(),
            protected: Vec::new(),
            path_var: None,
            temp_dir: None,
        };
        let (inside_dir, outside_dir) =
            (granted.path().to_path_buf(), outside.path().to_path_buf());
        let seen = std::thread::spawn(move || {
            let confined = confine(Level::Required, &grants).unwrap();
            let wrote = std::fs::write(inside_dir.join("out"), "x").is_ok();
            let read_outside = std::fs::read(outside_dir.join("secret")).is_ok();
            let read_etc = std::fs::read("/etc/passwd").is_ok();
            // A subprocess inherits the sandbox.
            let child_read = std::process::Command::new("cat")
                .arg(outside_dir.join("secret"))
                .output()
                .map(|o| o.status.success())
                .unwrap_or(true);
            (confined, wrote, read_outside, read_etc, child_read)
        })
        .join()
        .unwrap();
        assert_eq!(seen, (Confined::Enforced, true, false, true, false));
        // This thread was never confined.
        assert!(std::fs::read(outside.path().join("secret")).is_ok());
    }
}
