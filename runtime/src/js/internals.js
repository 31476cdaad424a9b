// ---- internals.js: the part of the prelude that runs when a host starts ----
// Everything else is a unit (a file beside this one, listed in `UNITS` in
// prelude.rs) that is parsed and run the first time something needs it: a
// global is read (prelude.rs defines them as getters that call `need`), a
// built-in module is imported or required, or another unit asks for it with
// `need(name)`. A host that never touches `Buffer` never parses buffer.js.
// This file is parsed by every host, so it stays small: tables live in Rust.
//
// Saved before any tool runs: the host serialises results with these, so a
// tool that replaces JSON.stringify cannot change what the model reads.
const jsonStringify = JSON.stringify;
const jsonParse = JSON.parse;
const startedAt = host.now();
let info;
function hostInfo() {
  if (info === undefined) {
    info = jsonParse(host.hostInfo());
    // `process.uptime()` counts from here, as it did when the prelude ran whole.
    info.startedAt = startedAt;
  }
  return info;
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
      exports = host.compileUnit(name)(host, need, jsonStringify, jsonParse, hostInfo);
    } finally {
      units.delete(name);
    }
    units.set(name, exports);
  }
  return exports;
}
need.ifLoaded = (name) => units.get(name) || undefined;

// `node:NAME` or `bun` for import and require: the same object every time,
// since a unit runs once. Which unit and export make a module is `BUILTINS`
// in prelude.rs; a name it lacks throws "node:vm is not provided by this runtime".
function builtin(name) {
  const [unit, key] = host.builtinUnit(name);
  return need(unit)[key];
}
units.set('core', { builtin });

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

return { need, builtin, loadCommonJs: (filename) => need('commonjs').loadCommonJs(filename), newCall, stringify: jsonStringify };
