// ---- node/readline.js: node:readline and node:readline/promises --------------------
// An Interface reads lines from `input` (any stream that emits `data` and
// `end`: a node:stream Readable, fs.createReadStream, a child's stdout). A
// line ends at \n, \r\n, a lone \r, U+2028 or U+2029; a \r at a chunk's end
// and a \n opening the next one are one ending when they come within
// `crlfDelay` ms. Bytes are decoded as UTF-8 across chunks. With
// `terminal: true` it reads keys instead (node/internal/readline/keys.js) and
// edits the line as a terminal does (editing.js), echoing to `output`.
const { EventEmitter } = need('node/events');
const { invalidArgValue, invalidArgType, outOfRange, useAfterClose } = need('node/internal/readline/errors');
const { editing, STATE } = need('node/internal/readline/editing');
const { emitKeypressEvents } = need('node/internal/readline/keys');
const cursor = need('node/internal/readline/cursor');

const HISTORY_SIZE = 30;
const MIN_CRLF_DELAY = 100;

// `text` cut at every line ending; the last piece is what follows the last
// ending. boa's `indexOf(x, from)` costs the length of the whole string and
// its regular-expression split about as much per piece, so the text is cut
// in windows of 1 KiB (slices are cheap) and each window searched alone.
const ITERATOR = Symbol('readline.iterator');
const WINDOW = 1024;
function splitLines(text) {
  const pieces = [];
  let open = [];
  for (let at = 0; at < text.length; ) {
    let end = Math.min(text.length, at + WINDOW);
    // A \r\n stays in one window.
    if (text.charCodeAt(end - 1) === 13 && end < text.length) end++;
    const window = splitWindow(text.slice(at, end));
    at = end;
    if (window.length === 1) {
      open.push(window[0]);
      continue;
    }
    open.push(window[0]);
    pieces.push(open.join(''));
    for (let i = 1; i < window.length - 1; i++) pieces.push(window[i]);
    open = [window[window.length - 1]];
  }
  pieces.push(open.join(''));
  return pieces;
}
function splitWindow(text) {
  const pieces = [];
  const nextSeparator = (from) => {
    const a = text.indexOf('\u2028', from);
    const b = text.indexOf('\u2029', from);
    return a === -1 ? b : b === -1 ? a : Math.min(a, b);
  };
  let from = 0;
  let lf = text.indexOf('\n');
  let cr = text.indexOf('\r');
  let sep = nextSeparator(0);
  for (;;) {
    let at = lf;
    if (cr !== -1 && (at === -1 || cr < at)) at = cr;
    if (sep !== -1 && (at === -1 || sep < at)) at = sep;
    if (at === -1) break;
    pieces.push(text.slice(from, at));
    from = at === cr && text.charCodeAt(at + 1) === 10 ? at + 2 : at + 1;
    if (lf !== -1 && lf < from) lf = text.indexOf('\n', from);
    if (cr !== -1 && cr < from) cr = text.indexOf('\r', from);
    if (sep !== -1 && sep < from) sep = nextSeparator(from);
  }
  pieces.push(text.slice(from));
  return pieces;
}

// The arguments as Node reads them: `(options)` or `(input, output,
// completer, terminal)`.
function readOptions(input, output, completer, terminal) {
  const options = {
    input,
    output,
    completer,
    terminal,
    history: undefined,
    historySize: undefined,
    removeHistoryDuplicates: false,
    crlfDelay: undefined,
    prompt: '> ',
    escapeCodeTimeout: 500,
    tabSize: 8,
    signal: undefined,
  };
  if (!(input && input.input)) return options;
  const given = input;
  Object.assign(options, {
    input: given.input,
    output: given.output,
    completer: given.completer,
    terminal: given.terminal,
    history: given.history,
    historySize: given.historySize,
    removeHistoryDuplicates: given.removeHistoryDuplicates,
    crlfDelay: given.crlfDelay,
    signal: given.signal,
  });
  if (given.tabSize !== undefined) {
    if (typeof given.tabSize !== 'number') throw invalidArgType('tabSize', 'number', given.tabSize);
    if (!Number.isInteger(given.tabSize)) throw outOfRange('tabSize', 'an integer', given.tabSize);
    if (given.tabSize < 1 || given.tabSize > 4294967295)
      throw outOfRange('tabSize', '>= 1 && <= 4294967295', given.tabSize);
    options.tabSize = given.tabSize;
  }
  if (given.prompt !== undefined) options.prompt = given.prompt;
  if (given.escapeCodeTimeout !== undefined) {
    if (!Number.isFinite(given.escapeCodeTimeout))
      throw invalidArgValue('input.escapeCodeTimeout', options.escapeCodeTimeout);
    options.escapeCodeTimeout = given.escapeCodeTimeout;
  }
  if (given.signal !== undefined && !(given.signal instanceof AbortSignal))
    throw invalidArgType('options.signal', 'AbortSignal', given.signal);
  return options;
}

