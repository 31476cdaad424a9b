//! File system operations behind `node:fs`, `node:fs/promises` and `Bun.file`.
//!
//! One implementation per operation; the async form runs it on tokio's
//! blocking pool so that a slow disk never stalls other calls. Relative paths
//! resolve against the project directory, which is what `process.cwd()` says.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::UNIX_EPOCH;

use boa_engine::{Context, JsResult, JsString, JsValue};

mod watch;

use super::{arg, bytes_arg, bytes_value, error, io_error, json_value, string_arg};
use crate::state::HostState;

/// Files a tool opened with `fs.open`, by their OS descriptor, as Node
/// numbers them: this family's state ([`super::op_state`]). They stay open
/// until the tool closes them or the host ends, as a process's would.
type OpenFiles = std::cell::RefCell<std::collections::HashMap<i32, Arc<std::fs::File>>>;

/// A path as the tool wrote it, which error messages show (as Node's do),
/// and the file it names, resolved against the project.
pub(super) struct Target {
    full: PathBuf,
    given: String,
}

impl std::ops::Deref for Target {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.full
    }
}

impl AsRef<Path> for Target {
    fn as_ref(&self) -> &Path {
        &self.full
    }
}

pub(super) enum Op {
    Read(Target),
    Write(Target, Vec<u8>, bool),
    ReadDir(Target),
    Stat(Target, bool),
    /// Recursive or not, and the mode of a new folder.
    MkDir(Target, bool, u32),
    Rm(Target, bool, bool),
    RmDir(Target),
    Unlink(Target),
    Rename(Target, Target),
    Copy(Target, Target),
    Exists(Target),
    RealPath(Target),
    /// The folder and the name prefix of the new folder.
    MkDtemp(PathBuf, String),
    Chmod(Target, u32),
    /// The link's target as written, and the link.
    Symlink(String, Target),
    ReadLink(Target),
    /// The existing file and the new hard link.
    Link(Target, Target),
    /// Owner and group; the last says whether a symbolic link is followed.
    Chown(Target, u32, u32, bool),
    FdChown(Arc<File>, u32, u32),
    FdChmod(Arc<File>, u32),
    Truncate(Target, u64),
    /// Access and modification times, in seconds since the epoch.
    Utimes(Target, f64, f64),
    /// `fs.open`: Linux's `O_*` flags and the mode for a new file.
    Open(Target, u32, u32),
    /// The file of a descriptor the host has already let go of.
    Close(Arc<File>),
    /// At most this many bytes, at a position or from the file's cursor.
    ReadAt(Arc<File>, usize, Option<u64>),
    WriteAt(Arc<File>, Vec<u8>, Option<u64>),
    /// From the cursor to the end (`readFileSync(fd)`).
    ReadRest(Arc<File>),
    FdStat(Arc<File>),
    FdTruncate(Arc<File>, u64),
    FdSync(Arc<File>),
    /// The file system a path is on (`fs.statfs`).
    StatFs(Target),
}

pub(super) enum Out {
    Bytes(Vec<u8>),
    Json(serde_json::Value),
    Bool(bool),
    Text(String),
    Number(f64),
    Opened(File),
    Unit,
}

