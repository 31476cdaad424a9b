// ---- web/url.js: the global URL, boa_runtime's class completed -------------
const URL = host.URL;
if (typeof URL === 'function') {
  // boa's URL has the property but throws "not implemented" when it is read.
  Object.defineProperty(URL.prototype, 'searchParams', {
    get() {
      const p = new URLSearchParams(this.search);
      p._url = this;
      return p;
    },
    configurable: true,
  });
  URL.prototype.toJSON = function () {
    return this.href;
  };
  if (!URL.canParse)
    URL.canParse = (u, b) => {
      try {
        new URL(u, b);
        return true;
      } catch {
        return false;
      }
    };
}

// Object URLs (`blob:<uuid>`) as Bun makes them: URL.createObjectURL keeps
// the Blob until URL.revokeObjectURL, and node:buffer's resolveObjectURL
// finds it. fetch does not read them.
const objectURLs = new Map();
function missingArgs(name, count) {
  const error = new TypeError(`Not enough arguments to '${name}'. Expected 1, got ${count}.`);
  error.code = 'ERR_MISSING_ARGS';
  return error;
}
function invalidArg(message) {
  const error = new TypeError(message);
  error.code = 'ERR_INVALID_ARG_TYPE';
  return error;
}
if (typeof URL === 'function') {
  URL.createObjectURL = function createObjectURL(blob) {
    // biome-ignore lint/complexity/noArguments: Bun counts the arguments given, and the length stays 1
    if (arguments.length === 0) throw missingArgs('createObjectURL', 0);
    if (!(blob instanceof Blob)) throw invalidArg('createObjectURL expects a Blob object');
    const id = `blob:${crypto.randomUUID()}`;
    objectURLs.set(id, blob);
    return id;
  };
  URL.revokeObjectURL = function revokeObjectURL(id) {
    // biome-ignore lint/complexity/noArguments: Bun counts the arguments given, and the length stays 1
    if (arguments.length === 0) throw missingArgs('revokeObjectURL', 0);
    if (typeof id !== 'string') throw invalidArg('revokeObjectURL expects a string');
    objectURLs.delete(id);
  };
}
const resolveObjectURL = (id) => objectURLs.get(String(id));

return { URL, resolveObjectURL };
