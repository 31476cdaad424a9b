// The tool `cargo xtask node-tests` calls once per Node test file, in a
// throwaway project: it runs the file as Node would run it as a program and
// answers `{ status: 'pass' | 'skip' | 'fail', error }`.
//
// A tool call has no process to exit, so this gives the file one: `exit` is
// emitted (and the stand-in common's call counts checked) once the file's work
// is done, which is when no timer it set is pending and nothing it started
// has shown a sign of life for a quiet spell (150 ms, or 3 s while a mustCall
// function has not yet had its calls). `process.exit(code)` ends the file
// there; an uncaught error fails it at once, as it ends a Node process.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const EXIT = Symbol.for('beeuni.node-tests.exit');
const QUIET_MS = 150;
const EXPECTING_MS = 3000;
const POLL_MS = 10;

function describe(error) {
  if (error && typeof error === 'object' && error[EXIT] !== undefined) return `process.exit(${error.code})`;
  let text;
  if (error instanceof Error) text = `${error.name}: ${error.message}`;
  else {
    try {
      text = `thrown: ${require('node:util').inspect(error)}`;
    } catch {
      text = `thrown: ${String(error)}`;
    }
  }
  const stack = error instanceof Error ? String(error.stack || '') : '';
  if (error instanceof TypeError && /^(not a callable function|not a constructor|cannot convert )/.test(error.message)) {
    // The engine's message names nothing: name the expression it failed on.
    text += ` (${culprit(stack)})`;
  }
  const where = stack.split('\n').find((l) => /test-[^/\\]*\.m?js:\d+/.test(l));
  return where ? `${text}\n    ${where.trim()}` : text;
}

// The first test that failed, when the file ran `node:test` tests (a
// failed one sets the exit code, as in Node, and the runtime's node:test
// keeps what failed under this symbol).
function failedTest() {
  const key = Symbol.for('beeuni.node-test.failures');
  try {
    const failures = require('node:test')[key];
    return failures && failures[0];
  } catch {
    return undefined;
  }
}

// What the top frame of `stack` was running: the runtime's own file, or the
// callee written at that line and column of the test (or common) file.
function culprit(stack) {
  const frames = stack.split('\n').filter((l) => /^\s+at /.test(l));
  const top = frames[0] || '';
  const prelude = /beeuni:prelude\/([^:)]+):(\d+)/.exec(top);
  if (prelude) return `in the runtime, ${prelude[1]}:${prelude[2]}`;
  const place = /\(?(\/[^():]+):(\d+):(\d+)\)?\s*$/.exec(top);
  if (!place) return 'no frame';
  let line;
  try {
    line = require('node:fs').readFileSync(place[1], 'utf8').split('\n')[Number(place[2]) - 1] || '';
  } catch {
    return 'no source';
  }
  const at = Number(place[3]) - 1;
  const chain = /[\w$.\]\[?'"]/;
  if (line.startsWith('new ', at)) {
    let end = at + 4;
    while (end < line.length && chain.test(line[end])) end++;
    return line.slice(at, end);
  }
  let from = line[at] === '(' ? at : at + 1;
  let start = from;
  while (start > 0 && chain.test(line[start - 1])) start--;
  const callee = line.slice(start, from);
  return callee ? `${callee}(…)` : line.trim().slice(0, 60);
}

