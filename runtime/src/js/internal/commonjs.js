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
  if (target.kind === 'esm')
    throw new Error(`require() of an ES module is not supported by this runtime: ${target.path} (use import)`);
  return loadCommonJs(target.path);
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
