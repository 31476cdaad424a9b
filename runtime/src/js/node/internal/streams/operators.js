// ---- node/internal/streams/operators.js: Readable's iterator helpers ---------------------
// `map`, `filter`, `flatMap`, `drop` and `take` give a new Readable (object
// mode) over an async generator; `forEach`, `toArray`, `some`, `find`,
// `every` and `reduce` give a promise. `map` runs up to `concurrency` calls
// at once and keeps up to `highWaterMark` results ahead of the reader, in
// the source's order, as Node and Bun schedule them; the others are built
// on `map`, so they share its concurrency and its `signal` handling.
const { Readable, internal } = need('node/stream');
const { coded, invalidArg, abortError, isAbortSignal } = internal;

const EMPTY = Symbol('empty');
const EOF = Symbol('eof');

function checkOptions(options) {
  if (options != null && typeof options !== 'object') throw invalidArg('options', 'of type object', options);
  if (options?.signal != null && !isAbortSignal(options.signal))
    throw invalidArg('options.signal', 'of type AbortSignal', options.signal);
}
function checkFunction(fn, name) {
  if (typeof fn !== 'function') throw invalidArg(name, 'of type function', fn);
}
function checkInteger(value, name, min) {
  const max = Number.MAX_SAFE_INTEGER;
  if (!Number.isInteger(value))
    throw coded(
      RangeError,
      'ERR_OUT_OF_RANGE',
      `The value of "${name}" is out of range. It must be an integer. Received ${value}`,
    );
  if (value < min || value > max)
    throw coded(
      RangeError,
      'ERR_OUT_OF_RANGE',
      `The value of "${name}" is out of range. It must be >= ${min} && <= ${max}. Received ${value}`,
    );
}
// A count for `drop` and `take`: NaN is 0, a negative one is refused.
function countOf(number) {
  const n = Number(number);
  if (Number.isNaN(n)) return 0;
  if (n < 0)
    throw coded(
      RangeError,
      'ERR_OUT_OF_RANGE',
      `The value of "number" is out of range. It must be >= 0. Received ${n}`,
    );
  return n;
}
// A signal that aborts when the caller's does.
function linkedSignal(options) {
  const controller = new AbortController();
  const outer = options?.signal;
  const abort = () => controller.abort(outer.reason);
  if (outer?.aborted) abort();
  else outer?.addEventListener('abort', abort, { once: true });
  return { signal: controller.signal, release: () => outer?.removeEventListener('abort', abort) };
}

function mapIterator(fn, options) {
  checkFunction(fn, 'fn');
  checkOptions(options);
  const concurrency = options?.concurrency != null ? Math.floor(options.concurrency) : 1;
  let highWaterMark = options?.highWaterMark != null ? Math.floor(options.highWaterMark) : concurrency - 1;
  checkInteger(concurrency, 'options.concurrency', 1);
  checkInteger(highWaterMark, 'options.highWaterMark', 0);
  highWaterMark += concurrency;
  const stream = this;
  return async function* map() {
    const { signal, release } = linkedSignal(options);
    const signalOption = { signal };
    const queue = [];
    let next = null;
    let resume = null;
    let done = false;
    let running = 0;
    const maybeResume = () => {
      if (resume && !done && running < concurrency && queue.length < highWaterMark) {
        resume();
        resume = null;
      }
    };
    const afterItem = () => {
      running -= 1;
      maybeResume();
    };
    const onFailure = () => {
      done = true;
      afterItem();
    };
    const wakeReader = () => {
      if (next) {
        next();
        next = null;
      }
    };
    async function pump() {
      try {
        for await (let value of stream) {
          if (done) return;
          if (signal.aborted) throw abortError();
          try {
            value = fn(value, signalOption);
            if (value === EMPTY) continue;
            value = Promise.resolve(value);
          } catch (error) {
            value = Promise.reject(error);
          }
          running += 1;
          value.then(afterItem, onFailure);
          queue.push(value);
          wakeReader();
          if (!done && (queue.length >= highWaterMark || running >= concurrency))
            await new Promise((resolve) => (resume = resolve));
        }
        queue.push(EOF);
      } catch (error) {
        const failed = Promise.reject(error);
        failed.then(afterItem, onFailure);
        queue.push(failed);
      } finally {
        done = true;
        wakeReader();
      }
    }
    pump();
    try {
      for (;;) {
        while (queue.length > 0) {
          const value = await queue[0];
          if (value === EOF) return;
          if (signal.aborted) throw abortError();
          if (value !== EMPTY) yield value;
          queue.shift();
          maybeResume();
        }
        await new Promise((resolve) => (next = resolve));
      }
    } finally {
      done = true;
      if (resume) {
        resume();
        resume = null;
      }
      release();
    }
  }.call(this);
}

