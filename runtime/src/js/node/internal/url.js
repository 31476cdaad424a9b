// ---- node/internal/url.js: fileURLToPath, pathToFileURL, legacy parse/format/resolve -----
const { path } = need('node/path');

function fileURLToPath(u) {
  const url = typeof u === 'string' ? new URL(u) : u;
  if (url.protocol !== 'file:') throw new TypeError('The URL must be of scheme file');
  return decodeURIComponent(url.pathname);
}
function pathToFileURL(p) {
  const abs = path.resolve(p);
  return new URL(
    'file://' +
      abs
        .split('/')
        .map((s) => encodeURIComponent(s))
        .join('/'),
  );
}

// The legacy API (`url.parse`, `url.format`, `url.resolve`) that older
// packages still use (proxy-from-env and follow-redirects, under axios):
// the parts of a URL split by RFC 3986's pattern, with Node's field names.
const SLASHED = new Set(['http:', 'https:', 'ftp:', 'gopher:', 'file:', 'ws:', 'wss:']);
function parse(input, parseQuery = false, slashesDenoteHost = false) {
  if (typeof input !== 'string') {
    const error = new TypeError(
      `The "url" argument must be of type string. Received ${input === null ? 'null' : typeof input}`,
    );
    error.code = 'ERR_INVALID_ARG_TYPE';
    throw error;
  }
  const [, scheme, slashes, authority, rawPath, search, hash] =
    /^(?:([a-zA-Z][a-zA-Z0-9+.-]*:))?(?:(\/\/)([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/.exec(input.trim());
  const protocol = scheme ? scheme.toLowerCase() : null;
  const hasHost = slashes !== undefined && (protocol !== null || slashesDenoteHost);
  const url = {
    protocol,
    slashes: slashes !== undefined ? true : null,
    auth: null,
    host: null,
    port: null,
    hostname: null,
    hash: hash ?? null,
    search: search ?? null,
    query: search === undefined ? null : search.slice(1),
    pathname: null,
    path: null,
    href: '',
  };
  let path = rawPath;
  if (hasHost) {
    const at = authority.lastIndexOf('@');
    if (at >= 0) url.auth = decodeURIComponent(authority.slice(0, at));
    const hostPort = authority.slice(at + 1);
    const port = /:(\d*)$/.exec(hostPort);
    url.hostname = (port ? hostPort.slice(0, port.index) : hostPort).toLowerCase();
    url.port = port && port[1] !== '' ? port[1] : null;
    url.host = url.hostname + (url.port ? `:${url.port}` : '');
  } else if (slashes !== undefined) path = `//${authority}${rawPath}`;
  if (path === '' && hasHost && SLASHED.has(protocol)) path = '/';
  url.pathname = path === '' ? null : path;
  url.path = url.pathname === null && url.search === null ? null : (url.pathname ?? '') + (url.search ?? '');
  if (parseQuery) url.query = need('node/querystring').querystring.parse(url.query ?? '');
  url.href = format(url);
  return url;
}
function format(url) {
  if (typeof url === 'string') url = parse(url);
  if (url instanceof URL) return url.href;
  const protocol = url.protocol ? (url.protocol.endsWith(':') ? url.protocol : `${url.protocol}:`) : '';
  let host = '';
  if (url.host) host = url.host;
  else if (url.hostname) host = url.hostname + (url.port ? `:${url.port}` : '');
  const auth = url.auth ? `${encodeURIComponent(url.auth).replace(/%3A/i, ':')}@` : '';
  let pathname = url.pathname ?? '';
  const slashed = url.slashes || SLASHED.has(protocol);
  if (slashed && (host || protocol === 'file:')) {
    if (pathname && !pathname.startsWith('/')) pathname = `/${pathname}`;
    host = `//${auth}${host}`;
  }
  let search = url.search ?? '';
  if (!search && url.query && typeof url.query === 'object') {
    // As Bun does: URLSearchParams's encoding (a space is `+`, an array is
    // its String form), not node:querystring's.
    const query = new URLSearchParams(url.query).toString();
    search = query ? `?${query}` : '';
  }
  if (search && !search.startsWith('?')) search = `?${search}`;
  const hash = url.hash ? (url.hash.startsWith('#') ? url.hash : `#${url.hash}`) : '';
  return protocol + host + pathname + search + hash;
}
function resolve(from, to) {
  // A relative `from` stays relative: resolve against a stand-in origin.
  const resolved = new URL(to, new URL(from, 'resolve://'));
  if (resolved.protocol !== 'resolve:') return resolved.href;
  return resolved.pathname + resolved.search + resolved.hash;
}

return { fileURLToPath, pathToFileURL, parse, format, resolve };
