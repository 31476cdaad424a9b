//! Stripped TypeScript kept on disk, by the hash of what produced it, so that
//! a module swc has already stripped loads without swc.
//!
//! A cold `beeuni tools call` of a small TypeScript tool spent a tenth of its
//! time in swc: the code of its parser and transforms is faulted in on every
//! start, and a module with imports goes through two passes (see
//! `transpile.rs`). The key is the SHA-256 of everything the output depends
//! on: the stripping code (this crate's version, the exact swc version, the
//! source of `transpile.rs`), script or module, and the source bytes. Only
//! successes are kept; an error is recomputed, so its message always names
//! the file being loaded. Entries are written to a temporary file and renamed
//! into place, so a reader never sees half an entry. Any I/O failure only
//! means the cache is not used: it is never a reason for a load to fail.
//! Nothing removes old entries; deleting the folder is always safe.
//!
//! An entry is code that will run, so it is verified on every read: its
//! first line is the HMAC-SHA256 of its key (the source's hash) and its
//! code, under a 32-byte secret made once per cache folder
//! (`transpiled.key`, mode 0600, beside `transpiled/`). An entry changed by
//! anyone who does not hold that secret, or filed under another source's
//! key, is a miss: the source is stripped again and the entry rewritten.
//! (Whoever can read the secret, the user's own processes outside the
//! sandbox, could still forge one; the daemon's sandbox keeps tools out of
//! the cache folder altogether.)

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use sha2::{Digest, Sha256};

/// The exact swc stripper whose output is cached; a unit test keeps it equal
/// to the version in `Cargo.lock`, so an upgrade cannot serve old output.
const STRIPPER: &str = "swc_ts_fast_strip 60.0.0";

/// The first line of every entry, before its MAC in hex.
const SEAL: &str = "// beeuni-transpiled ";

type Mac = hmac::Hmac<Sha256>;

/// A cache folder (`<dir>/transpiled/`).
#[derive(Debug, Clone)]
pub(crate) struct TranspileCache {
    dir: PathBuf,
    secret_file: PathBuf,
    /// Read (or made) on first use; `None` when neither works, which turns
    /// the cache off.
    secret: std::sync::Arc<std::sync::OnceLock<Option<[u8; 32]>>>,
}

impl TranspileCache {
    pub(crate) fn new(dir: &Path) -> Self {
        TranspileCache {
            dir: dir.join("transpiled"),
            secret_file: dir.join("transpiled.key"),
            secret: Default::default(),
        }
    }

    /// The stripped text of `source`, from the cache or from `strip` (whose
    /// success is then stored).
    pub(crate) fn get_or_strip(
        &self,
        source: String,
        module: bool,
        strip: impl FnOnce(String) -> Result<String, String>,
    ) -> Result<String, String> {
        let Some(secret) = self.secret() else {
            return strip(source);
        };
        let key = key(&source, module);
        let entry = self.dir.join(format!("{key}.js"));
        if let Ok(text) = std::fs::read_to_string(&entry)
            && let Some(code) = unseal(&text, &key, &secret)
        {
            return Ok(code.to_string());
        }
        let code = strip(source)?;
        self.store(&entry, &seal(&code, &key, &secret));
        Ok(code)
    }

    fn secret(&self) -> Option<[u8; 32]> {
        *self
            .secret
            .get_or_init(|| read_or_make_secret(&self.secret_file))
    }

    fn store(&self, entry: &Path, text: &str) {
        let written = std::fs::create_dir_all(&self.dir)
            .and_then(|()| tempfile::NamedTempFile::new_in(&self.dir))
            .and_then(|mut file| {
                file.write_all(text.as_bytes())?;
                file.persist(entry).map_err(|e| e.error)?;
                Ok(())
            });
        // A read-only or full disk: the next load strips again.
        let _ = written;
    }
}

/// The cache's secret: read, or made from the OS's randomness and put in
/// place without replacing one another process made meanwhile.
fn read_or_make_secret(path: &Path) -> Option<[u8; 32]> {
    let read = || -> Option<[u8; 32]> { std::fs::read(path).ok()?.try_into().ok() };
    if let Some(secret) = read() {
        return Some(secret);
    }
    let mut secret = [0u8; 32];
    getrandom::fill(&mut secret).ok()?;
    let dir = path.parent()?;
    std::fs::create_dir_all(dir).ok()?;
    // tempfile makes its files with mode 0600.
    let mut file = tempfile::NamedTempFile::new_in(dir).ok()?;
    file.write_all(&secret).ok()?;
    match file.persist_noclobber(path) {
        Ok(_) => Some(secret),
        // Another process made one first: use that one.
        Err(_) => read(),
    }
}

fn mac(code: &str, key: &str, secret: &[u8; 32]) -> Mac {
    use hmac::{KeyInit, Mac as _};
    let mut mac = <Mac as KeyInit>::new_from_slice(secret).expect("HMAC takes a key of any length");
    mac.update(key.as_bytes());
    mac.update(b"\n");
    mac.update(code.as_bytes());
    mac
}

/// An entry's text: the seal line, then the code.
fn seal(code: &str, key: &str, secret: &[u8; 32]) -> String {
    use hmac::Mac as _;
    let tag = hex::encode(mac(code, key, secret).finalize().into_bytes());
    format!("{SEAL}{tag}\n{code}")
}

