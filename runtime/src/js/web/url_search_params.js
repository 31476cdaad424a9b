// ---- web/url_search_params.js: URLSearchParams ------------------------------
class URLSearchParams {
  constructor(init) {
    this._list = [];
    this._url = null;
    if (init === undefined || init === null) return;
    if (typeof init === 'string') this._parse(init);
    else if (init instanceof URLSearchParams) this._list = init._list.map((p) => [...p]);
    else if (typeof init[Symbol.iterator] === 'function')
      for (const [k, v] of init) this._list.push([String(k), String(v)]);
    else for (const k of Object.keys(init)) this._list.push([k, String(init[k])]);
  }
  _parse(text) {
    this._list = [];
    const s = text.startsWith('?') ? text.slice(1) : text;
    if (!s) return;
    for (const part of s.split('&')) {
      if (!part) continue;
      const i = part.indexOf('=');
      const dec = (x) => {
        try {
          return decodeURIComponent(x.replace(/\+/g, ' '));
        } catch {
          return x;
        }
      };
      this._list.push(i < 0 ? [dec(part), ''] : [dec(part.slice(0, i)), dec(part.slice(i + 1))]);
    }
  }
  _update() {
    if (this._url) {
      const s = this.toString();
      this._url.search = s ? '?' + s : '';
    }
  }
  get size() {
    return this._list.length;
  }
  append(k, v) {
    this._list.push([String(k), String(v)]);
    this._update();
  }
  delete(k, v) {
    this._list = this._list.filter(([a, b]) => a !== k || (v !== undefined && b !== String(v)));
    this._update();
  }
  get(k) {
    const p = this._list.find(([a]) => a === k);
    return p ? p[1] : null;
  }
  getAll(k) {
    return this._list.filter(([a]) => a === k).map(([, b]) => b);
  }
  has(k, v) {
    return this._list.some(([a, b]) => a === k && (v === undefined || b === String(v)));
  }
  set(k, v) {
    const i = this._list.findIndex(([a]) => a === k);
    if (i < 0) this._list.push([String(k), String(v)]);
    else {
      this._list[i][1] = String(v);
      this._list = this._list.filter(([a], j) => a !== k || j === i);
    }
    this._update();
  }
  sort() {
    this._list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    this._update();
  }
  forEach(fn, self) {
    for (const [k, v] of this._list) fn.call(self, v, k, this);
  }
  keys() {
    return this._list.map(([k]) => k)[Symbol.iterator]();
  }
  values() {
    return this._list.map(([, v]) => v)[Symbol.iterator]();
  }
  entries() {
    return this._list.map((p) => [...p])[Symbol.iterator]();
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  toString() {
    const enc = (s) =>
      encodeURIComponent(s)
        .replace(/%20/g, '+')
        .replace(/[!'()~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
    return this._list.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
  }
}

return { URLSearchParams };