// The interface both modules share; each exports its own `Interface` on it.
class InterfaceBase extends EventEmitter {
  constructor(input, output, completer, terminal) {
    super();
    const options = readOptions(input, output, completer, terminal);
    if (options.completer !== undefined && typeof options.completer !== 'function')
      throw invalidArgValue('completer', options.completer);
    if (options.history === undefined) options.history = [];
    else if (!Array.isArray(options.history)) throw invalidArgType('history', 'Array', options.history);
    const size = options.historySize === undefined ? HISTORY_SIZE : options.historySize;
    if (typeof size !== 'number') throw invalidArgType('size', 'number', size);
    if (!(size >= 0)) throw outOfRange('size', '>= 0', size);
    if (options.terminal === undefined && options.output !== null && options.output !== undefined)
      options.terminal = Boolean(options.output.isTTY);

    this[STATE] = {
      prompt: '',
      sawReturnAt: 0,
      previousKey: undefined,
      prevRows: 0,
      search: null,
      killRing: [],
      killAt: 0,
      yanking: false,
      undo: [],
      redo: [],
      buffered: '',
      decoder: null,
      question: null,
      oldPrompt: '',
      listeners: [],
    };
    this.isCompletionEnabled = true;
    this.escapeCodeTimeout = options.escapeCodeTimeout;
    this.tabSize = options.tabSize;
    this.input = options.input;
    this.output = options.output;
    this.history = options.history;
    this.historySize = size;
    this.historyIndex = -1;
    this.removeHistoryDuplicates = Boolean(options.removeHistoryDuplicates);
    this.crlfDelay = options.crlfDelay ? Math.max(MIN_CRLF_DELAY, options.crlfDelay) : MIN_CRLF_DELAY;
    this.completer = this._wrapCompleter(options.completer);
    this.setPrompt(options.prompt);
    this.terminal = Boolean(options.terminal);
    this.line = '';

    const state = this[STATE];
    const listen = (emitter, event, listener) => {
      emitter.on(event, listener);
      state.listeners.push([emitter, event, listener]);
    };
    const inputStream = this.input;
    listen(inputStream, 'error', (error) => this.emit('error', error));
    if (!this.terminal) {
      const { StringDecoder } = need('node/string_decoder').module;
      state.decoder = new StringDecoder('utf8');
      listen(inputStream, 'data', (chunk) => this._normalWrite(chunk));
      listen(inputStream, 'end', () => {
        if (state.buffered.length > 0) this.emit('line', state.buffered);
        state.buffered = '';
        this.close();
      });
    } else {
      emitKeypressEvents(inputStream, this);
      listen(inputStream, 'keypress', (s, key) => this._ttyWrite(s, key));
      listen(inputStream, 'end', () => {
        if (this.line.length > 0) this.emit('line', this.line);
        this.close();
      });
      this._setRawMode(true);
      this.cursor = 0;
      if (this.output !== null && this.output !== undefined)
        listen(this.output, 'resize', () => {
          this._refreshLine();
          this.emit('resize');
        });
    }
    this.once('close', () => {
      for (const [emitter, event, listener] of state.listeners.splice(0)) emitter.removeListener(event, listener);
    });
    const signal = options.signal;
    if (signal) {
      const onAbort = () => this.close();
      if (signal.aborted) process.nextTick(onAbort);
      else {
        signal.addEventListener('abort', onAbort, { once: true });
        this.once('close', () => signal.removeEventListener('abort', onAbort));
      }
    }
    // (The runtime's child output streams have no pause or resume.)
    if (typeof inputStream.resume === 'function') inputStream.resume();
  }

  // A completer answers `[completions, completedText]`: the callback form
  // takes `(line, callback)`, any other returns the answer.
  _wrapCompleter(completer) {
    if (typeof completer !== 'function' || completer.length === 2) return completer;
    return (line, callback) => callback(null, completer(line));
  }

  _setRawMode(mode) {
    const was = this.input.isRaw;
    if (typeof this.input.setRawMode === 'function') this.input.setRawMode(mode);
    return was;
  }