pub(super) struct Failure(std::io::Error, &'static str, String);

fn parse(name: &str, args: &[JsValue], context: &mut Context) -> JsResult<Op> {
    let dir = HostState::of(context).project_dir.clone();
    let path = |i: usize, context: &mut Context| -> JsResult<Target> {
        let given = string_arg(args, i, context)?;
        Ok(Target {
            full: dir.join(&given),
            given,
        })
    };
    let descriptor = |i: usize, syscall: &'static str, context: &mut Context| {
        let fd = arg(args, i).to_i32(context)?;
        super::op_state::<OpenFiles>(context)
            .borrow()
            .get(&fd)
            .cloned()
            .ok_or_else(|| bad_descriptor(syscall, context))
    };
    let position = |i: usize, context: &mut Context| -> JsResult<Option<u64>> {
        let value = arg(args, i);
        if value.is_null_or_undefined() || value.as_number().is_some_and(|n| n < 0.0) {
            return Ok(None);
        }
        Ok(Some(value.to_length(context)?))
    };
    let flag = |i: usize| arg(args, i).to_boolean();
    Ok(match name {
        "read" => Op::Read(path(0, context)?),
        "write" => Op::Write(
            path(0, context)?,
            bytes_arg(args, 1, context)?.unwrap_or_default(),
            flag(2),
        ),
        "readdir" => Op::ReadDir(path(0, context)?),
        "stat" => Op::Stat(path(0, context)?, flag(1)),
        "mkdir" => {
            // The mode is optional (Bun's callers give none): 0o777, less the umask.
            let mode = match arg(args, 2).as_number() {
                Some(mode) => mode as u32,
                None => 0o777,
            };
            Op::MkDir(path(0, context)?, flag(1), mode)
        }
        "rm" => Op::Rm(path(0, context)?, flag(1), flag(2)),
        "rmdir" => Op::RmDir(path(0, context)?),
        "unlink" => Op::Unlink(path(0, context)?),
        "rename" => Op::Rename(path(0, context)?, path(1, context)?),
        "copy" => Op::Copy(path(0, context)?, path(1, context)?),
        "exists" => Op::Exists(path(0, context)?),
        "realpath" => Op::RealPath(path(0, context)?),
        "mkdtemp" => {
            let prefix = dir.join(string_arg(args, 0, context)?);
            let name = prefix
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let ends_in_slash = string_arg(args, 0, context)?.ends_with('/');
            if ends_in_slash {
                Op::MkDtemp(prefix, String::new())
            } else {
                let folder = prefix
                    .parent()
                    .map(PathBuf::from)
                    .unwrap_or_else(|| dir.clone());
                Op::MkDtemp(folder, name)
            }
        }
        "chmod" => Op::Chmod(path(0, context)?, arg(args, 1).to_u32(context)?),
        "symlink" => Op::Symlink(string_arg(args, 0, context)?, path(1, context)?),
        "readlink" => Op::ReadLink(path(0, context)?),
        "link" => Op::Link(path(0, context)?, path(1, context)?),
        "chown" => Op::Chown(
            path(0, context)?,
            arg(args, 1).to_u32(context)?,
            arg(args, 2).to_u32(context)?,
            arg(args, 3).to_boolean(),
        ),
        "fchown" => Op::FdChown(
            descriptor(0, "fchown", context)?,
            arg(args, 1).to_u32(context)?,
            arg(args, 2).to_u32(context)?,
        ),
        "fchmod" => Op::FdChmod(
            descriptor(0, "fchmod", context)?,
            arg(args, 1).to_u32(context)?,
        ),
        "truncate" => Op::Truncate(path(0, context)?, arg(args, 1).to_length(context)?),
        "utimes" => Op::Utimes(
            path(0, context)?,
            arg(args, 1).to_number(context)?,
            arg(args, 2).to_number(context)?,
        ),
        "open" => Op::Open(
            path(0, context)?,
            arg(args, 1).to_u32(context)?,
            arg(args, 2).to_u32(context)?,
        ),
        "close" => {
            let fd = arg(args, 0).to_i32(context)?;
            let file = super::op_state::<OpenFiles>(context)
                .borrow_mut()
                .remove(&fd);
            Op::Close(file.ok_or_else(|| bad_descriptor("close", context))?)
        }
        "readAt" => Op::ReadAt(
            descriptor(0, "read", context)?,
            arg(args, 1).to_length(context)? as usize,
            position(2, context)?,
        ),
        "writeAt" => Op::WriteAt(
            descriptor(0, "write", context)?,
            bytes_arg(args, 1, context)?.unwrap_or_default(),
            position(2, context)?,
        ),
        "readRest" => Op::ReadRest(descriptor(0, "read", context)?),
        "fstat" => {
            // The standard streams are there without `fs.open`: their
            // metadata is read through their entries in /proc.
            let fd = arg(args, 0).to_i32(context)?;
            if (0..=2).contains(&fd)
                && !super::op_state::<OpenFiles>(context)
                    .borrow()
                    .contains_key(&fd)
            {
                Op::Stat(
                    Target {
                        full: PathBuf::from(format!("/proc/self/fd/{fd}")),
                        given: String::new(),
                    },
                    true,
                )
            } else {
                Op::FdStat(descriptor(0, "fstat", context)?)
            }
        }
        "ftruncate" => Op::FdTruncate(
            descriptor(0, "ftruncate", context)?,
            arg(args, 1).to_length(context)?,
        ),
        "fsync" => Op::FdSync(descriptor(0, "fsync", context)?),
        "statfs" => Op::StatFs(path(0, context)?),
        other => return Err(error(format!("internal: unknown fs operation {other}"))),
    })
}

