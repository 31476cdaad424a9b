// ---- node/internal/streams/pipeline.js: node:stream's pipeline and compose ---------------
// A stage is a Node stream, an iterable (first stage), a function (a source
// called with `{ signal }`, a transform or sink called with the previous
// stage as an async iterable), or a Web stream. Functions' iterables are
// chained directly, as Node does, and pumped into the next Node stream with
// back-pressure; the callback comes once every stage has finished, after
// all of them were destroyed if one failed.
const { Readable, Writable, Duplex, PassThrough, Stream, internal } = need('node/stream');
const { coded, invalidArg, received, abortError, isNodeStream, isAbortSignal, later } = internal;

const BODY =
  'of type function or an instance of Blob, ReadableStream, WritableStream, Stream, Iterable, AsyncIterable, or Promise or { readable, writable } pair';

const isAsyncIterable = (value) => value != null && typeof value[Symbol.asyncIterator] === 'function';
const isIterable = (value) => isAsyncIterable(value) || (value != null && typeof value[Symbol.iterator] === 'function');
const isReadableNode = (value) => isNodeStream(value) && value._r !== undefined && value.readable !== false;
const isWebReadable = (value) => typeof ReadableStream === 'function' && value instanceof ReadableStream;
const isWebWritable = (value) => typeof WritableStream === 'function' && value instanceof WritableStream;
const isWebTransform = (value) => typeof TransformStream === 'function' && value instanceof TransformStream;

function invalidReturn(expected, name, value) {
  const got = received(value).replace(/^Received /, '');
  return coded(
    TypeError,
    'ERR_INVALID_RETURN_VALUE',
    `Expected ${expected} to be returned from the "${name}" function but got ${got}.`,
  );
}

// Destroys `stream` with `error` when the pipeline fails, unless it is
// already finished or closed.
function destroyer(stream, reading, writing) {
  let done = false;
  stream.on('close', () => {
    done = true;
  });
  Stream.finished(stream, { readable: reading, writable: writing }, (error) => {
    done = !error;
  });
  return (error) => {
    if (done) return;
    done = true;
    // The pipeline's callback reports its error: a stage's own `error`
    // event, with no listener left, must not become an uncaught exception.
    if (typeof stream.on === 'function') stream.on('error', () => {});
    stream.destroy(error || coded(Error, 'ERR_STREAM_DESTROYED', 'Cannot call pipe after a stream was destroyed'));
  };
}

// Writes what `iterable` yields into `writable`, waiting for `drain`.
async function pump(iterable, writable, finish, end) {
  let failure = null;
  let wake = null;
  const resume = (error) => {
    if (error) failure = error;
    const next = wake;
    wake = null;
    if (next) next();
  };
  const wait = () =>
    new Promise((resolve, reject) => {
      if (failure) reject(failure);
      else wake = () => (failure ? reject(failure) : resolve());
    });
  writable.on('drain', resume);
  const cleanup = Stream.finished(writable, { readable: false }, resume);
  try {
    if (writable.writableNeedDrain) await wait();
    for await (const chunk of iterable) if (!writable.write(chunk)) await wait();
    if (end) {
      writable.end();
      await wait();
    }
    finish();
  } catch (error) {
    finish(error);
  } finally {
    cleanup();
    writable.off('drain', resume);
  }
}

// Pipes one Node stream into the next; two finishers: the source's end and
// the destination's finish (or only the source's with `end: false`).
function pipeStreams(source, dest, finish, end) {
  source.pipe(dest, { end });
  Stream.finished(source, { readable: true, writable: false }, finish);
  if (end) Stream.finished(dest, { readable: false, writable: true }, finish);
  return end ? 2 : 1;
}

