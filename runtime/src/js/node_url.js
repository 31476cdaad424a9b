// ---- node_url.js: the node:url module object ------------------------------
const { fileURLToPath, pathToFileURL } = need('url');

return { module: { URL, URLSearchParams, fileURLToPath, pathToFileURL } };
