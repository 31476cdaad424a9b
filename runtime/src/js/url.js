// ---- url.js: fileURLToPath, pathToFileURL (node:url) -----------------------
const { path } = need('path');

function fileURLToPath(u) {
  const url = typeof u === 'string' ? new URL(u) : u;
  if (url.protocol !== 'file:') throw new TypeError('The URL must be of scheme file');
  return decodeURIComponent(url.pathname);
}
function pathToFileURL(p) {
  const abs = path.resolve(p);
  return new URL(
    'file://' +
      abs
        .split('/')
        .map((s) => encodeURIComponent(s))
        .join('/'),
  );
}

return { fileURLToPath, pathToFileURL };
