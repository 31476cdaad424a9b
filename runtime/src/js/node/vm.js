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

// ---- vm.Module, vm.SourceTextModule, vm.SyntheticModule ------------------
// A module is boa's own (`ops/vm.rs`), linked by what the linker answers
// (the loader resolves its imports from that list alone). Its status is kept
// here, as boa keeps its own to itself; a synthetic module is a source text
// module made for its export names, whose bindings `setExport` assigns.
const receivedText = (value) => need('internal/buffer').receivedText(value);
function vmError(code, message, Kind = Error) {
  const error = new Kind(message);
  error.code = code;
  return error;
}
const statusError = (what) => vmError('ERR_VM_MODULE_STATUS', `Module status ${what}`);
const argError = (message, value) => vmError('ERR_INVALID_ARG_TYPE', `${message}. ${receivedText(value)}`, TypeError);
const kCreate = Symbol('vm module');
const running = new Set();
// A module's namespace, for an importModuleDynamically that answers one.
const namespaces = new WeakMap();
const identifiers = new WeakMap();
let mainIdentifiers = 0;
function nextIdentifier(context) {
  let n = mainIdentifiers;
  if (context === undefined) mainIdentifiers++;
  else {
    n = identifiers.get(context) || 0;
    identifiers.set(context, n + 1);
  }
  return `vm:module(${n})`;
}
function optionsObject(options) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object')
    throw argError('The "options" argument must be of type object', options);
  return options;
}

