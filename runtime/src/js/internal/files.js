// ---- internal/files.js: the file operations node:fs, child_process and Bun share ----
// The host's file operations by name. Their errors come as Node's do,
// with `errno`, `code`, `syscall` and `path` set (`ops/mod.rs`'s
// `system_error`).
const fsSync = host.fsSync;
const fsAsync = host.fsAsync;
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