/// The code of an entry whose seal is right for `key`, compared in constant time.
fn unseal<'a>(text: &'a str, key: &str, secret: &[u8; 32]) -> Option<&'a str> {
    use hmac::Mac as _;
    let (first, code) = text.split_once('\n')?;
    let tag = hex::decode(first.strip_prefix(SEAL)?).ok()?;
    mac(code, key, secret).verify_slice(&tag).ok()?;
    Some(code)
}

fn key(source: &str, module: bool) -> String {
    // What produced the output is the same for every module of a process:
    // hashed once (transpile.rs alone is 10 KB), then each source on a copy.
    static STRIPPING: LazyLock<Sha256> = LazyLock::new(|| {
        let mut hash = Sha256::new();
        for part in [
            env!("CARGO_PKG_VERSION"),
            STRIPPER,
            include_str!("transpile.rs"),
        ] {
            hash.update((part.len() as u64).to_le_bytes());
            hash.update(part.as_bytes());
        }
        hash
    });
    let mut hash = STRIPPING.clone();
    hash.update(if module { b"module" } else { b"script" });
    hash.update(source.as_bytes());
    hex::encode(hash.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn the_named_stripper_is_the_locked_one() {
        let lock = include_str!("../../Cargo.lock");
        let (name, version) = STRIPPER.split_once(' ').unwrap();
        let entry = format!("name = \"{name}\"\nversion = \"{version}\"\n");
        assert!(
            lock.contains(&entry),
            "Cargo.lock has another {name} than {version}: update STRIPPER"
        );
    }

    #[test]
    fn a_stored_strip_is_reused_and_any_change_misses() {
        let dir = tempfile::tempdir().unwrap();
        let cache = TranspileCache::new(dir.path());
        let strips = Cell::new(0);
        let strip = |source: String| {
            strips.set(strips.get() + 1);
            Ok(source.replace(": string", "        "))
        };
        let source = "export const a: string = 'x';".to_string();
        let first = cache.get_or_strip(source.clone(), true, strip).unwrap();
        let again = cache.get_or_strip(source.clone(), true, strip).unwrap();
        assert_eq!((first.as_str(), strips.get()), (again.as_str(), 1));
        assert_eq!(first, "export const a         = 'x';");
        // Another source, or the same source as a script: stripped afresh.
        cache
            .get_or_strip(source.replace('x', "y"), true, strip)
            .unwrap();
        cache.get_or_strip(source, false, strip).unwrap();
        assert_eq!(strips.get(), 3);
    }

    #[test]
    fn a_changed_or_moved_entry_is_a_miss_and_is_rewritten() {
        let dir = tempfile::tempdir().unwrap();
        let cache = TranspileCache::new(dir.path());
        let strips = Cell::new(0);
        let strip = |source: String| {
            strips.set(strips.get() + 1);
            Ok(source)
        };
        let source = "export const a = 'x';".to_string();
        cache.get_or_strip(source.clone(), true, strip).unwrap();
        let entry = dir
            .path()
            .join("transpiled")
            .join(format!("{}.js", key(&source, true)));
        let sealed = std::fs::read_to_string(&entry).unwrap();
        assert!(sealed.starts_with(SEAL), "{sealed}");
        // The code changed under its seal.
        std::fs::write(&entry, sealed.replace("'x'", "'evil'")).unwrap();
        let code = cache.get_or_strip(source.clone(), true, strip).unwrap();
        assert_eq!((code.as_str(), strips.get()), ("export const a = 'x';", 2));
        assert_eq!(std::fs::read_to_string(&entry).unwrap(), sealed);
        // Another source's sealed entry filed under this key.
        let other = "export const b = 'y';".to_string();
        cache.get_or_strip(other.clone(), true, strip).unwrap();
        let other_entry = entry.with_file_name(format!("{}.js", key(&other, true)));
        std::fs::copy(&other_entry, &entry).unwrap();
        let code = cache.get_or_strip(source.clone(), true, strip).unwrap();
        assert_eq!((code.as_str(), strips.get()), ("export const a = 'x';", 4));
        // A seal made with another secret.
        std::fs::write(
            &entry,
            seal("export const a = 'z';", &key(&source, true), &[7; 32]),
        )
        .unwrap();
        let code = cache.get_or_strip(source, true, strip).unwrap();
        assert_eq!((code.as_str(), strips.get()), ("export const a = 'x';", 5));
        // The secret is private to its owner.
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir.path().join("transpiled.key"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[test]
    fn errors_are_not_kept_and_an_unwritable_folder_only_disables_the_cache() {
        let dir = tempfile::tempdir().unwrap();
        let blocked = dir.path().join("file");
        std::fs::write(&blocked, "not a folder").unwrap();
        let cache = TranspileCache::new(&blocked);
        let strips = Cell::new(0);
        let failing = |_: String| {
            strips.set(strips.get() + 1);
            Err("x.ts:1:1 bad".to_string())
        };
        for _ in 0..2 {
            let error = cache.get_or_strip("let a: = 1".into(), true, failing);
            assert_eq!(error.unwrap_err(), "x.ts:1:1 bad");
        }
        assert_eq!(strips.get(), 2);
        let fine = cache.get_or_strip("let a = 1".into(), true, Ok);
        assert_eq!(fine.unwrap(), "let a = 1");
    }
}