  // Text (bytes or a string) from a non-terminal input.
  _normalWrite(chunk) {
    if (chunk === undefined) return;
    const state = this[STATE];
    let text = typeof chunk === 'string' ? chunk : state.decoder.write(chunk);
    if (state.sawReturnAt && Date.now() - state.sawReturnAt <= this.crlfDelay) {
      if (text.startsWith('\n')) text = text.slice(1);
      state.sawReturnAt = 0;
    }
    // What was buffered holds no line ending: only the new text is searched.
    const lines = splitLines(text);
    lines[0] = state.buffered + lines[0];
    state.buffered = lines.pop();
    if (lines.length === 0) return;
    state.sawReturnAt = text.endsWith('\r') ? Date.now() : 0;
    for (const line of lines) this._onLine(line);
  }

  // A whole line: the answer to a pending question, else a `line` event.
  _onLine(line) {
    const state = this[STATE];
    if (state.question) {
      const answer = state.question;
      state.question = null;
      this.setPrompt(state.oldPrompt);
      answer(line);
    } else {
      this.emit('line', line);
    }
  }

  setPrompt(prompt) {
    this[STATE].prompt = prompt;
  }
  getPrompt() {
    return this[STATE].prompt;
  }
  prompt(preserveCursor) {
    if (this.paused) this.resume();
    if (this.terminal && process.env.TERM !== 'dumb') {
      if (!preserveCursor) this.cursor = 0;
      this._refreshLine();
    } else {
      this._writeToOutput(this.getPrompt());
    }
  }

  question(query, options, callback) {
    callback = typeof options === 'function' ? options : callback;
    if (options !== null && typeof options === 'object' && options.signal) {
      const signal = options.signal;
      if (!(signal instanceof AbortSignal)) throw invalidArgType('options.signal', 'AbortSignal', signal);
      if (signal.aborted) return;
      const onAbort = () => this._cancelQuestion();
      signal.addEventListener('abort', onAbort, { once: true });
      const cleanup = () => signal.removeEventListener('abort', onAbort);
      const original = callback;
      callback =
        typeof original === 'function'
          ? (answer) => {
              cleanup();
              return original(answer);
            }
          : cleanup;
    }
    if (typeof callback === 'function') this._question(query, callback);
  }
  _question(query, callback) {
    if (this.closed) throw useAfterClose();
    const state = this[STATE];
    if (state.question) {
      this.prompt();
      return;
    }
    state.oldPrompt = state.prompt;
    this.setPrompt(query);
    state.question = callback;
    this.prompt();
  }
  _cancelQuestion() {
    const state = this[STATE];
    if (!state.question) return;
    state.question = null;
    this.setPrompt(state.oldPrompt);
    this.clearLine();
  }

  pause() {
    if (this.paused) return;
    if (typeof this.input.pause === 'function') this.input.pause();
    this.paused = true;
    this.emit('pause');
    return this;
  }
  resume() {
    if (!this.paused) return;
    if (typeof this.input.resume === 'function') this.input.resume();
    this.paused = false;
    this.emit('resume');
    return this;
  }
  write(data, key) {
    if (this.closed) throw useAfterClose();
    if (this.paused) this.resume();
    if (this.terminal) this._ttyWrite(data, key);
    else this._normalWrite(data);
  }
  close() {
    if (this.closed) return;
    this.pause();
    if (this.terminal) this._setRawMode(false);
    this.closed = true;
    this.emit('close');
  }
  [Symbol.dispose ?? Symbol.for('nodejs.dispose')]() {
    this.close();
  }
  [Symbol.asyncIterator]() {
    if (this[ITERATOR] === undefined) this[ITERATOR] = need('node/internal/readline/lines').lineIterator(this);
    return this[ITERATOR];
  }
}
Object.defineProperties(InterfaceBase.prototype, Object.getOwnPropertyDescriptors(editing));
// The non-terminal form has no cursor to clear: a cancelled question
// starts a new output line.
const terminalClearLine = InterfaceBase.prototype.clearLine;
Object.defineProperty(InterfaceBase.prototype, 'clearLine', {
  value(...args) {
    if (this.terminal) return terminalClearLine.apply(this, args);
    this._writeToOutput('\r\n');
    this.line = '';
  },
  writable: true,
  configurable: true,
});

// node:readline's Interface, also called without `new`, as in Node.
function Interface(input, output, completer, terminal) {
  return Reflect.construct(InterfaceBase, [input, output, completer, terminal], new.target || Interface);
}
Object.setPrototypeOf(Interface.prototype, InterfaceBase.prototype);
Object.setPrototypeOf(Interface, InterfaceBase);
Object.defineProperty(Interface.prototype, 'constructor', { value: Interface, writable: true, configurable: true });

