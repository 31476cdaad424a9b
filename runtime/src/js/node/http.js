// ---- node/http.js: node:http, node:https (clients) and node:http2 ---------------
// `request`/`get` send through the same HTTP operation as `fetch`: the
// request body is sent once `end()` is called, and the response body
// arrives as one chunk when all of it has. Redirects are not followed, as
// in Node. Serving is not provided: a tool is called, it does not listen.
const { Writable, Readable } = need('node/stream');
const { EventEmitter } = need('node/events');
const { Buffer } = need('internal/buffer');
const { exchange, RemoteBody } = need('web/fetch');

function coded(Kind, code, message) {
  const error = new Kind(message);
  error.code = code;
  return error;
}

// Options are accepted and kept; connections are pooled by the HTTP
// operation whatever the agent says.
class Agent extends EventEmitter {
  constructor(options) {
    super();
    this.options = { path: null, ...options };
    this.keepAlive = !!this.options.keepAlive;
    this.maxSockets = this.options.maxSockets ?? Number.POSITIVE_INFINITY;
    this.maxFreeSockets = this.options.maxFreeSockets ?? 256;
    this.sockets = {};
    this.freeSockets = {};
    this.requests = {};
  }
  destroy() {}
}

// The URL a request goes to, from `request(url, options)` or
// `request(options)` as Node reads them.
function targetOf(defaultProtocol, url, options) {
  const o = { ...options };
  if (url !== null) {
    const parsed = url instanceof URL ? url : new URL(String(url));
    o.protocol ??= parsed.protocol;
    o.hostname ??= parsed.hostname;
    o.port ??= parsed.port;
    o.path ??= parsed.pathname + parsed.search;
    if (o.auth === undefined && (parsed.username || parsed.password))
      o.auth = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
  }
  const protocol = o.protocol || defaultProtocol;
  if (protocol !== defaultProtocol)
    throw coded(
      TypeError,
      'ERR_INVALID_PROTOCOL',
      `Protocol "${protocol}" not supported. Expected "${defaultProtocol}"`,
    );
  let name = o.hostname || (o.host ? String(o.host).replace(/:\d+$/, '') : 'localhost');
  if (name.includes(':') && !name.startsWith('[')) name = `[${name}]`;
  const port = o.port || o.defaultPort || '';
  const path = o.path ?? '/';
  if ([...path].some((c) => c <= ' '))
    throw coded(TypeError, 'ERR_UNESCAPED_CHARACTERS', 'Request path contains unescaped characters');
  return { href: `${protocol}//${name}${port ? `:${port}` : ''}${path}`, host: name, path, protocol, options: o };
}

