// ---- internal/commonjs.js: require() and CommonJS files -----------------------------
const { builtin } = need('core');
const { utf8Decoder } = need('internal/buffer');
const { path } = need('node/path');
const info = hostInfo();

const commonJsCache = new Map();
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
  if (target.kind === 'json') {
    const module = { exports: jsonParse(utf8Decoder.decode(new Uint8Array(host.fsSync('read', target.path)))) };
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
