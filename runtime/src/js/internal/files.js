// ---- internal/files.js: the file operations node:fs, child_process and Bun share ----
// The host's file operations, one op each in `ops/fs.rs`: `fsSync.read`
// is `host.fsRead`, run inline for the `*Sync` functions, and
// `fsAsync.read` is `host.fsReadAsync`, run on the blocking pool. Their
// errors come as Node's do, with `errno`, `code`, `syscall` and `path` set
// (`ops/mod.rs`'s `system_error`).
const fsSync = {
  read: host.fsRead,
  write: host.fsWrite,
  readdir: host.fsReadDir,
  stat: host.fsStat,
  mkdir: host.fsMkDir,
  rm: host.fsRm,
  rmdir: host.fsRmDir,
  unlink: host.fsUnlink,
  rename: host.fsRename,
  copy: host.fsCopy,
  exists: host.fsExists,
  realpath: host.fsRealPath,
  mkdtemp: host.fsMkDtemp,
  chmod: host.fsChmod,
  symlink: host.fsSymlink,
  link: host.fsLink,
  chown: host.fsChown,
  fchown: host.fsFdChown,
  fchmod: host.fsFdChmod,
  readlink: host.fsReadLink,
  truncate: host.fsTruncate,
  utimes: host.fsUtimes,
  open: host.fsOpen,
  close: host.fsClose,
  readAt: host.fsReadAt,
  writeAt: host.fsWriteAt,
  readRest: host.fsReadRest,
  fstat: host.fsFdStat,
  ftruncate: host.fsFdTruncate,
  fsync: host.fsFdSync,
};
const fsAsync = {
  read: host.fsReadAsync,
  write: host.fsWriteAsync,
  readdir: host.fsReadDirAsync,
  stat: host.fsStatAsync,
  mkdir: host.fsMkDirAsync,
  rm: host.fsRmAsync,
  rmdir: host.fsRmDirAsync,
  unlink: host.fsUnlinkAsync,
  rename: host.fsRenameAsync,
  copy: host.fsCopyAsync,
  exists: host.fsExistsAsync,
  realpath: host.fsRealPathAsync,
  mkdtemp: host.fsMkDtempAsync,
  chmod: host.fsChmodAsync,
  symlink: host.fsSymlinkAsync,
  link: host.fsLinkAsync,
  chown: host.fsChownAsync,
  fchown: host.fsFdChownAsync,
  fchmod: host.fsFdChmodAsync,
  readlink: host.fsReadLinkAsync,
  truncate: host.fsTruncateAsync,
  utimes: host.fsUtimesAsync,
  open: host.fsOpenAsync,
  close: host.fsCloseAsync,
  readAt: host.fsReadAtAsync,
  writeAt: host.fsWriteAtAsync,
  readRest: host.fsReadRestAsync,
  fstat: host.fsFdStatAsync,
  ftruncate: host.fsFdTruncateAsync,
  fsync: host.fsFdSyncAsync,
};
// Node's error for a path that is not there, made where no op runs (access).
function noEntry(syscall, path) {
  const error = new Error(`ENOENT: no such file or directory, ${syscall} '${path}'`);
  return Object.assign(error, { errno: -2, code: 'ENOENT', syscall, path });
}
// Only the `web/url` unit makes URLs, so asking needs no load of it.
function isURL(value) {
  const loaded = need.ifLoaded('web/url');
  return loaded !== undefined && value instanceof loaded.URL;
}
function pathArg(p) {
  if (isURL(p)) return need('node/internal/url').fileURLToPath(p);
  if (p instanceof Uint8Array) return need('internal/buffer').utf8Decoder.decode(p);
  if (typeof p !== 'string')
    throw new TypeError(`The "path" argument must be of type string, got ${need('internal/inspect').inspect(p)}`);
  return p;
}

return { fsSync, fsAsync, noEntry, pathArg, isURL };
