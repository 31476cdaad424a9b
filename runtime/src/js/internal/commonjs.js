// ---- internal/commonjs.js: require() and CommonJS files -----------------------------
const { builtin } = need('core');
const { utf8Decoder } = need('internal/buffer');
const { path } = need('node/path');
const info = hostInfo();

const commonJsCache = new Map();
// Bun gives require() of a text, TOML or YAML file the module's namespace:
// `default` and a document's top-level keys, sorted as a namespace's are; a
// document that is not an object (a YAML list) is marked `__esModule` as Bun
// marks it. JSON gives the value itself.
function namespaceOf(value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { __esModule: true, default: value };
  const namespace = {};
  for (const key of [...Object.keys(value), 'default'].sort()) namespace[key] = key === 'default' ? value : value[key];
  return namespace;
}
const DATA_LOADERS = {
  json: (text) => jsonParse(text),
  text: (text) => ({ default: text }),
  toml: (text) => namespaceOf(host.tomlParse(text)),
  yaml: (text) => namespaceOf(host.yamlParse(text)),
};
function makeRequire(dir) {
  function require(specifier) {
    const target = jsonParse(host.resolve(String(specifier), dir, 'require'));
    if (target.builtin) return builtin(target.builtin);
    return loadFile(target);
  }
  require.resolve = (specifier) => {
    const target = jsonParse(host.resolve(String(specifier), dir, 'require'));
    return target.builtin || target.path;
  };
  require.cache = {};
  return require;
}
function loadFile(target) {
  const cached = commonJsCache.get(target.path);
  if (cached) return cached.exports;
  // Bun's data loaders answer require() as they answer import: the parsed
  // document (or the text) is module.exports.
  const data = DATA_LOADERS[target.kind];
  if (data) {
    const module = { exports: data(utf8Decoder.decode(new Uint8Array(host.fsRead(target.path)))) };
    commonJsCache.set(target.path, module);
    return module.exports;
  }
  if (target.kind === 'esm') return requireModule(target.path);
  return loadCommonJs(target.path);
}
// require() of an ES module answers its namespace, as in Node and Bun,
// marked `__esModule` as Bun marks it (so that transpiled code's interop
// helpers read `default` as the default export); a module that exports the
// name 'module.exports' answers that value instead, as Node's and Bun's do.
const esmNamespaces = new Map();
function requireModule(filename) {
  const known = esmNamespaces.get(filename);
  if (known) return known;
  const namespace = host.requireModule(filename);
  if (namespace === undefined) {
    const error = new Error(
      `require() cannot be used on an ESM graph with top-level await. Use import() instead.\n  Requiring ${filename}`,
    );
    error.code = 'ERR_REQUIRE_ASYNC_MODULE';
    throw error;
  }
  let answer;
  if ('module.exports' in namespace) answer = namespace['module.exports'];
  else
    answer = new Proxy(namespace, {
      get: (target, key, receiver) =>
        key === '__esModule' && !(key in target) ? true : Reflect.get(target, key, receiver),
      has: (target, key) => key === '__esModule' || key in target,
    });
  esmNamespaces.set(filename, answer);
  return answer;
}
function loadCommonJs(filename) {
  const cached = commonJsCache.get(filename);
  if (cached) return cached.exports;
  const dirname = path.dirname(filename);
  const module = { exports: {}, id: filename, filename, loaded: false, children: [], paths: [] };
  module.require = makeRequire(dirname);
  commonJsCache.set(filename, module);
  const wrapper = host.compileCommonJs(filename);
  try {
    wrapper.call(module.exports, module.exports, module.require, module, filename, dirname);
  } catch (error) {
    commonJsCache.delete(filename);
    throw error;
  }
  module.loaded = true;
  return module.exports;
}

return { require: makeRequire(info.cwd), makeRequire, loadCommonJs };
