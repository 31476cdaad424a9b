// ---- node/internal/mime.js: util.MIMEType and util.MIMEParams ------------------
// The WHATWG MIME Sniffing parse and serialisation, as Node's MIMEType does:
// type and subtype lower-cased, parameter names lower-cased, the first of a
// repeated name kept, a value quoted on output when it is not a token.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function invalid(message) {
  const error = new TypeError(message);
  error.code = 'ERR_INVALID_MIME_SYNTAX';
  return error;
}

class MIMEParams {
  #map = new Map();
  get(name) {
    return this.#map.get(String(name)) ?? null;
  }
  has(name) {
    return this.#map.has(String(name));
  }
  set(name, value) {
    this.#map.set(String(name), String(value));
  }
  delete(name) {
    this.#map.delete(String(name));
  }
  keys() {
    return this.#map.keys();
  }
  values() {
    return this.#map.values();
  }
  entries() {
    return this.#map.entries();
  }
  [Symbol.iterator]() {
    return this.#map.entries();
  }
  toString() {
    let out = '';
    for (const [name, value] of this.#map) {
      const shown = value === '' || !TOKEN.test(value) ? `"${value.replace(/["\\]/g, '\\$&')}"` : value;
      out += `${out ? ';' : ''}${name}=${shown}`;
    }
    return out;
  }
  toJSON() {
    return this.toString();
  }
}

class MIMEType {
  #type;
  #subtype;
  #params = new MIMEParams();
  constructor(input) {
    const text = String(input).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
    const slash = text.indexOf('/');
    const type = text.slice(0, slash);
    if (slash < 0 || !TOKEN.test(type)) throw invalid(`The MIME syntax for a type in "${text}" is invalid`);
    let rest = text.slice(slash + 1);
    const semi = rest.indexOf(';');
    const subtype = (semi < 0 ? rest : rest.slice(0, semi)).replace(/[\t\n\r ]+$/, '');
    if (!TOKEN.test(subtype)) throw invalid(`The MIME syntax for a subtype in "${text}" is invalid`);
    this.#type = type.toLowerCase();
    this.#subtype = subtype.toLowerCase();
    rest = semi < 0 ? '' : rest.slice(semi + 1);
    while (rest.length > 0) {
      rest = rest.replace(/^[\t\n\r ]+/, '');
      const end = rest.search(/[;=]/);
      const name = (end < 0 ? rest : rest.slice(0, end)).toLowerCase();
      if (end < 0) break;
      if (rest[end] === ';') {
        rest = rest.slice(end + 1);
        continue;
      }
      rest = rest.slice(end + 1);
      let value;
      if (rest[0] === '"') {
        value = '';
        let i = 1;
        for (; i < rest.length && rest[i] !== '"'; i++) {
          if (rest[i] === '\\' && i + 1 < rest.length) i++;
          value += rest[i];
        }
        rest = rest.slice(i + 1);
        const next = rest.indexOf(';');
        rest = next < 0 ? '' : rest.slice(next + 1);
      } else {
        const next = rest.indexOf(';');
        value = (next < 0 ? rest : rest.slice(0, next)).replace(/[\t\n\r ]+$/, '');
        rest = next < 0 ? '' : rest.slice(next + 1);
        if (value === '') continue;
      }
      if (name !== '' && TOKEN.test(name) && !this.#params.has(name)) this.#params.set(name, value);
    }
  }
  get type() {
    return this.#type;
  }
  set type(value) {
    if (!TOKEN.test(String(value))) throw invalid(`The MIME syntax for a type in "${value}" is invalid`);
    this.#type = String(value).toLowerCase();
  }
  get subtype() {
    return this.#subtype;
  }
  set subtype(value) {
    if (!TOKEN.test(String(value))) throw invalid(`The MIME syntax for a subtype in "${value}" is invalid`);
    this.#subtype = String(value).toLowerCase();
  }
  get essence() {
    return `${this.#type}/${this.#subtype}`;
  }
  get params() {
    return this.#params;
  }
  toString() {
    const params = this.#params.toString();
    return `${this.essence}${params ? `;${params}` : ''}`;
  }
  toJSON() {
    return this.toString();
  }
}

return { MIMEType, MIMEParams };
