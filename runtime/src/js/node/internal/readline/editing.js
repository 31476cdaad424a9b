// ---- node/internal/readline/editing.js: the line editor of a terminal interface ----
// With `terminal: true` an Interface reads keys (`keypress`), not lines: this
// edits `rl.line` at `rl.cursor` as a terminal's line editor does (Emacs
// keys, words, history, tab completion) and redraws the prompt and line on
// `output` with ANSI sequences.
const cursor = () => need('node/internal/readline/cursor');

const STATE = Symbol('readline.state');
const KILL_RING_SIZE = 32;
const UNDO_SIZE = 2048;

// Display width of text as a terminal shows it: ANSI sequences take no room.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escapes are what it strips
const ANSI = /\x1b\[[0-9;]*[A-Za-z]|\x1b\][^\x07]*\x07/g;
function width(text) {
  let n = 0;
  for (const ch of String(text).replace(ANSI, '')) {
    const code = ch.codePointAt(0);
    if (code < 0x20 || (code >= 0x7f && code < 0xa0) || (code >= 0x300 && code < 0x370) || code === 0x200b) continue;
    n += isWide(code) ? 2 : 1;
  }
  return n;
}
function isWide(code) {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1f64f) ||
    (code >= 0x1f900 && code <= 0x1f9ff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

// Where `text` leaves the cursor on a screen `columns` wide (Infinity when
// the output does not say): a tab goes to the next multiple of `tabSize`, a
// wide character that would straddle the edge starts the next row.
function position(text, columns, tabSize = 8) {
  let rows = 0;
  let offset = 0;
  const lines = String(text).replace(ANSI, '').split(/\r?\n/);
  lines.forEach((line, i) => {
    if (i > 0) {
      rows += Math.ceil(offset / columns) || 1;
      offset = 0;
    }
    for (const ch of line) {
      if (ch === '\t') {
        offset += tabSize - (offset % tabSize);
        continue;
      }
      const w = width(ch);
      if (w === 2 && (offset + 1) % columns === 0) offset++;
      offset += w;
    }
  });
  const cols = offset % columns;
  return { cols, rows: rows + (offset - cols) / columns };
}

// The length of the code point before (back) or at `at`.
function charBefore(text, at) {
  const code = text.codePointAt(at - 2);
  return at >= 2 && code > 0xffff ? 2 : at > 0 ? 1 : 0;
}
function charAt(text, at) {
  const code = text.codePointAt(at);
  return code === undefined ? 0 : code > 0xffff ? 2 : 1;
}

// Words, as the editor moves over them: a run of word characters or of
// punctuation, with the spaces before it (left) or after it (right).
function wordLeftOf(line, at) {
  const before = line.slice(0, at);
  const match = /(?:\w+|[^\w\s]+)?\s*$/.exec(before);
  return at - match[0].length;
}
function wordRightOf(line, at) {
  const after = line.slice(at);
  const match = /^(?:\s+|[^\w\s]+|\w+)\s*/.exec(after);
  return at + (match ? match[0].length : 0);
}

function commonPrefix(strings) {
  if (strings.length === 0) return '';
  let prefix = strings[0];
  for (const s of strings) {
    let i = 0;
    while (i < prefix.length && i < s.length && prefix[i] === s[i]) i++;
    prefix = prefix.slice(0, i);
  }
  return prefix;
}

const editing = {
  get columns() {
    return this.output && this.output.columns ? this.output.columns : Infinity;
  },
  _writeToOutput(text) {
    if (typeof text !== 'string') {
      const { invalidArgType } = need('node/internal/readline/errors');
      throw invalidArgType('stringToWrite', 'string', text);
    }
    if (this.output !== null && this.output !== undefined) this.output.write(text);
  },
  getCursorPos() {
    return position(this.getPrompt() + this.line.slice(0, this.cursor), this.columns, this.tabSize);
  },
  _refreshLine() {
    const state = this[STATE];
    const shown = this.getPrompt() + this.line;
    const end = position(shown, this.columns, this.tabSize);
    if (state.prevRows > 0) cursor().moveCursor(this.output, 0, -state.prevRows);
    cursor().cursorTo(this.output, 0);
    cursor().clearScreenDown(this.output);
    this._writeToOutput(shown);
    if (end.cols === 0) this._writeToOutput(' ');
    const at = this.getCursorPos();
    cursor().cursorTo(this.output, at.cols);
    const up = end.rows - at.rows;
    if (up > 0) cursor().moveCursor(this.output, 0, -up);
    state.prevRows = at.rows;
  },
  _insertString(text) {
    this._beforeEdit();
    if (this.cursor < this.line.length) {
      this.line = this.line.slice(0, this.cursor) + text + this.line.slice(this.cursor);
      this.cursor += text.length;
      this._refreshLine();
      return;
    }
    const before = this.getCursorPos();
    this.line += text;
    this.cursor += text.length;
    const after = this.getCursorPos();
    if (before.rows !== after.rows || after.cols === 0) this._refreshLine();
    else this._writeToOutput(text);
  },
  _moveCursor(dx) {
    if (dx === 0) return;
    const before = this.getCursorPos();
    this.cursor = Math.max(0, Math.min(this.line.length, this.cursor + dx));
    const after = this.getCursorPos();
    if (before.rows === after.rows) cursor().moveCursor(this.output, after.cols - before.cols, 0);
    else this._refreshLine();
  },
  _deleteLeft() {
    if (this.cursor === 0 || this.line.length === 0) return;
    this._beforeEdit();
    const n = charBefore(this.line, this.cursor);
    this.line = this.line.slice(0, this.cursor - n) + this.line.slice(this.cursor);
    this.cursor -= n;
    this._refreshLine();
  },
  _deleteRight() {
    if (this.cursor >= this.line.length) return;
    this._beforeEdit();
    this.line = this.line.slice(0, this.cursor) + this.line.slice(this.cursor + charAt(this.line, this.cursor));
    this._refreshLine();
  },
  _deleteWordLeft() {
    if (this.cursor === 0) return;
    this._beforeEdit();
    const to = wordLeftOf(this.line, this.cursor);
    this.line = this.line.slice(0, to) + this.line.slice(this.cursor);
    this.cursor = to;
    this._refreshLine();
  },
  _deleteWordRight() {
    if (this.cursor >= this.line.length) return;
    this._beforeEdit();
    const to = wordRightOf(this.line, this.cursor);
    this.line = this.line.slice(0, this.cursor) + this.line.slice(to);
    this._refreshLine();
  },
  _deleteLineLeft() {
    this._beforeEdit();
    this._kill(this.line.slice(0, this.cursor));
    this.line = this.line.slice(this.cursor);
    this.cursor = 0;
    this._refreshLine();
  },
  _deleteLineRight() {
    this._beforeEdit();
    this._kill(this.line.slice(this.cursor));
    this.line = this.line.slice(0, this.cursor);
    this._refreshLine();
  },
  // Undo (ctrl-_) and redo (ctrl-^): each edit keeps the line before it.
  _beforeEdit() {
    const undo = this[STATE].undo;
    undo.push({ text: this.line, cursor: this.cursor });
    if (undo.length > UNDO_SIZE) undo.shift();
  },
  _undo() {
    const state = this[STATE];
    if (state.undo.length === 0) return;
    state.redo.push({ text: this.line, cursor: this.cursor });
    const entry = state.undo.pop();
    this.line = entry.text;
    this.cursor = entry.cursor;
    this._refreshLine();
  },
  _redo() {
    const state = this[STATE];
    if (state.redo.length === 0) return;
    state.undo.push({ text: this.line, cursor: this.cursor });
    const entry = state.redo.pop();
    this.line = entry.text;
    this.cursor = entry.cursor;
    this._refreshLine();
  },
  // The kill ring: text cut by the line kills (not the word deletes), the
  // newest first, for ctrl-y to yank back and meta-y to cycle through.
  _kill(text) {
    const state = this[STATE];
    if (!text || text === state.killRing[0]) return;
    state.killRing.unshift(text);
    state.killAt = 0;
    if (state.killRing.length > KILL_RING_SIZE) state.killRing.pop();
  },
  _yank() {
    const state = this[STATE];
    if (state.killRing.length === 0) return;
    state.yanking = true;
    this._insertString(state.killRing[state.killAt]);
  },
  _yankPop() {
    const state = this[STATE];
    if (!state.yanking || state.killRing.length < 2) return;
    this._beforeEdit();
    const last = state.killRing[state.killAt];
    state.killAt = (state.killAt + 1) % state.killRing.length;
    const next = state.killRing[state.killAt];
    const head = this.line.slice(0, this.cursor - last.length);
    this.line = head + next + this.line.slice(this.cursor);
    this.cursor = head.length + next.length;
    this._refreshLine();
  },
  _wordLeft() {
    if (this.cursor > 0) this._moveCursor(wordLeftOf(this.line, this.cursor) - this.cursor);
  },
  _wordRight() {
    if (this.cursor < this.line.length) this._moveCursor(wordRightOf(this.line, this.cursor) - this.cursor);
  },
  // The line ends: it goes into the history and out as a `line`.
  _line() {
    const line = this._addHistory();
    this[STATE].undo = [];
    this.clearLine();
    this._onLine(line);
  },
  clearLine() {
    this._moveCursor(Infinity);
    this._writeToOutput('\r\n');
    this.line = '';
    this.cursor = 0;
    this[STATE].prevRows = 0;
  },
  _addHistory() {
    const line = this.line;
    if (line.length === 0) return '';
    if (this.historySize === 0 || line.trim().length === 0) return line;
    if (this.history.length === 0 || this.history[0] !== line) {
      if (this.removeHistoryDuplicates) {
        const at = this.history.indexOf(line);
        if (at !== -1) this.history.splice(at, 1);
      }
      this.history.unshift(line);
      while (this.history.length > this.historySize) this.history.pop();
    }
    this.historyIndex = -1;
    this.emit('history', this.history);
    return line;
  },
  // Up and down step through the entries that start with what was before
  // the cursor at the first of a run of up and down keys (and differ from
  // the line shown); past the oldest, or back before the newest, the line is
  // that text again.
  _historyPrev() {
    if (this.historyIndex >= this.history.length || this.history.length === 0) return;
    const search = this[STATE].search || '';
    let at = this.historyIndex + 1;
    while (at < this.history.length && (!this.history[at].startsWith(search) || this.history[at] === this.line)) at++;
    this.line = at === this.history.length ? search : this.history[at];
    this.historyIndex = at;
    this.cursor = this.line.length;
    this._refreshLine();
  },
  _historyNext() {
    if (this.historyIndex < 0) return;
    const search = this[STATE].search || '';
    let at = this.historyIndex - 1;
    while (at >= 0 && (!this.history[at].startsWith(search) || this.history[at] === this.line)) at--;
    this.line = at === -1 ? search : this.history[at];
    this.historyIndex = at;
    this.cursor = this.line.length;
    this._refreshLine();
  },
  _tabComplete(lastKeypressWasTab) {
    this.pause();
    const typed = this.line.slice(0, this.cursor);
    this.completer(typed, (err, value) => {
      this.resume();
      if (err) {
        this._writeToOutput(`Tab completion error: ${need('internal/inspect').inspect(err)}`);
        return;
      }
      const [completions, completeOn] = value || [];
      if (!completions || completions.length === 0) return;
      const prefix = commonPrefix(completions.filter((c) => c !== ''));
      if (prefix.startsWith(completeOn) && prefix.length > completeOn.length) {
        this._insertString(prefix.slice(completeOn.length));
        return;
      }
      if (!completeOn.startsWith(prefix)) {
        this._beforeEdit();
        this.line = this.line.slice(0, this.cursor - completeOn.length) + prefix + this.line.slice(this.cursor);
        this.cursor = this.cursor - completeOn.length + prefix.length;
        this._refreshLine();
        return;
      }
      if (!lastKeypressWasTab) return;
      // The second tab lists the choices in columns under the line.
      const widths = completions.map(width);
      const column = Math.max(...widths) + 2;
      let perRow = Math.floor(this.columns / column) || 1;
      if (perRow === Infinity) perRow = 1;
      let text = '\r\n';
      let inRow = 0;
      let pad = 0;
      completions.forEach((completion, i) => {
        if (completion === '' || inRow === perRow) {
          text += '\r\n';
          inRow = 0;
          pad = 0;
        } else {
          text += ' '.repeat(pad);
        }
        if (completion === '') text += '\r\n';
        else {
          text += completion;
          pad = column - widths[i];
          inRow++;
        }
      });
      if (inRow !== 0) text += '\r\n\r\n';
      this._writeToOutput(text);
      this._refreshLine();
    });
  },
  // One key from the terminal (or `rl.write(text, key)`).
  _ttyWrite(s, key) {
    const state = this[STATE];
    const previous = state.previousKey;
    key = key || {};
    state.previousKey = key;
    if (key.name === 'escape') return;
    if (key.name !== 'y') state.yanking = false;
    if ((key.name === 'up' || key.name === 'down') && !key.ctrl && !key.meta && !key.shift) {
      if (state.search === null) state.search = this.line.slice(0, this.cursor);
    } else if (state.search !== null) {
      state.search = null;
      if (this.historyIndex === this.history.length) this.historyIndex = -1;
    }
    if (typeof key.sequence === 'string') {
      const code = key.sequence.codePointAt(0);
      if (code === 0x1f) return this._undo();
      if (code === 0x1e) return this._redo();
    }
    if (key.ctrl && key.shift) {
      if (key.name === 'backspace') this._deleteLineLeft();
      else if (key.name === 'delete') this._deleteLineRight();
    } else if (key.ctrl) {
      switch (key.name) {
        case 'c':
          if (this.listenerCount('SIGINT') > 0) this.emit('SIGINT');
          else this.close();
          break;
        case 'h':
          this._deleteLeft();
          break;
        case 'd':
          if (this.cursor === 0 && this.line.length === 0) this.close();
          else if (this.cursor < this.line.length) this._deleteRight();
          break;
        case 'u':
          this._deleteLineLeft();
          break;
        case 'k':
          this._deleteLineRight();
          break;
        case 'a':
          this._moveCursor(-Infinity);
          break;
        case 'e':
          this._moveCursor(Infinity);
          break;
        case 'b':
          this._moveCursor(-charBefore(this.line, this.cursor));
          break;
        case 'f':
          this._moveCursor(charAt(this.line, this.cursor));
          break;
        case 'l':
          cursor().cursorTo(this.output, 0, 0);
          cursor().clearScreenDown(this.output);
          this._refreshLine();
          break;
        case 'n':
          this._historyNext();
          break;
        case 'p':
          this._historyPrev();
          break;
        case 'y':
          this._yank();
          break;
        case 'w':
        case 'backspace':
          this._deleteWordLeft();
          break;
        case 'delete':
          this._deleteWordRight();
          break;
        case 'left':
          this._wordLeft();
          break;
        case 'right':
          this._wordRight();
          break;
      }
    } else if (key.meta) {
      switch (key.name) {
        case 'b':
          this._wordLeft();
          break;
        case 'f':
          this._wordRight();
          break;
        case 'd':
        case 'delete':
          this._deleteWordRight();
          break;
        case 'backspace':
          this._deleteWordLeft();
          break;
        case 'y':
          this._yankPop();
          break;
      }
    } else {
      if (key.name !== 'enter') state.sawReturnAt = 0;
      switch (key.name) {
        case 'return':
          state.sawReturnAt = Date.now();
          this._line();
          return;
        case 'enter':
          if (state.sawReturnAt === 0 || Date.now() - state.sawReturnAt > this.crlfDelay) this._line();
          state.sawReturnAt = 0;
          return;
        case 'backspace':
          this._deleteLeft();
          return;
        case 'delete':
          this._deleteRight();
          return;
        case 'left':
          this._moveCursor(-charBefore(this.line, this.cursor));
          return;
        case 'right':
          this._moveCursor(charAt(this.line, this.cursor));
          return;
        case 'home':
          this._moveCursor(-Infinity);
          return;
        case 'end':
          this._moveCursor(Infinity);
          return;
        case 'up':
          this._historyPrev();
          return;
        case 'down':
          this._historyNext();
          return;
        case 'tab':
          if (typeof this.completer === 'function' && this.isCompletionEnabled) {
            this._tabComplete(Boolean(previous && previous.name === 'tab'));
            return;
          }
          break;
      }
      if (typeof s === 'string' && s) {
        const lines = s.split(/\r\n|\n|\r/);
        for (let i = 0; i < lines.length; i++) {
          if (i > 0) this._line();
          this._insertString(lines[i]);
        }
      }
    }
  },
};

return { editing, STATE, width };
