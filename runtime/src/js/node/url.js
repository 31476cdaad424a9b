// ---- node/url.js: the node:url module object ------------------------------
const { fileURLToPath, pathToFileURL, urlToHttpOptions, parse, format, resolve } = need('node/internal/url');

return {
  module: { URL, URLSearchParams, fileURLToPath, pathToFileURL, urlToHttpOptions, parse, format, resolve },
};
