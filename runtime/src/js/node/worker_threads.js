// ---- node/worker_threads.js: node:worker_threads
// A tool runs on one thread: this is always the main thread, with no
// parent port and no worker data, which is what code that only asks
// (`isMainThread`) needs. Starting a Worker is refused with a clear error,
// as child_process.fork is: a tool that needs parallel work runs a
// subprocess instead.
const environmentData = new Map();
const untransferable = new WeakSet();

class Worker {
  constructor() {
    const error = new Error(
      'node:worker_threads Worker is not provided by this runtime: a tool runs on one thread (run a subprocess with node:child_process instead)',
    );
    error.code = 'ERR_WORKER_NOT_PROVIDED';
    throw error;
  }
}

const workerThreads = {
  isMainThread: true,
  isInternalThread: false,
  threadId: 0,
  threadName: 'main',
  parentPort: null,
  workerData: null,
  resourceLimits: {},
  SHARE_ENV: Symbol.for('nodejs.worker_threads.SHARE_ENV'),
  Worker,
  getEnvironmentData: (key) => environmentData.get(key),
  setEnvironmentData(key, value) {
    if (value === undefined) environmentData.delete(key);
    else environmentData.set(key, value);
  },
  markAsUntransferable(value) {
    if ((typeof value === 'object' && value !== null) || typeof value === 'function') untransferable.add(value);
  },
  isMarkedAsUntransferable: (value) => untransferable.has(value),
  markAsUncloneable() {},
  // No other thread sends messages here.
  receiveMessageOnPort: () => undefined,
};
return { workerThreads };