function pipelineWith(stages, callback, options) {
  if (stages.length === 1 && Array.isArray(stages[0])) stages = stages[0];
  if (stages.length < 2) throw coded(TypeError, 'ERR_MISSING_ARGS', 'The "streams" argument must be specified');
  const outer = options?.signal;
  if (outer !== undefined && !isAbortSignal(outer)) throw invalidArg('options.signal', 'of type AbortSignal', outer);
  const controller = new AbortController();
  const signal = controller.signal;
  const destroys = [];
  let error = null;
  let value;
  let pending = 0;
  let called = false;
  const onAbort = () => settle(abortError(outer.reason));
  const finish = (failure) => settle(failure, --pending === 0);
  function settle(failure, last) {
    if (failure && (!error || error.code === 'ERR_STREAM_PREMATURE_CLOSE')) error = failure;
    if (!error && !last) return;
    while (destroys.length > 0) destroys.shift()(error);
    outer?.removeEventListener('abort', onAbort);
    controller.abort();
    if (last && !called) {
      called = true;
      later(callback, error ?? undefined, value);
    }
  }
  if (outer) outer.addEventListener('abort', onAbort, { once: true });

  let ret;
  stages.forEach((stage, i) => {
    const reading = i < stages.length - 1;
    const writing = i > 0;
    const end = reading || options?.end !== false;
    let current = stage;
    if (isWebTransform(current)) current = Duplex.fromWeb(current, { objectMode: true });
    else if (isWebWritable(current) && writing) current = Writable.fromWeb(current, { objectMode: true });
    if (isNodeStream(current)) {
      // A stream's error fails the pipeline at once; the callback still
      // waits for every stage to end (a generator's `finally` included).
      current.on('error', (failure) => {
        if (failure && failure.name !== 'AbortError' && failure.code !== 'ERR_STREAM_PREMATURE_CLOSE') settle(failure);
      });
      destroys.push(destroyer(current, reading, writing));
    }
    if (i === 0) {
      if (typeof current === 'function') {
        ret = current({ signal });
        if (!isIterable(ret)) throw invalidReturn('Iterable, AsyncIterable or Stream', 'source', ret);
      } else if (isIterable(current) || isReadableNode(current)) ret = current;
      else ret = duplexFrom(current);
    } else if (typeof current === 'function') {
      ret = current(ret, { signal });
      if (reading) {
        if (!isAsyncIterable(ret)) throw invalidReturn('AsyncIterable', `transform[${i - 1}]`, ret);
      } else {
        // The last function's result goes through a PassThrough, which
        // `pipeline` returns; a promise's value is also the callback's.
        const through = new PassThrough({ objectMode: true });
        const result = ret;
        if (typeof result?.then === 'function') {
          pending++;
          result.then(
            (resolved) => {
              value = resolved;
              if (resolved != null) through.write(resolved);
              if (end) through.end();
              later(finish);
            },
            (failure) => {
              through.destroy(failure);
              later(finish, failure);
            },
          );
        } else if (isAsyncIterable(result)) {
          pending++;
          pump(result, through, finish, end);
        } else throw invalidReturn('AsyncIterable or Promise', 'destination', result);
        ret = through;
        destroys.push(destroyer(through, false, true));
      }
    } else if (isNodeStream(current)) {
      if (isReadableNode(ret)) pending += pipeStreams(ret, current, finish, end);
      else if (isIterable(ret)) {
        pending++;
        pump(ret, current, finish, end);
      } else
        throw invalidArg(
          'val',
          'an instance of Readable, Iterable, AsyncIterable, ReadableStream, or TransformStream',
          ret,
        );
      ret = current;
    } else ret = duplexFrom(current);
  });
  if (signal.aborted || outer?.aborted) later(onAbort);
  return ret;
}

function pipeline(...stages) {
  const callback = stages[stages.length - 1];
  if (typeof callback !== 'function') throw invalidArg('streams[stream.length - 1]', 'of type function', callback);
  stages.pop();
  return pipelineWith(stages, callback);
}

// `stream/promises`' form: a last argument that is neither a stream nor an
// iterable holds `signal` and `end`.
function pipelinePromise(...stages) {
  return new Promise((resolve, reject) => {
    let options;
    const last = stages[stages.length - 1];
    if (
      last !== null &&
      typeof last === 'object' &&
      !isNodeStream(last) &&
      !isIterable(last) &&
      !isWebReadable(last) &&
      !isWebWritable(last) &&
      !isWebTransform(last)
    )
      options = stages.pop();
    pipelineWith(stages, (error, result) => (error ? reject(error) : resolve(result)), options);
  });
}

// ---- Duplex.from, for what pipeline and compose accept ----
// A function becomes a Duplex whose written chunks are the async iterable
// the function reads, and whose readable side is what it yields.
function duplexFrom(body) {
  if (isNodeStream(body)) return body;
  if (isWebReadable(body)) return Readable.fromWeb(body, { objectMode: true });
  if (isWebWritable(body)) return Writable.fromWeb(body, { objectMode: true });
  if (isWebTransform(body)) return Duplex.fromWeb(body, { objectMode: true });
  if (typeof body === 'function') return duplexFromFunction(body);
  if (isIterable(body)) return Readable.from(body);
  throw invalidArg('body', BODY, body);
}

