// ---- bun/undici.js: what `import 'undici'` gives, as under Bun -----------------
// Bun answers the `undici` package with a module of its own (its fetch
// classes and stand-ins), whatever node_modules holds, and so does this
// runtime: the package itself needs node:net, node:tls and node:http2.
// Its dispatcher API (Client, Pool, Agent, request, stream…) is not
// provided: using it throws, naming fetch as the way to make a request.
const refused = (name) => {
  const message = `undici.${name} is not provided by this runtime (undici resolves to a built-in stand-in, as under Bun): use fetch`;
  function refuse() {
    throw new Error(message);
  }
  Object.defineProperty(refuse, 'name', { value: name });
  return refuse;
};

const web = globalThis;
const undici = {
  fetch: (...args) => web.fetch(...args),
  Request: web.Request,
  Response: web.Response,
  Headers: web.Headers,
  FormData: web.FormData,
  File: web.File,
  errors: {},
};
for (const name of [
  'Agent',
  'BalancedPool',
  'Client',
  'Dispatcher',
  'EnvHttpProxyAgent',
  'MockAgent',
  'MockClient',
  'MockPool',
  'Pool',
  'ProxyAgent',
  'RetryAgent',
  'WebSocket',
  'EventSource',
  'buildConnector',
  'connect',
  'getGlobalDispatcher',
  'pipeline',
  'request',
  'setGlobalDispatcher',
  'stream',
  'upgrade',
])
  undici[name] = refused(name);
undici.interceptors = { redirect: refused('interceptors.redirect'), retry: refused('interceptors.retry') };
undici.default = undici;

return { undici };
