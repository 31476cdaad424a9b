// ---- node/readline.js: node:readline and node:readline/promises --------------------
// Lines read from any stream that emits 'data' and 'end' (a node:stream
// Readable, fs.createReadStream, a child's stdout). A line ends at \n, \r\n or
// a lone \r, as in Node; text split across chunks (a UTF-8 character, a \r\n)
// is joined first. There is no terminal: prompts are written to `output`.
const { EventEmitter } = need('node/events');

class Interface extends EventEmitter {
  #input;
  #output;
  #decoder = new TextDecoder();
  #partial = '';
  #afterCR = false;
  #answers = [];
  #prompt = '> ';
  #onData;
  #onEnd;
  constructor(input, output, completer, terminal) {
    super();
    const options = input && typeof input.on === 'function' ? { input, output, terminal } : input || {};
    this.#input = options.input;
    this.#output = options.output;
    if (options.prompt !== undefined) this.#prompt = String(options.prompt);
    this.terminal = false;
    this.line = '';
    this.closed = false;
    this.#onData = (chunk) =>
      this.#feed(typeof chunk === 'string' ? chunk : this.#decoder.decode(chunk, { stream: true }));
    this.#onEnd = () => {
      this.#feed(this.#decoder.decode());
      if (this.#partial !== '') this.#line(this.#partial);
      this.#partial = '';
      this.close();
    };
    if (this.#input) {
      this.#input.on('data', this.#onData);
      this.#input.on('end', this.#onEnd);
      this.#input.on('close', this.#onEnd);
      this.#input.resume?.();
    }
  }
  #feed(text) {
    for (const ch of text) {
      if (this.#afterCR && ch === '\n') {
        this.#afterCR = false;
        continue;
      }
      this.#afterCR = ch === '\r';
      if (ch === '\n' || ch === '\r') {
        const line = this.#partial;
        this.#partial = '';
        this.#line(line);
        if (this.closed) return;
      } else {
        this.#partial += ch;
      }
    }
  }
  #line(line) {
    const answer = this.#answers.shift();
    if (answer) answer(line);
    else this.emit('line', line);
  }
  question(query, options, callback) {
    if (typeof options === 'function') callback = options;
    if (this.closed) {
      const error = new Error('readline was closed');
      error.code = 'ERR_USE_AFTER_CLOSE';
      throw error;
    }
    this.#output?.write?.(String(query));
    this.#answers.push(callback);
  }
  setPrompt(prompt) {
    this.#prompt = String(prompt);
  }
  getPrompt() {
    return this.#prompt;
  }
  prompt() {
    this.#output?.write?.(this.#prompt);
  }
  write(data) {
    this.#output?.write?.(data);
  }
  pause() {
    this.#input?.pause?.();
    this.emit('pause');
    return this;
  }
  resume() {
    this.#input?.resume?.();
    this.emit('resume');
    return this;
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    if (this.#input) {
      this.#input.off('data', this.#onData);
      this.#input.off('end', this.#onEnd);
      this.#input.off('close', this.#onEnd);
    }
    this.emit('close');
  }
  // Lines from now on, ending when the interface closes.
  [Symbol.asyncIterator]() {
    const queue = [];
    const waiting = [];
    const onLine = (line) => {
      const next = waiting.shift();
      if (next) next({ value: line, done: false });
      else queue.push(line);
    };
    const onClose = () => {
      for (const next of waiting.splice(0)) next({ value: undefined, done: true });
    };
    this.on('line', onLine);
    this.once('close', onClose);
    return {
      next: () => {
        if (queue.length) return Promise.resolve({ value: queue.shift(), done: false });
        if (this.closed) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => waiting.push(resolve));
      },
      return: () => {
        this.off('line', onLine);
        this.close();
        return Promise.resolve({ value: undefined, done: true });
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }
}

class PromisesInterface extends Interface {
  question(query, options) {
    return new Promise((resolve) => super.question(query, options, resolve));
  }
}

// Terminal cursor control: the escape sequences written to `stream`.
function writeControl(stream, text, callback) {
  stream?.write?.(text);
  if (typeof callback === 'function') queueMicrotask(callback);
  return true;
}
const cursorTo = (stream, x, y, callback) =>
  writeControl(
    stream,
    typeof y === 'number' ? `\x1b[${y + 1};${x + 1}H` : `\x1b[${x + 1}G`,
    typeof y === 'function' ? y : callback,
  );
const moveCursor = (stream, dx, dy, callback) =>
  writeControl(
    stream,
    (dx < 0 ? `\x1b[${-dx}D` : dx > 0 ? `\x1b[${dx}C` : '') + (dy < 0 ? `\x1b[${-dy}A` : dy > 0 ? `\x1b[${dy}B` : ''),
    callback,
  );
const clearLine = (stream, dir, callback) =>
  writeControl(stream, dir < 0 ? '\x1b[1K' : dir > 0 ? '\x1b[0K' : '\x1b[2K', callback);
const clearScreenDown = (stream, callback) => writeControl(stream, '\x1b[0J', callback);

const promises = {
  Interface: PromisesInterface,
  createInterface: (input, output, completer, terminal) => new PromisesInterface(input, output, completer, terminal),
};
const readline = {
  Interface,
  clearLine,
  clearScreenDown,
  createInterface: (input, output, completer, terminal) => new Interface(input, output, completer, terminal),
  cursorTo,
  emitKeypressEvents: () => {},
  moveCursor,
  promises,
};

return { readline, promises };
