// ---- web/url.js: the global URL, boa_runtime's class completed -------------
const URL = host.URL;
if (typeof URL === 'function') {
  // boa's URL has the property but throws "not implemented" when it is read.
  Object.defineProperty(URL.prototype, 'searchParams', {
    get() {
      const p = new URLSearchParams(this.search);
      p._url = this;
      return p;
    },
    configurable: true,
  });
  URL.prototype.toJSON = function () {
    return this.href;
  };
  if (!URL.canParse)
    URL.canParse = (u, b) => {
      try {
        new URL(u, b);
        return true;
      } catch {
        return false;
      }
    };
}

return { URL };
