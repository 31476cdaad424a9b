// ---- node/http2.js: the node:http2 module (its client is node:http's) ------
const { http2 } = need('node/http');

return { http2 };
