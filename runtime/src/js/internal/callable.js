// ---- internal/callable.js: classes that old-style code calls without `new` ---------
// Many npm packages still inherit the ES5 way, `function S() {
// EventEmitter.call(this) }` with `util.inherits(S, EventEmitter)`, or call
// `StringDecoder(…)` plainly; a `class` constructor throws for both. This
// wraps a class whose constructor only sets fields on `this` into a function
// that constructs as the class does, initialises `this` when called with one,
// and constructs when called plainly.
function callable(Class) {
  function Callable(...args) {
    if (new.target) return Reflect.construct(Class, args, new.target);
    if (this !== undefined && this !== null && this !== globalThis && typeof this === 'object') {
      Object.assign(this, Reflect.construct(Class, args));
      return this;
    }
    return Reflect.construct(Class, args);
  }
  Object.defineProperty(Callable, 'name', { value: Class.name });
  Object.defineProperty(Callable, 'length', { value: Class.length });
  Callable.prototype = Class.prototype;
  Object.defineProperty(Class.prototype, 'constructor', { value: Callable, writable: true, configurable: true });
  for (const key of Reflect.ownKeys(Class)) {
    if (key !== 'prototype' && key !== 'name' && key !== 'length')
      Object.defineProperty(Callable, key, Object.getOwnPropertyDescriptor(Class, key));
  }
  Object.setPrototypeOf(Callable, Object.getPrototypeOf(Class));
  return Callable;
}

return { callable };
