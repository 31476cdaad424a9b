// ---- internal/uncaught.js: callbacks the runtime calls from a promise -----------
// Node and Bun call an fs or child_process callback, a stream's event or a
// `nextTick` from the event loop, so what it throws is an uncaught exception
// (`process.on('uncaughtException')`, else the process dies). Here those
// calls run in a promise reaction, where a throw would only reject a promise
// nobody holds. `deliver` calls the callback and hands what it throws to a
// native timer, whose error the event loop treats as uncaught (the listener
// gets it, or the call fails with its message).
const nativeSetTimeout = host.setTimeout;

function report(error) {
  nativeSetTimeout(() => {
    throw error;
  }, 0);
}

function deliver(callback, ...args) {
  try {
    return callback(...args);
  } catch (error) {
    report(error);
  }
}

return { deliver, report };
