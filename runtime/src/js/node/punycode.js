// ---- node/punycode.js: node:punycode (deprecated in Node, still imported)
// punycode.js 2.1.0's API, as Node and Bun bundle it: encode/decode over
// host.punycodeEncode/punycodeDecode (RFC 3492), and the domain and e-mail
// helpers that apply them label by label.
const SEPARATORS = /[\x2E\u3002\uFF0E\uFF61]/g;
const NON_ASCII = /[^\0-\x7F]/;
const PREFIXED = /^xn--/;

function encode(input) {
  const code = host.punycodeEncode(String(input));
  if (code === undefined) throw new RangeError('Overflow: input needs wider integers to process');
  return code;
}

function decode(input) {
  const text = host.punycodeDecode(String(input));
  if (text === undefined) throw new RangeError('Invalid input');
  return text;
}

// A domain, or the domain part of an e-mail address, label by label.
function mapDomain(domain, map) {
  const at = domain.lastIndexOf('@');
  const local = at === -1 ? '' : domain.slice(0, at + 1);
  const name = at === -1 ? domain : domain.slice(at + 1);
  return local + name.replace(SEPARATORS, '.').split('.').map(map).join('.');
}

const ucs2 = {
  decode: (text) => Array.from(String(text), (c) => c.codePointAt(0)),
  encode: (points) => String.fromCodePoint(...points),
};

const punycode = {
  version: '2.1.0',
  ucs2,
  decode,
  encode,
  toASCII: (domain) => mapDomain(String(domain), (label) => (NON_ASCII.test(label) ? `xn--${encode(label)}` : label)),
  toUnicode: (domain) =>
    mapDomain(String(domain), (label) => (PREFIXED.test(label) ? decode(label.slice(4).toLowerCase()) : label)),
};
return { punycode };