class Module {
  #handle;
  #status;
  #error;
  #identifier;
  #context;
  #requests;
  #specifiers;
  #linked;
  #tla;
  #linking;
  constructor(token, code, options, status) {
    if (token !== kCreate) throw new TypeError('Module is not a constructor');
    const { identifier, context } = options;
    if (identifier !== undefined && typeof identifier !== 'string')
      throw argError('The "options.identifier" property must be of type string', identifier);
    if (context !== undefined && !(context !== null && typeof context === 'object' && realms.has(context)))
      throw argError('The "options.context" property must be an vm.Context', context);
    const [handle, specifiers, tla] = host.vmModuleParse(code, context === undefined ? undefined : realms.get(context));
    this.#handle = handle;
    this.#status = status;
    this.#identifier = identifier ?? nextIdentifier(context);
    this.#context = context;
    this.#specifiers = Object.freeze(specifiers);
    this.#requests = Object.freeze(
      specifiers.map((specifier) => Object.freeze({ specifier, attributes: Object.freeze({}), phase: 'evaluation' })),
    );
    this.#tla = tla;
    const { importModuleDynamically } = options;
    if (typeof importModuleDynamically === 'function')
      host.vmModuleDynamic(handle, (specifier) =>
        Promise.resolve(importModuleDynamically(specifier, this, {})).then((answer) => {
          const module = namespaces.get(answer) ?? answer;
          if (!Module.isModule(module))
            throw vmError('ERR_VM_MODULE_NOT_MODULE', 'Provided module is not an instance of Module');
          return module.#handle;
        }),
      );
    const { initializeImportMeta } = options;
    if (typeof initializeImportMeta === 'function')
      host.vmModuleMeta(handle, (meta) => initializeImportMeta(meta, this));
  }
  static #check(module) {
    if (module === null || typeof module !== 'object' || !(#handle in module))
      throw vmError('ERR_INVALID_THIS', 'Value of "this" must be of type Module', TypeError);
    return module;
  }
  static handleOf(module) {
    return Module.#check(module).#handle;
  }
  static isModule(value) {
    return value !== null && typeof value === 'object' && #handle in value;
  }
  get identifier() {
    return Module.#check(this).#identifier;
  }
  get context() {
    return Module.#check(this).#context;
  }
  get status() {
    return Module.#check(this).#status;
  }
  get error() {
    Module.#check(this);
    if (this.#status !== 'errored') throw statusError('must be errored');
    return this.#error;
  }
  get namespace() {
    Module.#check(this);
    if (this.#status === 'unlinked' || this.#status === 'linking') throw statusError('must not be unlinked or linking');
    const namespace = host.vmModuleNamespace(this.#handle);
    namespaces.set(namespace, this);
    return namespace;
  }
  get dependencySpecifiers() {
    return Module.#check(this).#specifiers;
  }
  get moduleRequests() {
    return Module.#check(this).#requests;
  }
  hasTopLevelAwait() {
    return Module.#check(this).#tla;
  }
  hasAsyncGraph() {
    Module.#check(this);
    if (this.#status === 'unlinked' || this.#status === 'linking') throw statusError('must be linked');
    const seen = new Set();
    const visit = (module) => {
      if (seen.has(module)) return false;
      seen.add(module);
      return module.#tla || (module.#linked || []).some(visit);
    };
    return visit(this);
  }
  #setLinks(modules) {
    this.#linked = modules;
    host.vmModuleLink(
      this.#handle,
      this.#specifiers,
      modules.map((module) => module.#handle),
    );
  }
  linkRequests(modules) {
    Module.#check(this);
    if (!Array.isArray(modules)) throw argError('The "modules" argument must be an instance of Array', modules);
    for (const module of modules)
      if (!Module.isModule(module))
        throw vmError('ERR_VM_MODULE_NOT_MODULE', 'Provided module is not an instance of Module');
    if (this.#status !== 'unlinked' || this.#linked)
      throw vmError('ERR_VM_MODULE_ALREADY_LINKED', 'Module has already been linked');
    if (modules.length !== this.#specifiers.length)
      throw vmError(
        'ERR_MODULE_LINK_MISMATCH',
        `Module '${this.#identifier}' requests ${this.#specifiers.length} modules, ${modules.length} were given`,
        TypeError,
      );
    for (const module of modules)
      if (module.#context !== this.#context)
        throw vmError('ERR_VM_MODULE_DIFFERENT_CONTEXT', 'Linked modules must use the same context');
    this.#setLinks(modules);
  }
  // Every module of the graph must have its requests linked; boa then loads
  // and links the graph at once.
  instantiate() {
    Module.#check(this);
    if (this.#status !== 'unlinked' && this.#status !== 'linking') return;
    const graph = [];
    const seen = new Set();
    const visit = (module) => {
      if (seen.has(module)) return;
      seen.add(module);
      graph.push(module);
      if (module.#status === 'unlinked' || module.#status === 'linking') {
        // A dependency that imports nothing needs no linkRequests([]).
        if (!module.#linked && module !== this && module.#specifiers.length === 0) module.#setLinks([]);
        if (!module.#linked)
          throw vmError(
            'ERR_VM_MODULE_LINK_FAILURE',
            module.#specifiers.length > 0
              ? `request for '${module.#specifiers[0]}' can not be resolved on module '${module.#identifier}' that is not linked`
              : `module '${module.#identifier}' is not linked`,
          );
      }
      for (const dependency of module.#linked || []) visit(dependency);
    };
    visit(this);
    try {
      host.vmModuleInstantiate(this.#handle);
    } catch (error) {
      if (error instanceof SyntaxError || error instanceof ReferenceError) throw error;
      throw Object.assign(error, { code: error.code ?? 'ERR_VM_MODULE_LINK_FAILURE' });
    }
    for (const module of graph)
      if (module.#status === 'unlinked' || module.#status === 'linking') module.#status = 'linked';
  }
  #link(linker) {
    if (this.#linking) return this.#linking;
    this.#status = 'linking';
    this.#linking = (async () => {
      try {
        const modules = await Promise.all(
          this.#requests.map(async ({ specifier, attributes }) => {
            const module = await linker(specifier, this, { attributes, assert: attributes });
            if (!Module.isModule(module))
              throw vmError('ERR_VM_MODULE_NOT_MODULE', 'Provided module is not an instance of Module');
            if (module.#context !== this.#context)
              throw vmError('ERR_VM_MODULE_DIFFERENT_CONTEXT', 'Linked modules must use the same context');
            if (module.#status === 'errored')
              throw Object.assign(
                vmError('ERR_VM_MODULE_LINK_FAILURE', `request for '${specifier}' resolved to an errored module`),
                { cause: module.#error },
              );
            if (module.#status === 'unlinked') await module.#link(linker);
            return module;
          }),
        );
        this.#setLinks(modules);
      } catch (error) {
        // A failed link leaves the module errored, as in Node and Bun.
        this.#status = 'errored';
        this.#error = error;
        throw error;
      }
    })();
    return this.#linking;
  }
  async link(linker) {
    Module.#check(this);
    if (typeof linker !== 'function') throw argError('The "linker" argument must be of type function', linker);
    if (this.#status === 'linked') throw vmError('ERR_VM_MODULE_ALREADY_LINKED', 'Module has already been linked');
    if (this.#status !== 'unlinked') throw statusError('must be unlinked');
    await this.#link(linker);
    this.instantiate();
  }
  #graph() {
    const graph = new Set();
    const visit = (module) => {
      if (graph.has(module)) return;
      graph.add(module);
      for (const dependency of module.#linked || []) visit(dependency);
    };
    visit(this);
    return graph;
  }
  #settle(error, failed) {
    for (const module of this.#graph()) {
      if (module.#status !== 'linked' && module.#status !== 'evaluating') continue;
      module.#status = failed ? 'errored' : 'evaluated';
      if (failed) module.#error = error;
    }
  }
  // Already settled when the graph ran synchronously, as Node's is. A
  // module whose graph is running now cannot be evaluated again from it.
  evaluate(options) {
    try {
      Module.#check(this);
      const { timeout, breakOnSigint } = optionsObject(options);
      if (timeout !== undefined && !(Number.isInteger(timeout) && timeout > 0 && timeout <= 2 ** 32 - 1))
        throw vmError(
          'ERR_OUT_OF_RANGE',
          `The value of "options.timeout" is out of range. It must be >= 1 && <= 4294967295. Received ${timeout}`,
          RangeError,
        );
      if (breakOnSigint !== undefined && typeof breakOnSigint !== 'boolean')
        throw argError('The "options.breakOnSigint" property must be of type boolean', breakOnSigint);
      if (!['linked', 'evaluating', 'evaluated', 'errored'].includes(this.#status))
        throw statusError('must be one of linked, evaluated, or errored');
    } catch (error) {
      return Promise.reject(error);
    }
    if (this.#status === 'errored') return Promise.reject(this.#error);
    const graph = this.#graph();
    for (const module of graph)
      if (running.has(module)) return Promise.reject(statusError('must be one of linked, evaluated, or errored'));
    for (const module of graph) running.add(module);
    let outcome;
    try {
      const context = this.#context;
      outcome = host.vmModuleEvaluate(this.#handle, context, context === undefined ? undefined : realms.get(context));
    } finally {
      for (const module of graph) running.delete(module);
    }
    const [state, value] = outcome;
    if (state === 'fulfilled') {
      this.#settle(undefined, false);
      return Promise.resolve();
    }
    if (state === 'rejected') {
      this.#settle(value, true);
      return Promise.reject(value);
    }
    for (const module of this.#graph()) if (module.#status === 'linked') module.#status = 'evaluating';
    return value.then(
      () => this.#settle(undefined, false),
      (error) => {
        this.#settle(error, true);
        throw error;
      },
    );
  }
  createCachedData() {
    Module.#check(this);
    return need('node/buffer').module.Buffer.alloc(0);
  }
  [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) {
    Module.#check(this);
    const name = this.constructor.name;
    if (typeof depth === 'number' && depth < 0) return `[${name}]`;
    const shown = { status: this.#status, identifier: this.#identifier, context: this.#context };
    const text = (inspect || need('node/util').util.inspect)(shown, options);
    return `${name} ${text}`;
  }
}

class SourceTextModule extends Module {
  constructor(code, options) {
    if (typeof code !== 'string') throw argError('The "sourceText" argument must be of type string', code);
    const given = optionsObject(options);
    for (const name of ['initializeImportMeta', 'importModuleDynamically'])
      if (given[name] !== undefined && typeof given[name] !== 'function')
        throw argError(`The "options.${name}" property must be of type function`, given[name]);
    super(kCreate, code, given, 'unlinked');
  }
}

const syntheticSetters = new WeakMap();
class SyntheticModule extends Module {
  constructor(exportNames, evaluateCallback, options) {
    if (!Array.isArray(exportNames) || exportNames.some((name) => typeof name !== 'string'))
      throw vmError(
        'ERR_INVALID_ARG_TYPE',
        `The "exportNames" argument must be an Array of unique strings. ${receivedText(exportNames)}`,
        TypeError,
      );
    const names = new Set();
    for (const name of exportNames) {
      if (names.has(name))
        throw vmError(
          'ERR_INVALID_ARG_VALUE',
          `The property 'exportNames.${name}' is duplicated. Received '${name}'`,
          TypeError,
        );
      names.add(name);
    }
    if (typeof evaluateCallback !== 'function')
      throw argError('The "evaluateCallback" argument must be of type function', evaluateCallback);
    const given = optionsObject(options);
    // One binding per name, exported under that name, and a setter for them
    // handed out through import.meta when the module runs.
    const list = [...names];
    const code = [
      ...list.map((_, i) => `let $${i};`),
      `export { ${list.map((name, i) => `$${i} as ${JSON.stringify(name)}`).join(', ')} };`,
      `import.meta.bind({ ${list.map((name, i) => `${JSON.stringify(name)}: (value) => { $${i} = value; }`).join(', ')} });`,
    ].join('\n');
    super(kCreate, code, { identifier: given.identifier, context: given.context }, 'unlinked');
    const state = { names, pending: new Map(), set: undefined };
    syntheticSetters.set(this, state);
    host.vmModuleMeta(Module.handleOf(this), (meta) => {
      meta.bind = (setters) => {
        state.set = (name, value) => setters[name](value);
        for (const [name, value] of state.pending) state.set(name, value);
        state.pending.clear();
        // The callback's promise is not waited for, as in Node.
        Reflect.apply(evaluateCallback, this, []);
      };
    });
    this.linkRequests([]);
    this.instantiate();
  }
  link() {
    Module.handleOf(this);
    return Promise.resolve();
  }
  setExport(name, value) {
    const state = syntheticSetters.get(this);
    if (state === undefined)
      throw vmError('ERR_INVALID_THIS', 'Value of "this" must be of type SyntheticModule', TypeError);
    if (typeof name !== 'string') throw argError('The "name" argument must be of type string', name);
    if (!state.names.has(name)) throw new ReferenceError(`Export '${name}' is not defined in module`);
    if (state.set) state.set(name, value);
    else state.pending.set(name, value);
  }
}

const vm = {
  Module,
  Script,
  SourceTextModule,
  SyntheticModule,
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
