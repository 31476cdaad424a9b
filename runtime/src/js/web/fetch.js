// ---- web/fetch.js: Headers, Request, Response, fetch (over host.http) ---------
const { utf8Encoder, utf8Decoder, bytesOf, bufferOf } = need('internal/buffer');

class Headers {
  constructor(init) {
    this._map = new Map(); // lower-case name -> [name, values[]]
    if (!init) return;
    if (init instanceof Headers)
      init.forEach((v, k) => {
        this.append(k, v);
      });
    else if (typeof init[Symbol.iterator] === 'function') for (const [k, v] of init) this.append(k, v);
    else for (const k of Object.keys(init)) this.append(k, init[k]);
  }
  append(name, value) {
    const key = String(name).toLowerCase();
    const entry = this._map.get(key);
    if (entry) entry.push(String(value));
    else this._map.set(key, [String(value)]);
  }
  set(name, value) {
    this._map.set(String(name).toLowerCase(), [String(value)]);
  }
  get(name) {
    const e = this._map.get(String(name).toLowerCase());
    return e ? e.join(', ') : null;
  }
  getSetCookie() {
    return this._map.get('set-cookie') || [];
  }
  has(name) {
    return this._map.has(String(name).toLowerCase());
  }
  delete(name) {
    this._map.delete(String(name).toLowerCase());
  }
  forEach(fn, self) {
    for (const [k, v] of this.entries()) fn.call(self, v, k, this);
  }
  *entries() {
    for (const k of [...this._map.keys()].sort()) yield [k, this._map.get(k).join(', ')];
  }
  *keys() {
    for (const [k] of this.entries()) yield k;
  }
  *values() {
    for (const [, v] of this.entries()) yield v;
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  toJSON() {
    return Object.fromEntries(this.entries());
  }
}

// A body is kept as bytes, as a promise of bytes, or as a ReadableStream
// given by the caller. Streams are duck-typed here, and the streams unit is
// loaded only when a body is read as a stream, so a fetch of text parses none
// of it.
const isStream = (value) => value !== null && typeof value === 'object' && typeof value.getReader === 'function';
function bodyInit(body, headers) {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') {
    if (!headers.has('content-type')) headers.set('content-type', 'text/plain;charset=UTF-8');
    return utf8Encoder.encode(body);
  }
  if (body instanceof URLSearchParams) {
    if (!headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
    return utf8Encoder.encode(body.toString());
  }
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return bytesOf(body).slice();
  if (isStream(body)) return body;
  if (body && typeof body.then === 'function') return body.then(bytesOf);
  if (body && typeof body._multipart === 'function') {
    const { boundary, bytes } = body._multipart();
    if (!headers.has('content-type')) headers.set('content-type', `multipart/form-data; boundary=${boundary}`);
    return bytes;
  }
  if (body && typeof body._bytes === 'function') {
    if (typeof body.type === 'string' && body.type !== '' && !headers.has('content-type'))
      headers.set('content-type', body.type);
    return body._bytes();
  }
  throw new TypeError(
    `this runtime's fetch accepts string, ArrayBuffer, typed array, URLSearchParams, Blob, FormData and ReadableStream bodies; got ${Object.prototype.toString.call(body)}`,
  );
}
// What Bun throws for a fetched body that does not decode in its
// Content-Encoding: a TypeError whose code names the failure.
const DECODE_FAILURES = new Set(['ZlibError', 'BrotliDecompressionError', 'ZstdDecompressionError']);
function decodeFailure(code, url) {
  const error = new TypeError(
    `${code} fetching "${url}". For more information, pass \`verbose: true\` in the second argument to fetch()`,
  );
  error.code = code;
  error.path = url;
  error.errno = 0;
  return error;
}

// A fetched response's body, read from the host as it arrives
// (`ops/http.rs`), decoded there when fetch asked for it: whole for `text()`
// and the like, chunk by chunk through `response.body`. A read stops when
// the request's signal aborts.
class RemoteBody {
  constructor(handle, signal, url) {
    this.handle = handle;
    this.signal = signal;
    this.url = url;
  }
  async next() {
    const id = host.newCancel();
    const onAbort = () => host.cancel(id);
    this.signal.addEventListener('abort', onAbort);
    try {
      const chunk = await host.httpChunk(this.handle, id);
      return chunk === null ? null : new Uint8Array(chunk);
    } catch (error) {
      if (this.signal.aborted) throw this.signal.reason;
      if (DECODE_FAILURES.has(error.code)) throw decodeFailure(error.code, this.url);
      throw error;
    } finally {
      this.signal.removeEventListener('abort', onAbort);
      host.forgetCancel(id);
    }
  }
  async readAll() {
    const parts = [];
    let size = 0;
    for (let chunk = await this.next(); chunk !== null; chunk = await this.next()) {
      parts.push(chunk);
      size += chunk.byteLength;
    }
    if (parts.length === 1) return parts[0];
    const whole = new Uint8Array(size);
    let at = 0;
    for (const part of parts) {
      whole.set(part, at);
      at += part.byteLength;
    }
    return whole;
  }
  toStream() {
    return new ReadableStream({
      pull: async (controller) => {
        const chunk = await this.next();
        if (chunk === null) controller.close();
        else controller.enqueue(chunk);
      },
      cancel: () => host.httpDrop(this.handle),
    });
  }
}

// The bytes of a body however it is kept (a stream is read to its end).
async function bodyBytes(body) {
  if (body instanceof RemoteBody) return body.readAll();
  if (isStream(body)) return need('web/streams/readable').streamBytes(body);
  return (await body) || new Uint8Array(0);
}

class Body {
  get bodyUsed() {
    return !!this._used || (isStream(this._body) && this._body._disturbed === true);
  }
  // A fetched body streams as it arrives; bytes given to the constructor
  // are one chunk.
  get body() {
    if (this._body === null) return null;
    if (this._body instanceof RemoteBody) {
      this._body = this._body.toStream();
      if (this._used) this._body._disturbed = true;
    }
    if (!isStream(this._body)) {
      const bytes = this._used ? new Uint8Array(0) : this._body;
      this._body = need('web/streams/readable').bytesStream(bytes);
      if (this._used) this._body._disturbed = true;
    }
    return this._body;
  }
  async _consume() {
    if (this.bodyUsed) throw new TypeError('Body is unusable: Body has already been read');
    if (isStream(this._body) && this._body.locked) throw new TypeError('Body is unusable: ReadableStream is locked');
    this._used = true;
    if (this._body === null) return new Uint8Array(0);
    return bodyBytes(this._body);
  }
  async arrayBuffer() {
    const b = await this._consume();
    return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
  }
  async bytes() {
    return new Uint8Array(await this.arrayBuffer());
  }
  async text() {
    return utf8Decoder.decode(await this._consume());
  }
  async json() {
    return jsonParse(await this.text());
  }
  async blob() {
    const bytes = await this._consume();
    return new (need('web/blob').Blob)([bytes], { type: this.headers.get('content-type') ?? '' });
  }
  async formData() {
    return need('web/form_read').readForm(await this._consume(), this.headers.get('content-type'));
  }
}

class Request extends Body {
  constructor(input, init = {}) {
    super();
    const base = input instanceof Request ? input : null;
    this.url = base ? base.url : new URL(String(input)).href;
    this.method = String(init.method || (base ? base.method : 'GET')).toUpperCase();
    this.headers = new Headers(init.headers || (base ? base.headers : undefined));
    this.signal = init.signal || (base ? base.signal : new AbortController().signal);
    this.redirect = init.redirect || (base ? base.redirect : 'follow');
    this._body = init.body !== undefined ? bodyInit(init.body, this.headers) : base ? base._body : null;
    if (this._body !== null && (this.method === 'GET' || this.method === 'HEAD'))
      throw new TypeError('Request with GET/HEAD method cannot have body.');
  }
  clone() {
    return new Request(this);
  }
}

class Response extends Body {
  constructor(body, init = {}) {
    super();
    this.status = init.status === undefined ? 200 : init.status;
    this.statusText = init.statusText || '';
    this.headers = new Headers(init.headers);
    this._body = bodyInit(body, this.headers);
    this.url = init._url || '';
    this.redirected = !!init._redirected;
    this.type = init._type || 'default';
  }
  get ok() {
    return this.status >= 200 && this.status < 300;
  }
  clone() {
    if (this.bodyUsed) throw new TypeError('Response.clone: Body has already been consumed.');
    const r = new Response(null, this);
    if (this._body instanceof RemoteBody) this._body = this._body.toStream();
    if (isStream(this._body)) [this._body, r._body] = this._body.tee();
    else r._body = this._body;
    r.headers = new Headers(this.headers);
    r.url = this.url;
    r.redirected = this.redirected;
    return r;
  }
  static json(data, init = {}) {
    const headers = new Headers(init.headers);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    return new Response(jsonStringify(data), { ...init, headers });
  }
  static error() {
    return new Response(null, { status: 0, _type: 'error' });
  }
  static redirect(url, status = 302) {
    return new Response(null, { status, headers: { location: String(url) } });
  }
}

async function fetch(input, init = {}) {
  const request = new Request(input, init);
  const signal = request.signal;
  if (signal.aborted) throw signal.reason;
  if (!/^https?:$/.test(new URL(request.url).protocol))
    throw new TypeError(`fetch: only http and https URLs are supported, got ${request.url}`);
  const body = request._body === null ? null : bufferOf(await bodyBytes(request._body));
  const headers = [...request.headers.entries()].flatMap(([k]) => request.headers._map.get(k).map((v) => [k, v]));
  // As Bun: decoded unless `decompress` is false, and then announced with
  // the codings the host decodes, unless the tool set its own header.
  const decode = init.decompress === undefined || Boolean(init.decompress);
  if (decode && !request.headers.has('accept-encoding')) headers.push(['accept-encoding', 'gzip, deflate, br, zstd']);
  const { response: r, bytes: handle } = await exchange(
    {
      method: request.method,
      url: request.url,
      headers,
      redirect: request.redirect,
      stream: true,
      decode,
    },
    body,
    signal,
  );
  const response = new Response(null, {
    status: r.status,
    statusText: r.statusText,
    headers: r.headers,
    _url: r.url,
    _redirected: r.redirected,
    _type: 'basic',
  });
  response._body = new RemoteBody(handle, signal, request.url);
  return response;
}

// One exchange over host.http, stopped when `signal` aborts: the response's
// status, headers (pairs, in the order received), final URL and whole body.
// node:http's client shares it.
async function exchange(meta, body, signal) {
  const id = host.newCancel();
  const onAbort = () => host.cancel(id);
  signal.addEventListener('abort', onAbort);
  try {
    const [responseJson, bytes] = await host.http(jsonStringify(meta), body, id);
    // With `stream`, the host answers a handle to read the body from.
    return { response: jsonParse(responseJson), bytes: meta.stream ? bytes : new Uint8Array(bytes) };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
    host.forgetCancel(id);
  }
}

return { Headers, Request, Response, fetch, exchange, RemoteBody };
