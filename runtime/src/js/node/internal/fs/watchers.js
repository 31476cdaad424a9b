// ---- node/internal/fs/watchers.js: fs.watchFile, fs.watch and fs.promises.watch -------
// fs.watchFile polls as Node's StatWatcher does: the file's stat every
// `interval` ms on the event loop, and `change` (current, previous) when it
// differs, all zeros while the file is not there. fs.watch asks the kernel
// (`ops/fs/watch.rs`) and emits `change` (eventType, filename) per event.
const { EventEmitter } = need('node/events');
const { fsAsync } = need('internal/files');
const V = need('node/internal/fs/validate');
const { path } = need('node/path');

// What Node compares to tell a change: the fields libuv's poll compares.
const COMPARED = ['dev', 'ino', 'mode', 'uid', 'gid', 'size', 'mtimeMs', 'ctimeMs', 'birthtimeMs'];
const ZERO = {
  kind: 'none',
  dev: 0,
  mode: 0,
  nlink: 0,
  uid: 0,
  gid: 0,
  rdev: 0,
  blksize: 0,
  ino: 0,
  size: 0,
  blocks: 0,
  atimeMs: 0,
  mtimeMs: 0,
  ctimeMs: 0,
  birthtimeMs: 0,
};

class StatWatcher extends EventEmitter {
  #timer = null;
  #bigint;
  #previous = null;
  #lastError = null;
  #refed = true;
  constructor(bigint) {
    super();
    this.#bigint = !!bigint;
  }
  start(filename, persistent, interval) {
    if (this.#timer !== null) return;
    this.#refed = persistent !== false;
    this.filename = filename;
    this.#poll(true);
    this.#timer = globalThis.setInterval(() => this.#poll(false), interval);
    if (!this.#refed) this.#timer.unref?.();
  }
  #stats(s) {
    return new (need('node/fs').fs.Stats)(s, this.#bigint);
  }
  #poll(first) {
    fsAsync.stat(this.filename, true).then(
      (json) => {
        if (this.#timer === null && !first) return;
        const current = jsonParse(json);
        const previous = this.#previous;
        this.#previous = current;
        this.#lastError = null;
        if (previous === null) return;
        if (COMPARED.some((k) => current[k] !== previous[k]))
          this.emit('change', this.#stats(current), this.#stats(previous));
      },
      (error) => {
        if (this.#timer === null && !first) return;
        // A missing file reads as all zeros, reported once per new error.
        const previous = this.#previous ?? ZERO;
        this.#previous = ZERO;
        if (this.#lastError !== error.code) {
          this.#lastError = error.code;
          this.emit('change', this.#stats(ZERO), this.#stats(previous));
        }
      },
    );
  }
  stop() {
    if (this.#timer === null) return;
    globalThis.clearInterval(this.#timer);
    this.#timer = null;
    process.nextTick(() => this.emit('stop'));
  }
  ref() {
    this.#refed = true;
    this.#timer?.ref?.();
    return this;
  }
  unref() {
    this.#refed = false;
    this.#timer?.unref?.();
    return this;
  }
}

// One poller per file, whoever asks, as in Node.
const statWatchers = new Map();
function watchFile(filename, options, listener) {
  filename = path.resolve(V.path(filename, 'filename'));
  if (options === null || typeof options !== 'object') {
    listener = options;
    options = null;
  }
  options = { interval: 5007, persistent: true, ...options };
  V.callback(listener, 'listener');
  let watcher = statWatchers.get(filename);
  if (watcher === undefined) {
    watcher = new StatWatcher(options.bigint);
    watcher.start(filename, options.persistent, options.interval);
    statWatchers.set(filename, watcher);
  }
  watcher.addListener('change', listener);
  return watcher;
}
function unwatchFile(filename, listener) {
  filename = path.resolve(V.path(filename, 'filename'));
  const watcher = statWatchers.get(filename);
  if (watcher === undefined) return;
  if (typeof listener === 'function') watcher.removeListener('change', listener);
  else watcher.removeAllListeners('change');
  if (watcher.listenerCount('change') === 0) {
    watcher.stop();
    statWatchers.delete(filename);
  }
}

function watchOptions(options) {
  const o = V.options(options, { persistent: true, recursive: false, encoding: 'utf8' });
  V.boolean(o.persistent, 'options.persistent');
  V.boolean(o.recursive, 'options.recursive');
  if (o.signal !== undefined && (o.signal === null || typeof o.signal !== 'object' || !('aborted' in o.signal)))
    throw V.typeError('options.signal', 'an instance of AbortSignal', o.signal);
  return o;
}
function nameIn(name, encoding) {
  if (!encoding || encoding === 'utf8' || encoding === 'utf-8') return name;
  const bytes = Buffer.from(name);
  return encoding === 'buffer' ? bytes : bytes.toString(encoding);
}

class FSWatcher extends EventEmitter {
  #handle = null;
  #encoding;
  constructor(filename, o) {
    super();
    this.#encoding = o.encoding;
    this.#handle = host.fsWatchStart(filename, o.recursive);
    this.#pump();
    if (o.signal) {
      if (o.signal.aborted) process.nextTick(() => this.close());
      else o.signal.addEventListener('abort', () => this.close(), { once: true });
    }
  }
  #pump() {
    const handle = this.#handle;
    host.fsWatchNext(handle).then(
      (batch) => {
        if (batch === null || this.#handle !== handle) return;
        for (const [eventType, name] of jsonParse(batch)) {
          if (this.#handle !== handle) return;
          this.emit('change', eventType, nameIn(name, this.#encoding));
        }
        this.#pump();
      },
      (error) => {
        if (this.#handle === handle) this.emit('error', error);
      },
    );
  }
  close() {
    if (this.#handle === null) return;
    host.fsWatchStop(this.#handle);
    this.#handle = null;
    process.nextTick(() => this.emit('close'));
  }
  ref() {
    return this;
  }
  unref() {
    return this;
  }
}
function watch(filename, options, listener) {
  if (typeof options === 'function') {
    listener = options;
    options = undefined;
  }
  const o = watchOptions(options);
  const watcher = new FSWatcher(V.path(filename, 'filename'), o);
  if (listener) watcher.addListener('change', listener);
  return watcher;
}
function abortError(signal) {
  const error = new Error('The operation was aborted');
  error.name = 'AbortError';
  error.code = 'ABORT_ERR';
  if (signal?.reason !== undefined) error.cause = signal.reason;
  return error;
}
// fs.promises.watch: the events as { eventType, filename }, until the
// signal aborts (an AbortError) or the loop stops.
async function* watchAsync(filename, options) {
  const o = watchOptions(options);
  const target = V.path(filename, 'filename');
  if (o.signal?.aborted) throw abortError(o.signal);
  const watcher = new FSWatcher(target, { ...o, signal: undefined });
  const queue = [];
  let wake = null;
  let failed = null;
  let aborted = false;
  const poke = () => {
    if (wake) wake();
    wake = null;
  };
  watcher.on('change', (eventType, name) => {
    queue.push({ eventType, filename: name });
    poke();
  });
  watcher.on('error', (error) => {
    failed = error;
    poke();
  });
  const onAbort = () => {
    aborted = true;
    poke();
  };
  o.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      if (queue.length > 0) {
        yield queue.shift();
        continue;
      }
      if (failed) throw failed;
      if (aborted) throw abortError(o.signal);
      await new Promise((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    o.signal?.removeEventListener('abort', onAbort);
    watcher.close();
  }
}

return { StatWatcher, FSWatcher, watchFile, unwatchFile, watch, watchAsync };
