// ---- node/internal/readline/lines.js: `for await (const line of rl)` --------------
// The interface's lines in order, ending after its `close` (a thrown error on
// `error`). More than `high` lines waiting pause the interface (so its input
// stops reading) until fewer than `low` are left; the iterator's
// `Symbol.for('nodejs.watermarkData')` shows the queue, as in Node.
const HIGH = 1024;
const LOW = 1;
const AsyncIteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf(async function* () {}).prototype);

function lineIterator(rl) {
  const queue = [];
  const waiting = [];
  let error = null;
  let finished = false;
  let paused = false;

  function onLine(line) {
    const next = waiting.shift();
    if (next) {
      next.resolve({ value: line, done: false });
      return;
    }
    queue.push(line);
    if (queue.length > HIGH && !paused) {
      paused = true;
      rl.pause();
    }
  }
  function finish() {
    rl.removeListener('line', onLine);
    rl.removeListener('error', onError);
    rl.removeListener('close', finish);
    finished = true;
    for (const next of waiting.splice(0)) next.resolve({ value: undefined, done: true });
  }
  function onError(err) {
    const next = waiting.shift();
    if (next) next.reject(err);
    else error = err;
    finish();
  }

  const iterator = Object.setPrototypeOf(
    {
      next() {
        if (queue.length) {
          const value = queue.shift();
          if (paused && queue.length < LOW) {
            paused = false;
            rl.resume();
          }
          return Promise.resolve({ value, done: false });
        }
        if (error) {
          const failed = Promise.reject(error);
          error = null;
          return failed;
        }
        if (finished) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
      },
      return() {
        finish();
        return Promise.resolve({ value: undefined, done: true });
      },
      throw(err) {
        if (!(err instanceof Error)) {
          const { invalidArgType } = need('node/internal/readline/errors');
          throw invalidArgType('EventEmitter.AsyncIterator', 'Error', err);
        }
        onError(err);
        return Promise.resolve({ value: undefined, done: true });
      },
    },
    AsyncIteratorPrototype,
  );
  Object.defineProperty(iterator, Symbol.for('nodejs.watermarkData'), {
    value: Object.defineProperties(
      {},
      {
        size: { get: () => queue.length, enumerable: true },
        low: { get: () => LOW, enumerable: true },
        high: { get: () => HIGH, enumerable: true },
        isPaused: { get: () => paused, enumerable: true },
      },
    ),
  });
  rl.on('line', onLine);
  rl.on('error', onError);
  rl.on('close', finish);
  return iterator;
}

return { lineIterator };