class ClientRequest extends Writable {
  constructor(defaultProtocol, url, options, callback) {
    // A request is over when its response ended or it failed, not when its
    // body is written.
    super({ autoDestroy: false });
    const target = targetOf(defaultProtocol, url, options);
    const o = target.options;
    this.method = String(o.method || 'GET').toUpperCase();
    this.path = target.path;
    this.host = target.host;
    this.protocol = target.protocol;
    this.agent = o.agent;
    this.aborted = false;
    this.reusedSocket = false;
    this.socket = null;
    this.res = null;
    this._url = target.href;
    this._headers = new Map(); // lower-case name -> [name, value]
    this._body = [];
    this._controller = new AbortController();
    this._timer = null;
    const defaultPort = defaultProtocol === 'https:' ? '443' : '80';
    const port = String(o.port ?? '');
    this.setHeader('Host', port && port !== defaultPort ? `${target.host}:${port}` : target.host);
    const headers = o.headers || {};
    if (Array.isArray(headers))
      for (let i = 0; i + 1 < headers.length; i += 2) this.setHeader(headers[i], headers[i + 1]);
    else for (const name of Object.keys(headers)) if (headers[name] !== undefined) this.setHeader(name, headers[name]);
    if (o.auth && !this.hasHeader('authorization'))
      this.setHeader('Authorization', `Basic ${Buffer.from(String(o.auth)).toString('base64')}`);
    if (typeof callback === 'function') this.once('response', callback);
    if (o.timeout !== undefined) this.setTimeout(o.timeout);
    if (o.signal) {
      const abort = () => this.destroy(abortError(o.signal.reason));
      if (o.signal.aborted) queueMicrotask(abort);
      else o.signal.addEventListener('abort', abort, { once: true });
    }
  }
  setHeader(name, value) {
    if (this._sent) throw coded(Error, 'ERR_HTTP_HEADERS_SENT', 'Cannot set headers after they are sent to the client');
    if (value === undefined)
      throw coded(TypeError, 'ERR_HTTP_INVALID_HEADER_VALUE', `Invalid value "undefined" for header "${name}"`);
    this._headers.set(String(name).toLowerCase(), [String(name), value]);
    return this;
  }
  getHeader(name) {
    return this._headers.get(String(name).toLowerCase())?.[1];
  }
  hasHeader(name) {
    return this._headers.has(String(name).toLowerCase());
  }
  removeHeader(name) {
    this._headers.delete(String(name).toLowerCase());
  }
  getHeaders() {
    const out = Object.create(null);
    for (const [key, [, value]] of this._headers) out[key] = value;
    return out;
  }
  getHeaderNames() {
    return [...this._headers.keys()];
  }
  getRawHeaderNames() {
    return [...this._headers.values()].map(([name]) => name);
  }
  get headersSent() {
    return !!this._sent;
  }
  flushHeaders() {}
  setNoDelay() {}
  setSocketKeepAlive() {}
  // As in Node, a timeout only emits `timeout`; the caller decides whether
  // to abort.
  setTimeout(ms, callback) {
    if (typeof callback === 'function') this.once('timeout', callback);
    clearTimeout(this._timer);
    this._timer = ms > 0 ? setTimeout(() => this.emit('timeout'), ms) : null;
    return this;
  }
  abort() {
    if (this.aborted) return;
    this.aborted = true;
    this.once('close', () => this.emit('abort'));
    this.destroy();
  }
  _write(chunk, _encoding, callback) {
    this._body.push(chunk);
    callback();
  }
  // `finish` (the callback) once the server answered: the HTTP operation
  // sends the request and reads the response in one step.
  _final(callback) {
    this._sent = true;
    const headers = [];
    for (const [key, [, value]] of this._headers)
      for (const one of Array.isArray(value) ? value : [value]) headers.push([key, String(one)]);
    const body = this._body.length > 0 ? Buffer.concat(this._body) : null;
    this._body = [];
    const signal = this._controller.signal;
    const meta = { method: this.method, url: this._url, headers, redirect: 'manual', stream: true };
    exchange(meta, body, signal).then(
      ({ response, bytes: handle }) => {
        if (this.destroyed) return host.httpDrop(handle);
        callback();
        // After `finish`, which the callback schedules, as in Node.
        queueMicrotask(() => this._respond(response, new RemoteBody(handle, signal)));
      },
      (error) => {
        if (!this.destroyed) this.destroy(networkError(error, this));
      },
    );
  }
  _respond(response, body) {
    if (this.destroyed) return host.httpDrop(body.handle);
    const res = new IncomingMessage(response, body, this);
    this.res = res;
    res.once('end', () => {
      clearTimeout(this._timer);
      queueMicrotask(() => this.destroy());
    });
    // Node discards the body of a response nobody listens for.
    if (!this.emit('response', res)) res.resume();
  }
  _destroy(error, callback) {
    clearTimeout(this._timer);
    this._controller.abort();
    if (this.res && !this.res.complete) {
      this.res.aborted = true;
      this.res.destroy(error || undefined);
    }
    callback(error);
  }
}

function abortError(cause) {
  const error = new Error('The operation was aborted', cause === undefined ? undefined : { cause });
  error.name = 'AbortError';
  error.code = 'ABORT_ERR';
  return error;
}