fn run(op: Op) -> Result<Out, Failure> {
    use std::fs;
    let fail = |syscall: &'static str, path: &Target| {
        let path = path.given.clone();
        move |e: std::io::Error| Failure(e, syscall, path)
    };
    let fd_fail =
        |syscall: &'static str| move |e: std::io::Error| Failure(e, syscall, String::new());
    Ok(match op {
        Op::Read(p) => Out::Bytes(fs::read(&p).map_err(fail("open", &p))?),
        Op::Write(p, bytes, append) => {
            use std::io::Write;
            let mut file = fs::OpenOptions::new()
                .create(true)
                .write(true)
                .append(append)
                .truncate(!append)
                .open(&p)
                .map_err(fail("open", &p))?;
            file.write_all(&bytes).map_err(fail("write", &p))?;
            Out::Unit
        }
        Op::ReadDir(p) => {
            let mut entries = Vec::new();
            for entry in fs::read_dir(&p).map_err(fail("scandir", &p))? {
                let entry = entry.map_err(fail("scandir", &p))?;
                let kind = entry.file_type().map(|t| kind_of(&t)).unwrap_or("other");
                entries.push(serde_json::json!([
                    entry.file_name().to_string_lossy(),
                    kind
                ]));
            }
            entries.sort_by(|a, b| a[0].as_str().cmp(&b[0].as_str()));
            Out::Json(serde_json::Value::Array(entries))
        }
        Op::Stat(p, follow) => {
            let meta = if follow {
                fs::metadata(&p)
            } else {
                fs::symlink_metadata(&p)
            }
            .map_err(fail(if follow { "stat" } else { "lstat" }, &p))?;
            Out::Json(stat_json(&meta))
        }
        Op::MkDir(p, recursive, mode) => {
            use std::os::unix::fs::DirBuilderExt;
            fs::DirBuilder::new()
                .recursive(recursive)
                .mode(mode)
                .create(&p)
                .map_err(fail("mkdir", &p))?;
            Out::Unit
        }
        Op::Rm(p, recursive, force) => {
            let result = match fs::symlink_metadata(&p) {
                Ok(meta) if meta.is_dir() && recursive => fs::remove_dir_all(&p),
                Ok(meta) if meta.is_dir() => {
                    Err(std::io::Error::from(std::io::ErrorKind::IsADirectory))
                }
                Ok(_) => fs::remove_file(&p),
                Err(e) => Err(e),
            };
            match result {
                Err(e) if force && e.kind() == std::io::ErrorKind::NotFound => {}
                other => other.map_err(fail("rm", &p))?,
            }
            Out::Unit
        }
        Op::RmDir(p) => {
            fs::remove_dir(&p).map_err(fail("rmdir", &p))?;
            Out::Unit
        }
        Op::Unlink(p) => {
            fs::remove_file(&p).map_err(fail("unlink", &p))?;
            Out::Unit
        }
        Op::Rename(a, b) => {
            fs::rename(&a, &b).map_err(fail("rename", &a))?;
            Out::Unit
        }
        Op::Copy(a, b) => {
            fs::copy(&a, &b).map_err(fail("copyfile", &a))?;
            Out::Unit
        }
        Op::Exists(p) => Out::Bool(p.exists()),
        Op::RealPath(p) => Out::Text(
            fs::canonicalize(&p)
                .map_err(fail("realpath", &p))?
                .display()
                .to_string(),
        ),
        Op::MkDtemp(folder, name) => {
            // tempfile draws the six characters (A–Z, a–z, 0–9) and retries
            // on a clash; `keep` stops it deleting the folder.
            let made = tempfile::Builder::new()
                .prefix(&name)
                .rand_bytes(6)
                .tempdir_in(&folder)
                .map_err(|e| {
                    let shown = folder.join(format!("{name}XXXXXX"));
                    Failure(e, "mkdtemp", shown.display().to_string())
                })?
                .keep();
            let created = made
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            Out::Text(created[name.len().min(created.len())..].to_string())
        }
        Op::Chmod(p, mode) => {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&p, fs::Permissions::from_mode(mode)).map_err(fail("chmod", &p))?;
            Out::Unit
        }
        Op::Symlink(target, link) => {
            std::os::unix::fs::symlink(&target, &link)
                .map_err(|e| Failure(e, "symlink", format!("{target}' -> '{}", link.given)))?;
            Out::Unit
        }
        Op::Link(existing, new) => {
            fs::hard_link(&existing, &new).map_err(|e| {
                Failure(e, "link", format!("{}' -> '{}", existing.given, new.given))
            })?;
            Out::Unit
        }
        Op::Chown(p, uid, gid, follow) => {
            if follow {
                std::os::unix::fs::chown(&p, Some(uid), Some(gid)).map_err(fail("chown", &p))?;
            } else {
                std::os::unix::fs::lchown(&p, Some(uid), Some(gid)).map_err(fail("lchown", &p))?;
            }
            Out::Unit
        }
        Op::FdChown(file, uid, gid) => {
            std::os::unix::fs::fchown(&*file, Some(uid), Some(gid)).map_err(fd_fail("fchown"))?;
            Out::Unit
        }
        Op::FdChmod(file, mode) => {
            use std::os::unix::fs::PermissionsExt;
            file.set_permissions(fs::Permissions::from_mode(mode))
                .map_err(fd_fail("fchmod"))?;
            Out::Unit
        }
        Op::ReadLink(p) => Out::Text(
            fs::read_link(&p)
                .map_err(fail("readlink", &p))?
                .display()
                .to_string(),
        ),
        Op::Truncate(p, length) => {
            let file = fs::OpenOptions::new()
                .write(true)
                .open(&p)
                .map_err(fail("truncate", &p))?;
            file.set_len(length).map_err(fail("truncate", &p))?;
            Out::Unit
        }
        Op::Utimes(p, accessed, modified) => {
            // A time before the epoch, infinite or NaN is an invalid argument
            // (and would panic in Duration).
            let at = |seconds: f64| {
                std::time::Duration::try_from_secs_f64(seconds)
                    .map(|since| UNIX_EPOCH + since)
                    .map_err(|_| std::io::Error::from(std::io::ErrorKind::InvalidInput))
            };
            let times = fs::FileTimes::new()
                .set_accessed(at(accessed).map_err(fail("utime", &p))?)
                .set_modified(at(modified).map_err(fail("utime", &p))?);
            fs::File::options()
                .write(true)
                .open(&p)
                .or_else(|_| fs::File::open(&p))
                .and_then(|file| file.set_times(times))
                .map_err(fail("utime", &p))?;
            Out::Unit
        }
        Op::Open(p, flags, mode) => Out::Opened(open(&p, flags, mode).map_err(fail("open", &p))?),
        // Dropping the last handle closes the descriptor; a call still
        // running on the blocking pool holds its own until it ends.
        Op::Close(file) => {
            drop(file);
            Out::Unit
        }
        Op::ReadAt(file, length, position) => {
            use std::io::Read;
            use std::os::unix::fs::FileExt;
            let mut buffer = vec![0; length];
            let read = match position {
                Some(at) => file.read_at(&mut buffer, at),
                None => (&*file).read(&mut buffer),
            }
            .map_err(fd_fail("read"))?;
            buffer.truncate(read);
            Out::Bytes(buffer)
        }
        Op::WriteAt(file, bytes, position) => {
            use std::io::Write;
            use std::os::unix::fs::FileExt;
            match position {
                Some(at) => file.write_all_at(&bytes, at),
                None => (&*file).write_all(&bytes),
            }
            .map_err(fd_fail("write"))?;
            Out::Number(bytes.len() as f64)
        }
        Op::ReadRest(file) => {
            use std::io::Read;
            let mut bytes = Vec::new();
            (&*file).read_to_end(&mut bytes).map_err(fd_fail("read"))?;
            Out::Bytes(bytes)
        }
        Op::FdStat(file) => Out::Json(stat_json(&file.metadata().map_err(fd_fail("fstat"))?)),
        Op::FdTruncate(file, length) => {
            file.set_len(length).map_err(fd_fail("ftruncate"))?;
            Out::Unit
        }
        Op::FdSync(file) => {
            file.sync_all().map_err(fd_fail("fsync"))?;
            Out::Unit
        }
        Op::StatFs(path) => {
            let fs = nix::sys::statfs::statfs(path.full.as_path())
                .map_err(|e| std::io::Error::from_raw_os_error(e as i32))
                .map_err(fail("statfs", &path))?;
            let vfs = nix::sys::statvfs::statvfs(path.full.as_path())
                .map_err(|e| std::io::Error::from_raw_os_error(e as i32))
                .map_err(fail("statfs", &path))?;
            Out::Json(serde_json::json!({
                "type": fs.filesystem_type().0,
                "bsize": fs.block_size(),
                "frsize": vfs.fragment_size(),
                "blocks": fs.blocks(),
                "bfree": fs.blocks_free(),
                "bavail": fs.blocks_available(),
                "files": fs.files(),
                "ffree": fs.files_free(),
            }))
        }
    })
}

