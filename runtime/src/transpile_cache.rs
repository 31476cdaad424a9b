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

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use sha2::{Digest, Sha256};

/// The exact swc stripper whose output is cached; a unit test keeps it equal
/// to the version in `Cargo.lock`, so an upgrade cannot serve old output.
const STRIPPER: &str = "swc_ts_fast_strip 60.0.0";

/// A cache folder (`<dir>/transpiled/`).
#[derive(Debug, Clone)]
pub(crate) struct TranspileCache {
    dir: PathBuf,
}

impl TranspileCache {
    pub(crate) fn new(dir: &Path) -> Self {
        TranspileCache {
            dir: dir.join("transpiled"),
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
        let entry = self.dir.join(format!("{}.js", key(&source, module)));
        if let Ok(code) = std::fs::read_to_string(&entry) {
            return Ok(code);
        }
        let code = strip(source)?;
        self.store(&entry, &code);
        Ok(code)
    }

    fn store(&self, entry: &Path, code: &str) {
        let written = std::fs::create_dir_all(&self.dir)
            .and_then(|()| tempfile::NamedTempFile::new_in(&self.dir))
            .and_then(|mut file| {
                file.write_all(code.as_bytes())?;
                file.persist(entry).map_err(|e| e.error)?;
                Ok(())
            });
        // A read-only or full disk: the next load strips again.
        let _ = written;
    }
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
