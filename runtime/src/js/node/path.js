// ---- node/path.js: node:path, made natively by ops/path/ ------------------------
// The module is path.posix; path.win32 reads Windows paths on any system.
const path = host.makePath();

return { path, win32: path.win32 };