/// Opens a file as `open(2)` would with Linux's `O_*` flags, which the
/// prelude derives from Node's flag strings (`'r+'`, `'wx'`, `'a'`…).
fn open(path: &Path, flags: u32, mode: u32) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    const WRITE_ONLY: u32 = 1;
    const READ_WRITE: u32 = 2;
    const CREATE: u32 = 0o100;
    const EXCLUSIVE: u32 = 0o200;
    const TRUNCATE: u32 = 0o1000;
    const APPEND: u32 = 0o2000;
    let access = flags & 3;
    let mut options = std::fs::OpenOptions::new();
    options
        .read(access != WRITE_ONLY)
        .write(access == WRITE_ONLY || access == READ_WRITE)
        .append(flags & APPEND != 0)
        .truncate(flags & TRUNCATE != 0)
        .mode(mode);
    if flags & CREATE != 0 && flags & EXCLUSIVE != 0 {
        options.create_new(true);
    } else if flags & CREATE != 0 {
        options.create(true);
    }
    options.open(path)
}

/// Node's error for a descriptor this host has not opened or has closed.
fn bad_descriptor(syscall: &str, context: &mut Context) -> boa_engine::JsError {
    let ebadf = std::io::Error::from_raw_os_error(nix::errno::Errno::EBADF as i32);
    io_error(&ebadf, syscall, "", context)
}

