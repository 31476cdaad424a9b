// ---- internal/files.js: the file operations node:fs, child_process and Bun share ----
function annotate(error) {
  // host errors start with a Node error code: "ENOENT: no such file …, open 'x'"
  // (an error on a descriptor names no path: "EBADF: bad file descriptor, read")
  const m = /^(E[A-Z]+): .*?, (\w+)(?: '(.*)')?$/.exec(error && error.message);
  if (m) {
    error.code = m[1];
    error.syscall = m[2];
    if (m[3] !== undefined) error.path = m[3];
    if (typeof error.errno !== 'number')
      error.errno = -({ ENOENT: 2, EACCES: 13, EEXIST: 17, ENOTDIR: 20, EISDIR: 21, ENOTEMPTY: 39 }[m[1]] || 5);
  }
  return error;
}
function fsSync(...args) {
  try {
    return host.fsSync(...args);
  } catch (e) {
    throw annotate(e);
  }
}
async function fsAsync(...args) {
  try {
    return await host.fsAsync(...args);
  } catch (e) {
    throw annotate(e);
  }
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

return { annotate, fsSync, fsAsync, pathArg, isURL };
