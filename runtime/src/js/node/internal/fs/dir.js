// ---- node/internal/fs/dir.js: fs.Dir, what opendir gives -----------------------
// The folder's entries are read when it is opened (one `readdir`), then handed
// out one `Dirent` at a time, `null` at the end, as Node's `Dir` does.
function closedError() {
  const error = new Error('Directory handle was closed');
  error.code = 'ERR_DIR_CLOSED';
  return error;
}

class Dir {
  #path;
  #entries;
  #closed = false;
  constructor(path, entries) {
    if (path === undefined) {
      const error = new TypeError('The "path" argument must be specified');
      error.code = 'ERR_MISSING_ARGS';
      throw error;
    }
    this.#path = path;
    this.#entries = entries;
  }
  // Read through a Dir only, as Node's accessor is.
  get path() {
    try {
      return this.#path;
    } catch {
      const error = new TypeError('Value of "this" must be of type Dir');
      error.code = 'ERR_INVALID_THIS';
      throw error;
    }
  }
  readSync() {
    if (this.#closed) throw closedError();
    return this.#entries.shift() ?? null;
  }
  read(callback) {
    if (callback !== undefined) need('node/internal/fs/validate').callback(callback, 'callback');
    if (typeof callback === 'function') {
      let entry;
      try {
        entry = this.readSync();
      } catch (error) {
        queueMicrotask(() => callback(error));
        return;
      }
      queueMicrotask(() => callback(null, entry));
      return;
    }
    return new Promise((resolve) => resolve(this.readSync()));
  }
  closeSync() {
    if (this.#closed) throw closedError();
    this.#closed = true;
  }
  close(callback) {
    const closing = new Promise((resolve) => resolve(this.closeSync()));
    if (typeof callback !== 'function') return closing;
    closing.then(
      () => callback(null),
      (error) => callback(error),
    );
  }
  async *entries() {
    try {
      for (let entry = this.readSync(); entry !== null; entry = this.readSync()) yield entry;
    } finally {
      if (!this.#closed) this.closeSync();
    }
  }
  [Symbol.asyncIterator]() {
    return this.entries();
  }
}

return { Dir };
