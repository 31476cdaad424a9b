// ---- node/net.js: node:net
// Client sockets over host.netConnect/netRead/netWrite/netEnd/netClose
// (TCP on the loop's runtime): a Socket is a Duplex stream that connects
// out, as database, cache and mail clients use it. A tool makes
// connections (TCP, or to a Unix-domain socket's path), it does not accept
// them: createServer and Server throw.
const { Duplex } = need('node/stream');
const { Buffer, bufferOf, receivedText } = need('internal/buffer');

function coded(Kind, code, message) {
  const error = new Kind(message);
  error.code = code;
  return error;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
function isIPv4(input) {
  return IPV4.test(String(input));
}
// An IPv6 address, with a zone (`fe80::1%eth0`) as Node reads one.
function isIPv6(input) {
  const text = String(input).replace(/%[0-9a-zA-Z.:-]+$/, '');
  if (!text.includes(':') || text.includes('%')) return false;
  try {
    return new URL(`http://[${text}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}
function isIP(input) {
  return isIPv4(input) ? 4 : isIPv6(input) ? 6 : 0;
}

function badPort(port) {
  const shown =
    typeof port === 'number'
      ? String(port)
      : typeof port === 'string'
        ? `type string ('${port}')`
        : `type ${typeof port}`;
  return coded(RangeError, 'ERR_SOCKET_BAD_PORT', `Port should be >= 0 and < 65536. Received ${shown}`);
}

// connect(port[, host][, listener]) or connect(options[, listener]).
function normalize(args) {
  const [first, second, third] = args;
  if (first !== null && typeof first === 'object') return [first, typeof second === 'function' ? second : undefined];
  if (typeof first === 'string' && !/^\d+$/.test(first)) return [{ path: first }, second];
  const options = { port: first };
  if (typeof second === 'string') return [{ ...options, host: second }, third];
  return [options, typeof second === 'function' ? second : undefined];
}

const kHandle = Symbol('handle');
const kConnected = Symbol('connected');
const kTimer = Symbol('timer');

class Socket extends Duplex {
  constructor(options = {}) {
    super({ ...options, allowHalfOpen: Boolean(options.allowHalfOpen), emitClose: false, decodeStrings: true });
    this[kHandle] = undefined;
    this[kConnected] = undefined;
    this[kTimer] = { ms: 0, id: undefined };
    this.connecting = false;
    this.bytesRead = 0;
    this._bytesWritten = 0;
    this.remoteAddress = undefined;
    this.remotePort = undefined;
    this.remoteFamily = undefined;
    this.localAddress = undefined;
    this.localPort = undefined;
    this.once('end', () => {
      if (!this.allowHalfOpen && !this.writableEnded) this.end();
    });
  }
  get bytesWritten() {
    return this._bytesWritten;
  }
  get pending() {
    return this[kHandle] === undefined;
  }
  get readyState() {
    if (this.connecting) return 'opening';
    if (this[kHandle] === undefined) return 'closed';
    if (this.readable && this.writable) return 'open';
    if (this.readable) return 'readOnly';
    return this.writable ? 'writeOnly' : 'closed';
  }
  connect(...args) {
    const [options, listener] = normalize(args);
    if (typeof listener === 'function') this.once('connect', listener);
    if (options.path !== undefined) return this.#open(host.netConnectPath(String(options.path)), {});
    const port = options.port;
    const number = typeof port === 'string' && /^\d+$/.test(port) ? Number(port) : port;
    if (typeof number !== 'number' || !Number.isInteger(number) || number < 0 || number > 65535) throw badPort(port);
    if (options.host !== undefined && typeof options.host !== 'string')
      throw coded(
        TypeError,
        'ERR_INVALID_ARG_TYPE',
        `The "options.host" property must be of type string. ${receivedText(options.host)}`,
      );
    const hostName = options.host || 'localhost';
    return this.#open(host.netConnect(hostName, number), { remotePort: number });
  }
  // Waits for a connection (TCP, or a Unix-domain path with no addresses).
  #open(connecting, known) {
    this.connecting = true;
    this[kConnected] = connecting.then(
      ([handle, localAddress, localPort, remoteAddress, family]) => {
        this.connecting = false;
        if (this.destroyed) {
          host.netClose(handle);
          return false;
        }
        if (remoteAddress !== undefined)
          Object.assign(this, { localAddress, localPort, remoteAddress, remoteFamily: family, ...known });
        this[kHandle] = handle;
        this.#touch();
        this.emit('connect');
        this.emit('ready');
        return true;
      },
      (error) => {
        this.connecting = false;
        this.destroy(error);
        return false;
      },
    );
    return this;
  }
  _read() {
    const start = () => {
      const handle = this[kHandle];
      if (handle === undefined || this.destroyed) return;
      host.netRead(handle).then(
        (chunk) => {
          if (this.destroyed) return;
          this.#touch();
          if (chunk === null) {
            this.push(null);
            return;
          }
          this.bytesRead += chunk.byteLength;
          this.push(Buffer.from(chunk));
        },
        (error) => this.destroy(error),
      );
    };
    if (this[kHandle] !== undefined) start();
    else this[kConnected]?.then((ok) => ok && start());
  }
  _write(chunk, encoding, callback) {
    const send = () => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
      host.netWrite(this[kHandle], bufferOf(bytes)).then(
        () => {
          this._bytesWritten += bytes.length;
          this.#touch();
          callback();
        },
        (error) => callback(error),
      );
    };
    if (this[kHandle] !== undefined) send();
    else if (this[kConnected]) this[kConnected].then((ok) => (ok ? send() : callback()));
    else callback(coded(Error, 'ERR_SOCKET_CLOSED', 'Socket is closed'));
  }
  _final(callback) {
    const finish = () => host.netEnd(this[kHandle]).then(() => callback(), callback);
    if (this[kHandle] !== undefined) finish();
    else if (this[kConnected]) this[kConnected].then((ok) => (ok ? finish() : callback()));
    else callback();
  }
  _destroy(error, callback) {
    clearTimeout(this[kTimer].id);
    if (this[kHandle] !== undefined) host.netClose(this[kHandle]);
    this[kHandle] = undefined;
    callback(error);
    // 'close' says whether an error ended the socket, as Node's does.
    process.nextTick(() => this.emit('close', Boolean(error)));
  }
  // The idle timer: 'timeout' after `ms` without reads or writes (the
  // socket stays open, as in Node).
  setTimeout(ms, callback) {
    this[kTimer].ms = ms;
    if (typeof callback === 'function') {
      if (ms === 0) this.removeListener('timeout', callback);
      else this.once('timeout', callback);
    }
    this.#touch();
    return this;
  }
  #touch() {
    const timer = this[kTimer];
    clearTimeout(timer.id);
    if (timer.ms > 0 && !this.destroyed) timer.id = setTimeout(() => this.emit('timeout'), timer.ms);
  }
  get timeout() {
    return this[kTimer].ms || undefined;
  }
  setNoDelay() {
    return this;
  }
  setKeepAlive() {
    return this;
  }
  ref() {
    return this;
  }
  unref() {
    return this;
  }
  address() {
    if (this.localAddress === undefined) return {};
    return { address: this.localAddress, family: this.remoteFamily, port: this.localPort };
  }
  resetAndDestroy() {
    return this.destroy();
  }
}

function createConnection(...args) {
  const [options] = normalize(args);
  const socket = new Socket(options);
  if (options.timeout) socket.setTimeout(options.timeout);
  return socket.connect(...args);
}

function serversRefused() {
  throw new Error(
    'node:net servers are not provided by this runtime: a tool makes connections, it does not accept them',
  );
}
class Server {
  constructor() {
    serversRefused();
  }
}

const net = {
  Socket,
  Stream: Socket,
  Server,
  connect: createConnection,
  createConnection,
  createServer: serversRefused,
  isIP,
  isIPv4,
  isIPv6,
  getDefaultAutoSelectFamily: () => true,
  setDefaultAutoSelectFamily() {},
  getDefaultAutoSelectFamilyAttemptTimeout: () => 250,
  setDefaultAutoSelectFamilyAttemptTimeout() {},
};
return { net };
