// ---- node/path.js: node:path (POSIX), made natively by ops/path.rs --------------
const path = host.makePath();
path.posix = path;

return { path };