function duplexFromFunction(fn) {
  const controller = new AbortController();
  let next = null;
  let waiting = null;
  // Each written chunk (or the end) is handed to the waiting iterator.
  const offer = (item) => {
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve(item);
    } else next = item;
  };
  const take = () => {
    if (next) {
      const item = next;
      next = null;
      return Promise.resolve(item);
    }
    return new Promise((resolve) => (waiting = resolve));
  };
  async function* written() {
    for (;;) {
      const { chunk, done, callback } = await take();
      later(callback);
      if (done) return;
      if (controller.signal.aborted) throw abortError(controller.signal.reason);
      yield chunk;
    }
  }
  const value = fn(written(), { signal: controller.signal });
  const write = (chunk, _encoding, callback) => offer({ chunk, done: false, callback });
  const final = (callback) => offer({ done: true, callback });
  const destroy = (error, callback) => {
    controller.abort();
    callback(error);
  };
  if (isIterable(value)) {
    const iterator = isAsyncIterable(value) ? value[Symbol.asyncIterator]() : value[Symbol.iterator]();
    return new Duplex({
      objectMode: true,
      highWaterMark: 1,
      write,
      final,
      destroy(error, callback) {
        if (typeof iterator.return === 'function') Promise.resolve(iterator.return()).catch(() => {});
        destroy(error, callback);
      },
      read() {
        // biome-ignore lint/complexity/noUselessThisAlias: see stream.js
        const stream = this;
        Promise.resolve(iterator.next()).then(
          (step) => {
            if (step.done) stream.push(null);
            else stream.push(step.value);
          },
          (error) => stream.destroy(error),
        );
      },
    });
  }
  if (typeof value?.then === 'function') {
    const duplex = new Duplex({
      objectMode: true,
      readable: false,
      write,
      final(callback) {
        final(() => value.then(() => callback(), callback));
      },
      destroy,
      read() {},
    });
    return duplex;
  }
  throw invalidReturn('Iterable, AsyncIterable or AsyncFunction', 'body', value);
}

// ---- compose ----
// One Duplex over a pipeline: writes go to the first stage, reads come from
// the last.
function compose(...stages) {
  if (stages.length === 0) throw coded(TypeError, 'ERR_MISSING_ARGS', 'The "streams" argument must be specified');
  if (stages.length === 1) return duplexFrom(stages[0]);
  stages = stages.map((stage, i) => (i === 0 || i === stages.length - 1 ? duplexFrom(stage) : stage));
  stages.forEach((stage, i) => {
    if (!isNodeStream(stage)) return;
    // As Node asks it: a Writable has no readable side, whatever `readable` says.
    if (i > 0 && !internal.isWritableNodeStream(stage))
      throw coded(TypeError, 'ERR_INVALID_ARG_VALUE', `The argument 'streams[${i}]' must be writable.`);
    if (i < stages.length - 1 && !internal.isReadableNodeStream(stage))
      throw coded(TypeError, 'ERR_INVALID_ARG_VALUE', `The argument 'streams[${i}]' must be readable.`);
  });
  const head = stages[0];
  let onDrain = null;
  let onFinish = null;
  // undefined while the pipeline runs, null once it has called back.
  let onClose;
  let composed = null;
  const tail = pipelineWith(stages, (error) => {
    const close = onClose;
    onClose = null;
    if (close) close(error);
    else if (error) composed.destroy(error);
    else if (!readable && !writable) composed.destroy();
  });
  const writable = head._w !== undefined && head.writable !== false;
  const readable = tail._r !== undefined && tail.readable !== false;
  composed = new Duplex({
    writableObjectMode: !!head.writableObjectMode,
    readableObjectMode: !!tail.readableObjectMode,
    writable,
    readable,
    destroy(error, callback) {
      if (!error && onClose !== null) error = abortError();
      onDrain = null;
      onFinish = null;
      if (onClose === null) callback(error);
      else {
        onClose = callback;
        tail.destroy(error);
      }
    },
  });
  if (writable) {
    composed._write = (chunk, encoding, callback) => {
      if (head.write(chunk, encoding)) callback();
      else onDrain = callback;
    };
    composed._final = (callback) => {
      head.end();
      onFinish = callback;
    };
    head.on('drain', () => {
      const drained = onDrain;
      onDrain = null;
      if (drained) drained();
    });
    tail.on('finish', () => {
      const done = onFinish;
      onFinish = null;
      if (done) done();
    });
  } else composed.end();
  if (readable) {
    tail.on('data', (chunk) => {
      if (!composed.push(chunk)) tail.pause();
    });
    tail.on('end', () => composed.push(null));
    composed._read = () => tail.resume();
  } else composed.push(null);
  return composed;
}

// `readable.compose(stream)`.
function composeWith(source, stream, options) {
  if (options != null && typeof options !== 'object') throw invalidArg('options', 'of type object', options);
  if (options?.signal != null && !isAbortSignal(options.signal))
    throw invalidArg('options.signal', 'of type AbortSignal', options.signal);
  if (isNodeStream(stream) && stream.writable === false)
    throw coded(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'stream' must be writable.");
  const composed = compose(source, stream);
  if (options?.signal) Stream.addAbortSignal(options.signal, composed);
  return composed;
}

return { pipeline, pipelinePromise, compose, composeWith, duplexFrom };