// The HTTP operation words failures as `fetch` reports them; Node's client
// reports the system call and code that packages test for.
function networkError(error, request) {
  const text = String(error?.message ?? error).replace(/^fetch failed: /, '');
  const port = request._url.match(/^[a-z]+:\/\/(?:\[[^\]]*\]|[^/:]*)(?::(\d+))?/)?.[1];
  const where = `${request.host.replace(/^\[|\]$/g, '')}:${port || (request.protocol === 'https:' ? 443 : 80)}`;
  let out;
  if (/connection refused/i.test(text)) out = coded(Error, 'ECONNREFUSED', `connect ECONNREFUSED ${where}`);
  else if (/dns error|failed to lookup|name or service not known/i.test(text))
    out = coded(Error, 'ENOTFOUND', `getaddrinfo ENOTFOUND ${request.host}`);
  else if (/timed out/i.test(text)) out = coded(Error, 'ETIMEDOUT', `connect ETIMEDOUT ${where}`);
  else out = coded(Error, 'ECONNRESET', text);
  out.cause = error;
  return out;
}

class IncomingMessage extends Readable {
  constructor(response, body, request) {
    super();
    this.statusCode = response.status;
    this.statusMessage = response.statusText;
    this.httpVersion = '1.1';
    this.httpVersionMajor = 1;
    this.httpVersionMinor = 1;
    this.method = null;
    this.url = '';
    this.complete = false;
    this.aborted = false;
    this.socket = null;
    this.req = request;
    this.trailers = {};
    this.rawTrailers = [];
    // The HTTP operation gives header names in lower case, so `rawHeaders`
    // has them so too.
    this.rawHeaders = response.headers.flat();
    this.headers = {};
    this.headersDistinct = {};
    for (const [name, value] of response.headers) {
      this.headersDistinct[name] = [...(this.headersDistinct[name] ?? []), value];
      if (name === 'set-cookie') this.headers[name] = this.headersDistinct[name];
      else this.headers[name] = name in this.headers ? `${this.headers[name]}, ${value}` : value;
    }
    // The body is read from the host as the server sends it.
    this._body = body;
    this._reading = false;
    this.once('end', () => {
      this.complete = true;
    });
  }
  _read() {
    if (this._reading) return;
    this._reading = true;
    this._body.next().then(
      (chunk) => {
        this._reading = false;
        this.push(chunk === null ? null : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      },
      (error) => this.destroy(error),
    );
  }
  _destroy(error, callback) {
    if (!this.complete) host.httpDrop(this._body.handle);
    callback(error);
  }
  setTimeout(ms, callback) {
    this.req.setTimeout(ms, callback);
    return this;
  }
}

function client(defaultProtocol, globalAgent) {
  function request(url, options, callback) {
    if (typeof url === 'string' || url instanceof URL) {
      if (typeof options === 'function') [callback, options] = [options, {}];
      return new ClientRequest(defaultProtocol, url, options, callback);
    }
    return new ClientRequest(defaultProtocol, null, url, options);
  }
  function get(...args) {
    const req = request(...args);
    req.end();
    return req;
  }
  const refuse = (name) => () => {
    throw new Error(`${name} is not provided by this runtime: a tool makes requests, it does not serve them`);
  };
  return {
    request,
    get,
    Agent,
    globalAgent,
    ClientRequest,
    IncomingMessage,
    METHODS: ['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE'],
    createServer: refuse('http.createServer'),
    Server: refuse('http.Server'),
    maxHeaderSize: 16384,
  };
}

const http = client('http:', new Agent({ defaultPort: 80 }));
const https = client('https:', new Agent({ defaultPort: 443 }));

// axios imports node:http2 beside node:http and uses it only when asked for
// HTTP/2; the module exists so such a package loads, and its functions throw.
const http2Refused = (name) => () => {
  throw new Error(`http2.${name} is not provided by this runtime: use fetch, node:http or node:https`);
};
const http2 = {
  connect: http2Refused('connect'),
  createServer: http2Refused('createServer'),
  createSecureServer: http2Refused('createSecureServer'),
  constants: {},
};

return { http, https, http2 };