fn kind_of(t: &std::fs::FileType) -> &'static str {
    if t.is_symlink() {
        "symlink"
    } else if t.is_dir() {
        "dir"
    } else if t.is_file() {
        "file"
    } else {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            "fifo"
        } else if t.is_socket() {
            "socket"
        } else if t.is_char_device() {
            "char"
        } else if t.is_block_device() {
            "block"
        } else {
            "other"
        }
    }
}

fn stat_json(meta: &std::fs::Metadata) -> serde_json::Value {
    use std::os::unix::fs::MetadataExt;
    let ms = |t: std::io::Result<std::time::SystemTime>| {
        t.ok()
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    serde_json::json!({
        "kind": kind_of(&meta.file_type()),
        "dev": meta.dev(),
        "rdev": meta.rdev(),
        "blksize": meta.blksize(),
        "blocks": meta.blocks(),
        "size": meta.len(),
        "mode": meta.mode(),
        "uid": meta.uid(),
        "gid": meta.gid(),
        "ino": meta.ino(),
        "nlink": meta.nlink(),
        "mtimeMs": ms(meta.modified()),
        "atimeMs": ms(meta.accessed()),
        "ctimeMs": (meta.ctime() as f64) * 1000.0 + (meta.ctime_nsec() as f64) / 1e6,
        "birthtimeMs": ms(meta.created()),
    })
}

fn to_js(result: Result<Out, Failure>, context: &mut Context) -> JsResult<JsValue> {
    match result {
        Ok(Out::Bytes(bytes)) => bytes_value(&bytes, context),
        Ok(Out::Json(value)) => Ok(json_value(&value)),
        Ok(Out::Bool(b)) => Ok(JsValue::from(b)),
        Ok(Out::Text(text)) => Ok(JsValue::from(JsString::from(text.as_str()))),
        Ok(Out::Number(n)) => Ok(JsValue::from(n)),
        Ok(Out::Opened(file)) => {
            use std::os::fd::AsRawFd;
            let fd = file.as_raw_fd();
            super::op_state::<OpenFiles>(context)
                .borrow_mut()
                .insert(fd, Arc::new(file));
            Ok(JsValue::from(fd))
        }
        Ok(Out::Unit) => Ok(JsValue::undefined()),
        Err(Failure(e, syscall, path)) => Err(io_error(&e, syscall, &path, context)),
    }
}

impl super::blocking::Work for Op {
    type Done = Result<Out, Failure>;
    const NAME: &'static str = "the file operation";
    fn run(self) -> Self::Done {
        run(self)
    }
    fn finish(done: Self::Done, context: &mut Context) -> JsResult<JsValue> {
        to_js(done, context)
    }
}

/// One op per file operation, in both forms: `host.fsRead(path)` runs
/// `read` inline (the `*Sync` functions), `host.fsReadAsync(path)` on the
/// blocking pool (the promise forms); `js/internal/files.js` names them.
macro_rules! named_ops {
    ($(($sync:ident, $pooled:ident, $name:literal),)*) => {
        $(
            #[allow(non_snake_case)]
            fn $sync(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
                let op = parse($name, args, context);
                super::blocking::run_inline(op?, context)
            }
            #[allow(non_snake_case)]
            async fn $pooled(
                _: &JsValue,
                args: &[JsValue],
                context: &std::cell::RefCell<&mut Context>,
            ) -> JsResult<JsValue> {
                let op = parse($name, args, &mut context.borrow_mut())?;
                super::blocking::run_on_pool(op, context).await
            }
        )*

        /// Registers every file op on the prelude's `host` object.
        pub(super) fn register(init: &mut boa_engine::object::ObjectInitializer<'_>) {
            use boa_engine::NativeFunction;
            init.function(NativeFunction::from_fn_ptr(watch::start), JsString::from("fsWatchStart"), 2);
            init.function(NativeFunction::from_async_fn(watch::next), JsString::from("fsWatchNext"), 1);
            init.function(NativeFunction::from_fn_ptr(watch::stop), JsString::from("fsWatchStop"), 1);
            $(
                init.function(NativeFunction::from_fn_ptr($sync), JsString::from(stringify!($sync)), 4);
                init.function(
                    NativeFunction::from_async_fn($pooled),
                    JsString::from(stringify!($pooled)),
                    4,
                );
            )*
        }
    };
}

named_ops!(
    (fsRead, fsReadAsync, "read"),
    (fsWrite, fsWriteAsync, "write"),
    (fsReadDir, fsReadDirAsync, "readdir"),
    (fsStat, fsStatAsync, "stat"),
    (fsMkDir, fsMkDirAsync, "mkdir"),
    (fsRm, fsRmAsync, "rm"),
    (fsRmDir, fsRmDirAsync, "rmdir"),
    (fsUnlink, fsUnlinkAsync, "unlink"),
    (fsRename, fsRenameAsync, "rename"),
    (fsCopy, fsCopyAsync, "copy"),
    (fsExists, fsExistsAsync, "exists"),
    (fsRealPath, fsRealPathAsync, "realpath"),
    (fsMkDtemp, fsMkDtempAsync, "mkdtemp"),
    (fsChmod, fsChmodAsync, "chmod"),
    (fsSymlink, fsSymlinkAsync, "symlink"),
    (fsReadLink, fsReadLinkAsync, "readlink"),
    (fsLink, fsLinkAsync, "link"),
    (fsChown, fsChownAsync, "chown"),
    (fsFdChown, fsFdChownAsync, "fchown"),
    (fsFdChmod, fsFdChmodAsync, "fchmod"),
    (fsTruncate, fsTruncateAsync, "truncate"),
    (fsUtimes, fsUtimesAsync, "utimes"),
    (fsOpen, fsOpenAsync, "open"),
    (fsClose, fsCloseAsync, "close"),
    (fsReadAt, fsReadAtAsync, "readAt"),
    (fsWriteAt, fsWriteAtAsync, "writeAt"),
    (fsReadRest, fsReadRestAsync, "readRest"),
    (fsFdStat, fsFdStatAsync, "fstat"),
    (fsFdTruncate, fsFdTruncateAsync, "ftruncate"),
    (fsFdSync, fsFdSyncAsync, "fsync"),
    (fsStatFs, fsStatFsAsync, "statfs"),
);
