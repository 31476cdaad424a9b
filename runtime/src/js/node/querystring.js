// ---- node/querystring.js: node:querystring ---------------------------------------
// Node's legacy query-string codec: `+` reads as a space, repeated keys
// collect into arrays, and a malformed escape is kept as text.
function unescapeText(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%([0-9a-fA-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  }
}

function escapeText(text) {
  return encodeURIComponent(text);
}

function parse(query, sep = '&', eq = '=', options = {}) {
  const result = Object.create(null);
  if (typeof query !== 'string' || query.length === 0) return result;
  const decode = typeof options.decodeURIComponent === 'function' ? options.decodeURIComponent : unescapeText;
  const maxKeys = typeof options.maxKeys === 'number' ? options.maxKeys : 1000;
  let pairs = query.split(sep || '&');
  if (maxKeys > 0) pairs = pairs.slice(0, maxKeys);
  for (const pair of pairs) {
    if (pair === '') continue;
    const at = pair.indexOf(eq || '=');
    const rawKey = at >= 0 ? pair.slice(0, at) : pair;
    const rawValue = at >= 0 ? pair.slice(at + (eq || '=').length) : '';
    const key = decode(rawKey.replace(/\+/g, ' '));
    const value = decode(rawValue.replace(/\+/g, ' '));
    if (!(key in result)) result[key] = value;
    else if (Array.isArray(result[key])) result[key].push(value);
    else result[key] = [result[key], value];
  }
  return result;
}

function primitive(value) {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return '';
}

function stringify(object, sep = '&', eq = '=', options = {}) {
  if (object === null || typeof object !== 'object') return '';
  const encode = typeof options.encodeURIComponent === 'function' ? options.encodeURIComponent : escapeText;
  const parts = [];
  for (const key of Object.keys(object)) {
    const value = object[key];
    const name = encode(primitive(key)) + (eq || '=');
    if (Array.isArray(value)) for (const item of value) parts.push(name + encode(primitive(item)));
    else parts.push(name + encode(primitive(value)));
  }
  return parts.join(sep || '&');
}

const querystring = { parse, stringify, escape: escapeText, unescape: unescapeText, decode: parse, encode: stringify };

return { querystring };
