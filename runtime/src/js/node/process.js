// ---- node/process.js: the `process` global (node:process) ---------------------
const { EventEmitter } = need('node/events');
const info = hostInfo();

const processEnv = Object.assign({}, info.env);
const processStart = info.startedAt;
function hrtime(previous) {
  const ns = BigInt(Math.round(host.now() * 1e6));
  const pair = [Number(ns / 1000000000n), Number(ns % 1000000000n)];
  if (!previous) return pair;
  let s = pair[0] - previous[0],
    n = pair[1] - previous[1];
  if (n < 0) {
    s -= 1;
    n += 1e9;
  }
  return [s, n];
}
hrtime.bigint = () => BigInt(Math.round(host.now() * 1e6));
// Node's and Bun's: the warning as an Error named by its type, emitted as
// `process`'s `warning` event on the next tick, and written to the log.
function emitWarning(warning, type, code, ctor) {
  let detail;
  if (type !== null && typeof type === 'object') ({ type, code, detail } = type);
  else if (typeof type === 'function') type = undefined;
  else if (typeof code === 'function') code = undefined;
  if (typeof warning === 'string') {
    warning = new Error(warning);
    warning.name = String(type || 'Warning');
    if (code !== undefined) warning.code = code;
    if (detail !== undefined) warning.detail = detail;
  } else if (!(warning instanceof Error)) {
    const error = new TypeError(
      `The "warning" argument must be of type string or Error. Received type ${typeof warning} (${String(warning)})`,
    );
    error.code = 'ERR_INVALID_ARG_TYPE';
    throw error;
  }
  if (warning.name === 'DeprecationWarning' && process.noDeprecation) return;
  process.nextTick(() => {
    process.emit('warning', warning);
    console.warn(`${warning.code ? `[${warning.code}] ` : ''}${warning.name}: ${warning.message}`);
  });
}
const process = new EventEmitter();
Object.assign(process, {
  env: processEnv,
  argv: ['/usr/local/bin/bun', info.cwd],
  argv0: 'bun',
  execArgv: [],
  execPath: '/usr/local/bin/bun',
  platform: info.platform,
  arch: info.arch,
  pid: info.pid,
  ppid: 1,
  version: 'v22.0.0',
  versions: { node: '22.0.0', bun: '1.2.0' },
  release: { name: 'node' },
  // Bun's keys; what this runtime lacks (the inspector, node:tls) says false.
  // Errors from node:crypto use BoringSSL's words, as Bun's do.
  features: {
    inspector: false,
    debug: false,
    uv: true,
    ipv6: true,
    tls_alpn: false,
    tls_sni: false,
    tls_ocsp: false,
    tls: false,
    cached_builtins: true,
    openssl_is_boringssl: true,
    require_module: true,
    typescript: 'transform',
  },
  exitCode: undefined,
  cwd: () => info.cwd,
  chdir() {
    throw new Error('process.chdir() is not available to a tool: pass `cwd` to the call that needs it');
  },
  exit(code) {
    throw new Error(
      `process.exit(${code === undefined ? '' : code}) is not allowed in a tool: return a result or throw an error instead`,
    );
  },
  abort() {
    throw new Error('process.abort() is not allowed in a tool');
  },
  kill() {
    throw new Error('process.kill() is not available to a tool');
  },
  hrtime,
  uptime: () => (host.now() - processStart) / 1000,
  memoryUsage: () => ({ rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }),
  // What a tick callback throws is uncaught, as in Node.
  nextTick: (fn, ...args) => queueMicrotask(() => need('internal/uncaught').deliver(fn, ...args)),
  emitWarning,
  umask: () => 0o22,
  getuid: () => 0,
  geteuid: () => 0,
  getgid: () => 0,
  getegid: () => 0,
  getgroups: () => [],
  stdout: {
    write: (s) => {
      host.log('log', String(s).replace(/\n$/, ''));
      return true;
    },
  },
  stderr: {
    write: (s) => {
      host.log('error', String(s).replace(/\n$/, ''));
      return true;
    },
  },
  // Not terminals: `isTTY` is left undefined, as Node and Bun leave it on a
  // pipe (tty.isatty says false).
  stdin: {},
});

// Packages tell Node (and Bun) from a browser by this tag: axios picks its
// node:http adapter only when `Object.prototype.toString.call(process)` is
// `[object process]`.
Object.defineProperty(process, Symbol.toStringTag, { value: 'process', configurable: true });

return { process, processEnv, hrtime };
