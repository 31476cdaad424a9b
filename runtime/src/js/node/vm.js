// ---- node/vm.js: node:vm -----------------------------------------------------------
// Code runs in a realm of its own (`ops/vm.rs`); a context object keeps its
// realm, so later runs see what earlier ones left.
const realms = new WeakMap();

function timeoutOf(options) {
  return options && typeof options === 'object' && options.timeout !== undefined ? Number(options.timeout) : undefined;
}
function createContext(contextObject = {}) {
  if (contextObject === null || typeof contextObject !== 'object')
    throw new TypeError('The "contextObject" argument must be of type object');
  if (!realms.has(contextObject)) realms.set(contextObject, host.vmRealm());
  return contextObject;
}
function isContext(object) {
  if (object === null || typeof object !== 'object')
    throw new TypeError('The "object" argument must be of type object');
  return realms.has(object);
}
function runInContext(code, contextObject, options) {
  const realm = contextObject !== null && typeof contextObject === 'object' ? realms.get(contextObject) : undefined;
  if (realm === undefined) throw new TypeError('The "contextifiedObject" argument must be an vm.Context');
  return host.vmRun(String(code), contextObject, realm, console, timeoutOf(options));
}
function runInNewContext(code, contextObject, options) {
  return runInContext(code, createContext(contextObject ?? {}), options);
}
// The global eval runs code in the caller's realm at global scope, which is
// what runInThisContext means.
// biome-ignore lint/security/noGlobalEval: running the caller's code is node:vm's job
const globalEval = globalThis.eval;
function runInThisContext(code) {
  return globalEval(String(code));
}

class Script {
  #code;
  constructor(code) {
    this.#code = String(code);
    host.vmCheck(this.#code);
  }
  runInContext(contextObject, options) {
    return runInContext(this.#code, contextObject, options);
  }
  runInNewContext(contextObject, options) {
    return runInNewContext(this.#code, contextObject, options);
  }
  runInThisContext() {
    return runInThisContext(this.#code);
  }
}

function notProvided(name) {
  return class {
    constructor() {
      throw new Error(`vm.${name} is not provided by this runtime`);
    }
  };
}

const vm = {
  Module: notProvided('Module'),
  Script,
  SourceTextModule: notProvided('SourceTextModule'),
  SyntheticModule: notProvided('SyntheticModule'),
  compileFunction: (code, params = []) => new Function(...params, String(code)),
  constants: {},
  createContext,
  createScript: (code) => new Script(code),
  isContext,
  measureMemory: () => Promise.reject(new Error('vm.measureMemory is not provided by this runtime')),
  runInContext,
  runInNewContext,
  runInThisContext,
};

return { vm };