export default {
  description: "Runs one of Node's own test files and reports whether it passed.",
  parameters: {
    type: 'object',
    properties: { file: { type: 'string', description: 'the test file, relative to the project' } },
    required: ['file'],
  },
  execute({ file }) {
    const state = require('../test/common/state.js');
    const path = require('node:path');
    const absolute = path.resolve(process.cwd(), file);
    const real = {
      setTimeout: globalThis.setTimeout,
      clearTimeout: globalThis.clearTimeout,
    };
    let done;
    const finished = new Promise((resolve) => {
      done = resolve;
    });
    let over = false;
    const finish = (status, error) => {
      if (over) return;
      over = true;
      done(JSON.stringify({ status, error }));
    };

    // ---- what keeps a Node process alive: timers it set, ref'd -------------
    const live = new Set();
    // The runtime's handles say themselves whether they still hold the
    // loop: cleared by any route (an id from `+timeout`, `Symbol.dispose`,
    // `close()`) they are destroyed, and unref'd they do not hold it.
    const holds = (handle) =>
      !(handle && typeof handle === 'object') ||
      (handle._destroyed !== true && (typeof handle.hasRef !== 'function' || handle.hasRef()));
    const alive = () => {
      for (const handle of live) if (!holds(handle)) live.delete(handle);
      return live.size;
    };
    const track = (name, kind) => {
      for (const holder of timerHolders()) {
        const original = holder[name];
        if (typeof original !== 'function' || original.__nodeTests) continue;
        const wrapped = function (callback, ...rest) {
          if (typeof callback !== 'function') return original.call(this, callback, ...rest);
          let handle;
          const run = function (...args) {
            // An unref'd timer firing keeps nothing alive, in Node as here.
            if (!(handle && typeof handle.hasRef === 'function') || handle.hasRef()) state.touch();
            if (kind !== 'interval') live.delete(handle);
            return Reflect.apply(callback, this, args);
          };
          handle = original.call(this, run, ...rest);
          live.add(handle);
          if (handle && typeof handle === 'object') {
            const { unref, ref } = handle;
            if (typeof unref === 'function') {
              handle.unref = function () {
                live.delete(handle);
                return unref.call(this);
              };
            }
            if (typeof ref === 'function') {
              handle.ref = function () {
                live.add(handle);
                return ref.call(this);
              };
            }
          }
          return handle;
        };
        wrapped.__nodeTests = true;
        Object.defineProperty(wrapped, 'name', { value: original.name, configurable: true });
        try {
          holder[name] = wrapped;
        } catch {}
      }
    };
    const untrack = (name) => {
      for (const holder of timerHolders()) {
        const original = holder[name];
        if (typeof original !== 'function' || original.__nodeTests) continue;
        const wrapped = function (handle) {
          live.delete(handle);
          return original.call(this, handle);
        };
        wrapped.__nodeTests = true;
        try {
          holder[name] = wrapped;
        } catch {}
      }
    };
    function timerHolders() {
      const holders = [globalThis];
      try {
        holders.push(require('node:timers'));
      } catch {}
      return holders;
    }
    track('setTimeout', 'timeout');
    track('setInterval', 'interval');
    track('setImmediate', 'immediate');
    untrack('clearTimeout');
    untrack('clearInterval');
    untrack('clearImmediate');

    // ---- signs of life: events emitted, ticks queued -------------------------
    const EventEmitter = require('node:events');
    const emit = EventEmitter.prototype.emit;
    EventEmitter.prototype.emit = function (...args) {
      state.touch();
      return emit.apply(this, args);
    };
    const nextTick = process.nextTick;
    process.nextTick = function (fn, ...args) {
      state.touch();
      return nextTick.call(this, fn, ...args);
    };

    // ---- a process's end ----------------------------------------------------
    const exitWith = (code) => {
      const signal = new Error(`process.exit(${code})`);
      signal[EXIT] = code;
      signal.code = code;
      return signal;
    };
    process.exit = (code) => {
      throw exitWith(code === undefined ? (process.exitCode ?? 0) : code);
    };
    process.reallyExit = process.exit;
    const end = (code) => {
      if (over) return;
      process._exiting = true;
      let status = Number(code) || 0;
      try {
        emit.call(process, 'exit', status);
      } catch (error) {
        if (error && error[EXIT] !== undefined) status = Number(error[EXIT]) || 0;
        else return finish('fail', `an exit listener threw: ${describe(error)}`);
      }
      if (status === 0 && process.exitCode) status = Number(process.exitCode) || 0;
      const firstUnseen = state.errors.find((e) => !(e && e[EXIT] !== undefined));
      if (status !== 0) {
        if (firstUnseen) return finish('fail', describe(firstUnseen));
        const failed = failedTest();
        if (failed) return finish('fail', `node:test "${failed.name}" failed: ${describe(failed.error)}`);
        return finish('fail', state.exitReason || `exited with code ${status}`);
      }
      if (state.skipped !== undefined) return finish('skip', state.skipped);
      finish('pass');
    };
    const fatal = (error) => {
      if (over) return;
      if (error && error[EXIT] !== undefined) return end(error[EXIT]);
      finish('fail', describe(error));
    };
    // The runtime hands an error a timer callback threw to these listeners;
    // with no listener of the file's own, it ends the file as it ends a Node
    // process.
    const onUncaught = (error) => {
      if (error && error[EXIT] !== undefined) return end(error[EXIT]);
      state.consume(error);
      if (process.listenerCount('uncaughtException') > 1) return;
      fatal(error);
    };
    process.on('uncaughtException', onUncaught);

    // ---- idle: the loop would be empty ---------------------------------------
    let beforeExitSent = -1;
    const poll = () => {
      if (over) return;
      const quiet = state.unmet() && state.errors.length === 0 ? EXPECTING_MS : QUIET_MS;
      if (alive() === 0 && Date.now() - state.lastActivity >= quiet) {
        if (beforeExitSent !== state.activity && process.listenerCount('beforeExit') > 0) {
          try {
            emit.call(process, 'beforeExit', process.exitCode ?? 0);
          } catch (error) {
            return fatal(error);
          }
          beforeExitSent = state.activity;
          real.setTimeout(poll, POLL_MS);
          return;
        }
        return end(process.exitCode ?? 0);
      }
      real.setTimeout(poll, POLL_MS);
    };

    state.touch();
    try {
      if (absolute.endsWith('.mjs')) {
        import(pathToFileURL(absolute).href).then(
          () => real.setTimeout(poll, POLL_MS),
          (error) => fatal(error),
        );
      } else {
        require(absolute);
        real.setTimeout(poll, POLL_MS);
      }
    } catch (error) {
      fatal(error);
    }
    return finished;
  },
};
