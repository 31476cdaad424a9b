// What both Intl units share: digits, a cache of formatters, and the
// locale a formatter reports.

const NON_ASCII_DIGIT = /\p{Nd}/u;
const isDigit = (c) => c !== undefined && ((c >= '0' && c <= '9') || (c > '\x7f' && NON_ASCII_DIGIT.test(c)));

// A formatter per arguments, for the ones toLocaleString and the parts
// make on every call: boa builds a formatter from ICU4X's data each time.
function cached(cache, key, make) {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= 64) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}

// A key for (locales, options) when both are plain data, else undefined.
function keyOf(locales, options) {
  const plain = (value) => value === undefined || ['string', 'number', 'boolean'].includes(typeof value);
  if (!(plain(locales) || (Array.isArray(locales) && locales.every(plain)))) return undefined;
  if (options !== undefined) {
    if (options === null || typeof options !== 'object' || Object.getPrototypeOf(options) !== Object.prototype) {
      return undefined;
    }
    for (const key of Object.keys(options)) if (!plain(options[key])) return undefined;
  }
  return JSON.stringify([locales, options ?? null]);
}

// The locale asked for where boa resolved only its language (`ja` for
// `ja-JP`): ICU4X's data falls back to the language for a region it has no
// data of its own for, where ICU's locale list names the region.
function localeOf(locales, resolved) {
  if (resolved.includes('-u-')) return resolved;
  let first;
  try {
    first = Intl.getCanonicalLocales(locales)[0];
  } catch {
    return resolved;
  }
  if (first === undefined) return resolved;
  const base = first.split('-u-')[0];
  return base.startsWith(`${resolved}-`) ? base : resolved;
}

return { isDigit, cached, keyOf, localeOf };
