// ---- node/url.js: the node:url module object ------------------------------
const {
  fileURLToPath,
  pathToFileURL,
  urlToHttpOptions,
  Url,
  parse,
  format,
  resolve,
  resolveObject,
  domainToASCII,
  domainToUnicode,
} = need('node/internal/url');

// Bun's order.
return {
  module: {
    parse,
    resolve,
    resolveObject,
    format,
    Url,
    URLSearchParams,
    URL,
    pathToFileURL,
    fileURLToPath,
    urlToHttpOptions,
    domainToASCII,
    domainToUnicode,
  },
};
