// ---- node/stream/web.js: node:stream/web, the Streams Standard's classes ---
const { web } = need('web/streams/writable');

return { web };
