// ---- node/url.js: the node:url module object ------------------------------
const { fileURLToPath, pathToFileURL, parse, format, resolve } = need('node/internal/url');

return { module: { URL, URLSearchParams, fileURLToPath, pathToFileURL, parse, format, resolve } };