// node:readline/promises: `question` answers with a promise, a completer
// may answer with one.
class PromisesInterface extends InterfaceBase {
  _wrapCompleter(completer) {
    if (typeof completer !== 'function') return completer;
    return (line, callback) => {
      let answer;
      try {
        answer = completer(line);
      } catch (error) {
        callback(error);
        return;
      }
      Promise.resolve(answer).then((value) => callback(null, value), callback);
    };
  }
  question(query, options = {}) {
    return new Promise((resolve, reject) => {
      let callback = resolve;
      const signal = options && options.signal;
      if (signal) {
        if (!(signal instanceof AbortSignal)) throw invalidArgType('options.signal', 'AbortSignal', signal);
        if (signal.aborted) {
          reject(abortError(signal));
          return;
        }
        const onAbort = () => {
          this._cancelQuestion();
          reject(abortError(signal));
        };
        signal.addEventListener('abort', onAbort, { once: true });
        callback = (answer) => {
          signal.removeEventListener('abort', onAbort);
          resolve(answer);
        };
      }
      this._question(query, callback);
    });
  }
}

// Node's AbortError: `name` 'AbortError', `code` 'ABORT_ERR', the signal's
// reason as `cause`.
function abortError(signal) {
  const error = new Error('The operation was aborted');
  error.name = 'AbortError';
  error.code = 'ABORT_ERR';
  error.cause = signal.reason;
  return error;
}

// node:readline/promises' Readline: cursor actions kept until `commit()`
// writes them (or written on the next tick with `autoCommit`).
class Readline {
  #stream;
  #todo = [];
  #autoCommit = false;
  constructor(stream, options = undefined) {
    if (!stream || typeof stream.write !== 'function') throw invalidArgType('stream', 'Writable', stream);
    this.#stream = stream;
    if (options && options.autoCommit !== undefined && options.autoCommit !== null) {
      if (typeof options.autoCommit !== 'boolean')
        throw invalidArgType('options.autoCommit', 'boolean', options.autoCommit);
      this.#autoCommit = options.autoCommit;
    }
  }
  #add(text) {
    if (this.#autoCommit) process.nextTick(() => this.#stream.write(text));
    else this.#todo.push(text);
    return this;
  }
  cursorTo(x, y = undefined) {
    checkInteger(x, 'x');
    if (y !== undefined && y !== null) checkInteger(y, 'y');
    return this.#add(y === undefined || y === null ? `\x1b[${x + 1}G` : `\x1b[${y + 1};${x + 1}H`);
  }
  moveCursor(dx, dy) {
    if (!dx && !dy) return this;
    checkInteger(dx, 'dx');
    checkInteger(dy, 'dy');
    let text = '';
    if (dx < 0) text += `\x1b[${-dx}D`;
    else if (dx > 0) text += `\x1b[${dx}C`;
    if (dy < 0) text += `\x1b[${-dy}A`;
    else if (dy > 0) text += `\x1b[${dy}B`;
    return this.#add(text);
  }
  clearLine(dir) {
    checkInteger(dir, 'dir', -1, 1);
    return this.#add(dir < 0 ? '\x1b[1K' : dir > 0 ? '\x1b[0K' : '\x1b[2K');
  }
  clearScreenDown() {
    return this.#add('\x1b[0J');
  }
  commit() {
    return new Promise((resolve) => {
      this.#stream.write(this.#todo.join(''), resolve);
      this.#todo = [];
    });
  }
  rollback() {
    this.#todo = [];
    return this;
  }
}

function checkInteger(value, name, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) {
  if (typeof value !== 'number') throw invalidArgType(name, 'number', value);
  if (!Number.isInteger(value)) throw outOfRange(name, 'an integer', value);
  if (value < min || value > max) throw outOfRange(name, `>= ${min} && <= ${max}`, value);
}

Object.defineProperty(PromisesInterface, 'name', { value: 'Interface' });
const promises = {
  Interface: PromisesInterface,
  Readline,
  createInterface: (input, output, completer, terminal) => new PromisesInterface(input, output, completer, terminal),
};
const readline = {
  Interface,
  clearLine: cursor.clearLine,
  clearScreenDown: cursor.clearScreenDown,
  createInterface: (input, output, completer, terminal) => new Interface(input, output, completer, terminal),
  cursorTo: cursor.cursorTo,
  emitKeypressEvents,
  moveCursor: cursor.moveCursor,
  promises,
};

return { readline, promises };
