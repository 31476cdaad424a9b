// ---- node/module.js: node:module ----------------------------------------------
// `createRequire(import.meta.url)`: a CommonJS `require` that resolves from
// the given file, as in Node and Bun.
const { makeRequire } = need('internal/commonjs');
const { fileURLToPath } = need('node/internal/url');
const { path } = need('node/path');

function createRequire(from) {
  const text = from instanceof URL ? from.href : String(from);
  const file = text.startsWith('file:') ? fileURLToPath(text) : text;
  if (!path.isAbsolute(file)) {
    const error = new TypeError(
      `The argument 'filename' must be a file URL object, file URL string, or absolute path string. Received '${text}'`,
    );
    error.code = 'ERR_INVALID_ARG_VALUE';
    throw error;
  }
  return makeRequire(file.endsWith('/') ? file : path.dirname(file));
}

function isBuiltin(name) {
  try {
    return !!jsonParse(host.resolve(String(name), '/', 'require')).builtin;
  } catch {
    return false;
  }
}

return { module: { createRequire, isBuiltin } };
