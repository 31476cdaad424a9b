// ---- node/internal/url.js: fileURLToPath, pathToFileURL, legacy parse/format/resolve -----
const { path } = need('node/path');

// A TypeError with Node's code; `received` adds Node's words for the value.
function codedError(code, message, fields) {
  const error = new TypeError(message);
  error.code = code;
  return Object.assign(error, fields);
}
const received = (value) => need('internal/buffer').receivedText(value);

// `fileURLToPath(url, { windows })`: the path a file URL names. A URL that
// encodes a separator (`%2F`, and `%5C` for Windows) or names a host (on
// POSIX) names no path here, as in Node and Bun.
function fileURLToPath(input, options) {
  let url = input;
  if (typeof input === 'string') url = new URL(input);
  else if (!(input instanceof URL))
    throw codedError('ERR_INVALID_ARG_TYPE', `The "url" argument must be of type string. ${received(input)}`);
  if (url.protocol !== 'file:') throw codedError('ERR_INVALID_URL_SCHEME', 'The URL must be of scheme file');
  const pathname = url.pathname;
  // Bun names the URL (`input`) on the POSIX form's error only.
  const badPath = (what, fields) => codedError('ERR_INVALID_FILE_URL_PATH', `File URL path ${what}`, fields);
  if (options?.windows) {
    if (/%(2f|5c)/i.test(pathname)) throw badPath('must not include encoded \\ or / characters');
    const local = decodeURIComponent(pathname.replaceAll('/', '\\'));
    if (url.hostname !== '') return `\\\\${url.hostname}${local}`;
    if (!/^\\[a-zA-Z]:/.test(local)) throw badPath('must be absolute');
    return local.slice(1);
  }
  if (url.hostname !== '')
    throw codedError('ERR_INVALID_FILE_URL_HOST', `File URL host must be "localhost" or empty on ${process.platform}`);
  if (/%2f/i.test(pathname)) throw badPath('must not include encoded / characters', { input: url });
  return decodeURIComponent(pathname);
}

// What a path keeps as it is in a file URL: `encodeURI`'s set without `?`,
// `#` and `~`; every other byte of its UTF-8 (the URL's own syntax, spaces,
// `%`, `\`, controls, non-ASCII) is percent-encoded. A lone surrogate is
// U+FFFD, as in Node and Bun. (encodeURI is native; a loop over the bytes
// takes seconds in boa on a long path.)
function encodePath(p) {
  return encodeURI(p.toWellFormed()).replaceAll('?', '%3F').replaceAll('#', '%23').replaceAll('~', '%7E');
}

// `pathToFileURL(path, { windows })`: the path resolved against the working
// directory (its trailing separator kept) as a file URL; with `windows`, a
// Windows path: `C:\a` or a UNC share `\\server\share\a`.
function pathToFileURL(filepath, options) {
  if (typeof filepath !== 'string')
    throw codedError('ERR_INVALID_ARG_TYPE', `The "path" argument must be of type string. ${received(filepath)}`);
  const windows = options?.windows ?? false;
  let resolved =
    windows && filepath.startsWith('\\\\') ? filepath : path[windows ? 'win32' : 'posix'].resolve(filepath);
  if (windows && resolved.startsWith('\\\\?\\') && !resolved.startsWith('\\\\?\\UNC\\')) resolved = resolved.slice(4);
  if (windows && resolved.startsWith('\\\\')) {
    const start = resolved.startsWith('\\\\?\\UNC\\') ? 8 : 2;
    const end = resolved.indexOf('\\', start);
    const refuse = (why) =>
      codedError(
        'ERR_INVALID_ARG_VALUE',
        `The argument 'path' ${why}. Received ${need('node/util').util.inspect(resolved)}`,
      );
    if (end === -1) throw refuse('Missing UNC resource path');
    if (end === 2) throw refuse('Empty UNC servername');
    return new URL(`file://${resolved.slice(start, end)}${encodePath(resolved.slice(end).replaceAll('\\', '/'))}`);
  }
  const last = filepath[filepath.length - 1];
  if ((last === '/' || (windows && last === '\\')) && !/[\\/]$/.test(resolved)) resolved += '/';
  if (windows) resolved = `/${resolved.replaceAll('\\', '/')}`;
  return new URL(`file://${encodePath(resolved)}`);
}

// `urlToHttpOptions(url)`: the options object `http.request` takes for a
// URL (or an object with its fields).
function urlToHttpOptions(url) {
  if (url === null || (typeof url !== 'object' && typeof url !== 'function'))
    throw codedError('ERR_INVALID_ARG_TYPE', `The "url" argument must be of type object. ${received(url)}`);
  const { hostname, pathname, port, username, password, search } = url;
  const options = {
    __proto__: null,
    ...url,
    protocol: url.protocol,
    hostname: hostname && hostname[0] === '[' ? hostname.slice(1, -1) : hostname,
    hash: url.hash,
    search,
    pathname,
    path: `${pathname || ''}${search || ''}`,
    href: url.href,
  };
  if (port !== '') options.port = Number(port);
  if (username || password) options.auth = `${decodeURIComponent(username)}:${decodeURIComponent(password)}`;
  return options;
}

