// ---- internals.js: the part of the prelude that runs when a host starts ----
// Everything else is a unit (a file beside this one, listed in `UNITS` in
// prelude.rs) that is parsed and run the first time something needs it: a
// global below is read, a built-in module is imported or required, or
// another unit asks for it with `need(name)`. A host that never touches
// `Buffer` never parses buffer.js, which is what keeps start-up cheap.
//
// Saved before any tool runs: the host serialises results with these, so a
// tool that replaces JSON.stringify cannot change what the model reads.
const jsonStringify = JSON.stringify;
const jsonParse = JSON.parse;
const startedAt = host.now();
let hostInfo;
function info() {
  if (hostInfo === undefined) {
    hostInfo = jsonParse(host.hostInfo());
    // `process.uptime()` counts from here, as it did when the prelude ran whole.
    hostInfo.startedAt = startedAt;
  }
  return hostInfo;
}

// Each unit's exports, by name; `null` while the unit runs, so that two
// units needing each other at their top level fail loudly instead of seeing
// half-built exports.
const units = new Map();
function need(name) {
  let exports = units.get(name);
  if (exports === null) throw new Error(`internal error: prelude unit ${name} needs itself while it loads`);
  if (exports === undefined) {
    units.set(name, null);
    try {
      exports = host.compileUnit(name)(host, need, jsonStringify, jsonParse, info());
    } finally {
      units.delete(name);
    }
    units.set(name, exports);
  }
  return exports;
}
need.ifLoaded = (name) => units.get(name) || undefined;

// A global that loads its unit when first read. It stays an accessor: boa
// 0.22 keeps serving a global's old accessor from its property caches after
// the property is redefined as a data property (the next `new Buffer()` at a
// call site that had already run calls the getter's target wrongly), so the
// getter remembers the value instead, and an assignment replaces it.
for (const [unit, names] of [
  ['console', ['console']],
  ['dom', ['Event', 'EventTarget', 'DOMException']],
  ['abort', ['AbortController', 'AbortSignal']],
  ['buffer', ['Buffer']],
  ['url_search_params', ['URLSearchParams']],
  ['web_crypto', ['crypto']],
  ['performance', ['performance']],
  ['process', ['process']],
  ['fetch', ['Headers', 'Request', 'Response', 'fetch']],
  ['commonjs', ['require']],
  ['bun', ['Bun']],
]) {
  for (const name of names) {
    let value;
    let known = false;
    Object.defineProperty(globalThis, name, {
      get() {
        if (!known) { value = need(unit)[name]; known = true; }
        return value;
      },
      set(replacement) { value = replacement; known = true; },
      enumerable: true,
      configurable: true,
    });
  }
}
globalThis.setImmediate = globalThis.setImmediate || ((fn, ...args) => setTimeout(fn, 0, ...args));
globalThis.clearImmediate = globalThis.clearImmediate || ((t) => clearTimeout(t));
if (typeof URL === 'function') {
  // boa's URL has the property but throws "not implemented" when it is read.
  Object.defineProperty(URL.prototype, 'searchParams', {
    get() { const p = new URLSearchParams(this.search); p._url = this; return p; },
    configurable: true,
  });
  URL.prototype.toJSON = function () { return this.href; };
  if (!URL.canParse) URL.canParse = (u, b) => { try { new URL(u, b); return true; } catch { return false; } };
}

// A module missing from `builtinModules` fails to import with
// "node:NAME is not provided by this runtime"; adding one here also means
// adding it to `BUILTIN_MODULES` in lib.rs (a unit test compares the two).
// Each entry makes the module's object on first import; `builtin` keeps it,
// so that every import and require of a module sees the same object.
const builtinModules = {
  'node:path': () => need('path').path,
  'node:path/posix': () => need('path').path,
  'node:fs': () => need('fs').fs,
  'node:fs/promises': () => need('fs').fsPromises,
  'node:os': () => need('os').os,
  'node:crypto': () => need('node_crypto').nodeCrypto,
  'node:url': () => ({ URL, URLSearchParams, fileURLToPath: need('url').fileURLToPath, pathToFileURL: need('url').pathToFileURL }),
  'node:util': () => need('util').util,
  'node:util/types': () => need('util').util.types,
  'node:events': () => need('events').EventEmitter,
  'node:buffer': () => ({ Buffer, atob: globalThis.atob, btoa: globalThis.btoa, constants: { MAX_LENGTH: 2 ** 32 } }),
  'node:process': () => process,
  'node:child_process': () => need('child_process').childProcess,
  'node:timers': () => ({ setTimeout, clearTimeout, setInterval, clearInterval, setImmediate: globalThis.setImmediate, clearImmediate: globalThis.clearImmediate, promises: need('timers').timersPromises }),
  'node:timers/promises': () => need('timers').timersPromises,
  'node:assert': () => need('assert').assert,
  'node:assert/strict': () => need('assert').assert,
  'bun': () => Bun,
};

const builtins = new Map();
function builtin(name) {
  let found = builtins.get(name);
  if (found === undefined) {
    const make = Object.hasOwn(builtinModules, name) ? builtinModules[name] : undefined;
    if (make === undefined) throw new Error(`${name} is not provided by this runtime`);
    found = make();
    builtins.set(name, found);
  }
  return found;
}
units.set('core', { builtin });

// Host side of a call: builds `args` and `context`, and a controller whose
// abortWithMessage the host calls at the deadline. `context.signal` is made
// when the tool first reads it: most tools never do, and an AbortController
// would cost a cold call the parsing of the abort and dom units. A signal
// first read after the deadline comes out already aborted.
function newCall(argsJson, sessionId, agent, directory, envJson) {
  let controller = null;
  let abortedWith;
  let replaced = false;
  let replacement;
  const context = { sessionId, agent, directory, env: jsonParse(envJson) };
  Object.defineProperty(context, 'signal', {
    get() {
      if (replaced) return replacement;
      if (controller === null) {
        controller = new (need('abort').AbortController)();
        if (abortedWith !== undefined) controller.abort(abortedWith);
      }
      return controller.signal;
    },
    set(value) { replaced = true; replacement = value; },
    enumerable: true,
    configurable: true,
  });
  const abortWithMessage = (message) => {
    const reason = Object.assign(new Error(message), { name: 'TimeoutError' });
    if (controller === null) abortedWith = reason;
    else controller.abort(reason);
  };
  return { args: jsonParse(argsJson), context, controller: { abortWithMessage } };
}

return { builtin, loadCommonJs: (filename) => need('commonjs').loadCommonJs(filename), newCall, stringify: jsonStringify };
