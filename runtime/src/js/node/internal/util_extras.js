// ---- node/internal/util_extras.js: the smaller node:util helpers -----------------
// `aborted`, `getSystemErrorName`, `toUSVString` and `parseEnv`, kept out of
// node/util.js so that a tool wanting `promisify` compiles none of them.

// libuv's error names by Linux errno, the ones Node and Bun know.
const ERRNO_NAMES = {
  1: 'EPERM',
  2: 'ENOENT',
  3: 'ESRCH',
  4: 'EINTR',
  5: 'EIO',
  6: 'ENXIO',
  7: 'E2BIG',
  9: 'EBADF',
  11: 'EAGAIN',
  12: 'ENOMEM',
  13: 'EACCES',
  14: 'EFAULT',
  16: 'EBUSY',
  17: 'EEXIST',
  18: 'EXDEV',
  19: 'ENODEV',
  20: 'ENOTDIR',
  21: 'EISDIR',
  22: 'EINVAL',
  23: 'ENFILE',
  24: 'EMFILE',
  25: 'ENOTTY',
  26: 'ETXTBSY',
  27: 'EFBIG',
  28: 'ENOSPC',
  29: 'ESPIPE',
  30: 'EROFS',
  31: 'EMLINK',
  32: 'EPIPE',
  34: 'ERANGE',
  36: 'ENAMETOOLONG',
  38: 'ENOSYS',
  39: 'ENOTEMPTY',
  40: 'ELOOP',
  71: 'EPROTO',
  84: 'EILSEQ',
  88: 'ENOTSOCK',
  89: 'EDESTADDRREQ',
  90: 'EMSGSIZE',
  91: 'EPROTOTYPE',
  93: 'EPROTONOSUPPORT',
  95: 'ENOTSUP',
  97: 'EAFNOSUPPORT',
  98: 'EADDRINUSE',
  99: 'EADDRNOTAVAIL',
  100: 'ENETDOWN',
  101: 'ENETUNREACH',
  103: 'ECONNABORTED',
  104: 'ECONNRESET',
  105: 'ENOBUFS',
  106: 'EISCONN',
  107: 'ENOTCONN',
  110: 'ETIMEDOUT',
  111: 'ECONNREFUSED',
  113: 'EHOSTUNREACH',
  114: 'EALREADY',
  125: 'ECANCELED',
};

function getSystemErrorName(errno) {
  if (typeof errno !== 'number') {
    const error = new TypeError(`The "err" argument must be of type number. Received type ${typeof errno}`);
    error.code = 'ERR_INVALID_ARG_TYPE';
    throw error;
  }
  return ERRNO_NAMES[-errno] ?? `Unknown system error ${errno}`;
}

const aborted = (signal, _resource) =>
  new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });

// Lone surrogates become U+FFFD.
const toUSVString = (value) =>
  String(value).replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

// A `.env` text as Node's `util.parseEnv` reads it: `KEY=value` lines (an
// `export ` before the key allowed), `#` comments (inline ones too, outside
// quotes), values in '', "" or `` that may span lines ("" reads `\n` as a
// newline), a later key replacing an earlier one.
function parseEnv(content) {
  if (typeof content !== 'string') throw need('internal/buffer').invalidArgType('content', 'string', content);
  const result = {};
  let rest = content.replace(/\r\n?/g, '\n');
  const skipLine = () => {
    const newline = rest.indexOf('\n');
    rest = newline === -1 ? '' : rest.slice(newline + 1);
  };
  while (rest.length > 0) {
    rest = rest.replace(/^\s+/, '');
    if (rest.length === 0) break;
    if (rest[0] === '#') {
      skipLine();
      continue;
    }
    const equal = rest.indexOf('=');
    if (equal === -1) break;
    const newline = rest.indexOf('\n');
    if (newline !== -1 && newline < equal) {
      skipLine();
      continue;
    }
    let key = rest.slice(0, equal).trim();
    rest = rest.slice(equal + 1);
    if (key.startsWith('export ')) key = key.slice(7).trim();
    if (key === '') {
      skipLine();
      continue;
    }
    rest = rest.replace(/^[ \t]+/, '');
    const quote = rest[0];
    if (quote === '"' || quote === "'" || quote === '`') {
      const closing = rest.indexOf(quote, 1);
      if (closing !== -1) {
        let value = rest.slice(1, closing);
        if (quote === '"') value = value.replace(/\\n/g, '\n');
        result[key] = value;
        rest = rest.slice(closing + 1);
        skipLine();
        continue;
      }
    }
    const end = rest.indexOf('\n');
    let value = end === -1 ? rest : rest.slice(0, end);
    const hash = value.indexOf('#');
    if (hash !== -1) value = value.slice(0, hash);
    result[key] = value.trim();
    rest = end === -1 ? '' : rest.slice(end + 1);
  }
  return result;
}

return { getSystemErrorName, aborted, toUSVString, parseEnv };