// The legacy API (`url.parse`, `url.format`, `url.resolve`) that older
// packages still use (proxy-from-env and follow-redirects, under axios):
// the parts of a URL split by RFC 3986's pattern, with Node's field names.
const SLASHED = new Set(['http:', 'https:', 'ftp:', 'gopher:', 'file:', 'ws:', 'wss:']);
// `url.Url`: what `parse` returns, every field null until parsed.
function Url() {
  for (const key of FIELDS) this[key] = null;
}
const FIELDS = [
  'protocol',
  'slashes',
  'auth',
  'host',
  'port',
  'hostname',
  'hash',
  'search',
  'query',
  'pathname',
  'path',
  'href',
];
// Methods, not enumerable, and no own `constructor` (as Bun's prototype).
for (const [name, method] of Object.entries({
  parse(input, parseQuery, slashesDenoteHost) {
    return Object.assign(this, parse(input, parseQuery, slashesDenoteHost));
  },
  format() {
    return format(this);
  },
  resolve(to) {
    return resolve(format(this), to);
  },
  resolveObject(to) {
    return resolveObject(this, to);
  },
}))
  Object.defineProperty(Url.prototype, name, { value: method, writable: true, configurable: true });
delete Url.prototype.constructor;

function parse(input, parseQuery = false, slashesDenoteHost = false) {
  if (typeof input !== 'string')
    throw codedError('ERR_INVALID_ARG_TYPE', `The "url" argument must be of type string. ${received(input)}`);
  const [, scheme, slashes, authority, rawPath, search, hash] =
    /^(?:([a-zA-Z][a-zA-Z0-9+.-]*:))?(?:(\/\/)([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/.exec(input.trim());
  const protocol = scheme ? scheme.toLowerCase() : null;
  const hasHost = slashes !== undefined && (protocol !== null || slashesDenoteHost);
  const url = Object.assign(new Url(), {
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
  });
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
// `url.format(URL, options)`: the WHATWG URL's text, leaving out its
// credentials, query or fragment when `auth`, `search` or `fragment` is
// falsy, its host in Unicode with `unicode`.
function formatURL(url, options) {
  if (options !== undefined && options !== null && typeof options !== 'object')
    throw codedError('ERR_INVALID_ARG_TYPE', `The "options" argument must be of type object. ${received(options)}`);
  const on = (key, byDefault) => (options?.[key] === undefined ? byDefault : Boolean(options[key]));
  let text = url.protocol;
  if (url.href.startsWith(`${url.protocol}//`)) {
    text += '//';
    if (on('auth', true) && (url.username || url.password))
      text += `${url.username}${url.password ? `:${url.password}` : ''}@`;
    text += on('unicode', false) ? domainToUnicode(url.hostname) : url.hostname;
    if (url.port) text += `:${url.port}`;
  }
  text += url.pathname;
  if (on('search', true)) text += url.search;
  if (on('fragment', true)) text += url.hash;
  return text;
}
function format(url, options) {
  if (url instanceof URL) return formatURL(url, options);
  if (typeof url === 'string') url = parse(url);
  else if (url === null || typeof url !== 'object')
    throw codedError(
      'ERR_INVALID_ARG_TYPE',
      `The "urlObject" argument must be one of type object or string. ${received(url)}`,
    );
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

// `resolveObject(from, to)`: `resolve`'s answer, parsed.
function resolveObject(from, to) {
  // Nothing to resolve against: `to` as it came, as in Node and Bun.
  if (!from) return to;
  const text = (u) => (typeof u === 'string' ? u : format(u));
  return parse(resolve(text(from), text(to)));
}

// `domainToASCII`/`domainToUnicode`: the domain as the WHATWG `hostname`
// setter reads it, `''` when it refuses it (Node's and Bun's answers).
function domainFunction(name, convert) {
  const domainFunction = (...args) => {
    if (args.length < 1) {
      throw codedError('ERR_MISSING_ARGS', 'The "domain" argument must be specified');
    }
    return convert(`${args[0]}`);
  };
  // Bun's names (`domainToAscii` for domainToASCII) and one `domain` parameter.
  return Object.defineProperties(domainFunction, { name: { value: name }, length: { value: 1 } });
}
const domainToASCII = domainFunction('domainToAscii', (domain) => host.domainToAscii(domain));
const domainToUnicode = domainFunction('domainToUnicode', (domain) => host.domainToUnicode(domain));

return {
  fileURLToPath,
  pathToFileURL,
  urlToHttpOptions,
  Url,
  parse,
  format,
  resolve,
  resolveObject,
  domainToASCII,
  domainToUnicode,
};