function filterIterator(fn, options) {
  checkFunction(fn, 'fn');
  const keep = async (value, opts) => ((await fn(value, opts)) ? value : EMPTY);
  return mapIterator.call(this, keep, options);
}

function flatMapIterator(fn, options) {
  const values = mapIterator.call(this, fn, options);
  return (async function* flatMap() {
    for await (const value of values) yield* value;
  })();
}

function dropIterator(number, options) {
  checkOptions(options);
  const count = countOf(number);
  const stream = this;
  return (async function* drop() {
    if (options?.signal?.aborted) throw abortError();
    let left = count;
    for await (const value of stream) {
      if (options?.signal?.aborted) throw abortError();
      if (left-- <= 0) yield value;
    }
  })();
}

function takeIterator(number, options) {
  checkOptions(options);
  const count = countOf(number);
  const stream = this;
  return (async function* take() {
    if (options?.signal?.aborted) throw abortError();
    let left = count;
    if (left <= 0) return;
    for await (const value of stream) {
      if (options?.signal?.aborted) throw abortError();
      yield value;
      if (--left <= 0) return;
    }
  })();
}

async function forEach(fn, options) {
  checkFunction(fn, 'fn');
  const each = async (value, opts) => {
    await fn(value, opts);
    return EMPTY;
  };
  for await (const _ of mapIterator.call(this, each, options));
}

async function toArray(options) {
  checkOptions(options);
  const result = [];
  for await (const value of this) {
    if (options?.signal?.aborted) throw abortError(options.signal.reason);
    result.push(value);
  }
  return result;
}

async function some(fn, options) {
  for await (const _ of filterIterator.call(this, fn, options)) return true;
  return false;
}

async function every(fn, options) {
  checkFunction(fn, 'fn');
  return !(await some.call(this, async (...args) => !(await fn(...args)), options));
}

async function find(fn, options) {
  for await (const value of filterIterator.call(this, fn, options)) return value;
  return undefined;
}

// Without an initial value (not even `undefined`), the first value is one.
async function reduce(reducer, ...rest) {
  let [initialValue] = rest;
  const options = rest[1];
  checkFunction(reducer, 'reducer');
  checkOptions(options);
  let hasInitial = rest.length > 0;
  if (options?.signal?.aborted) {
    const error = abortError(options.signal.reason);
    this.once('error', () => {});
    this.destroy(error);
    throw error;
  }
  const { signal, release } = linkedSignal(options);
  let any = false;
  try {
    for await (const value of this) {
      any = true;
      if (options?.signal?.aborted) throw abortError();
      if (!hasInitial) {
        initialValue = value;
        hasInitial = true;
      } else initialValue = await reducer(initialValue, value, { signal });
    }
    if (!any && !hasInitial)
      throw coded(TypeError, 'ERR_MISSING_ARGS', 'Reduce of an empty stream requires an initial value');
  } finally {
    release();
  }
  return initialValue;
}

// The stream-returning helpers wrap their iterator in a Readable, as Node's
// `Readable.from` does.
const asStream = (make) =>
  function operator(...args) {
    return Readable.from(make.apply(this, args));
  };

return {
  map: asStream(mapIterator),
  filter: asStream(filterIterator),
  flatMap: asStream(flatMapIterator),
  drop: asStream(dropIterator),
  take: asStream(takeIterator),
  forEach,
  toArray,
  some,
  every,
  find,
  reduce,
};
