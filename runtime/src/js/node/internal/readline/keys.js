// ---- node/internal/readline/keys.js: keypress decoding and emitKeypressEvents ------
// A terminal sends a key as one character or as an escape sequence (ESC, then
// `[` or `O`, parameters and a final character). `KeyReader` takes the text a
// stream sends, character by character, keeps what may still be the start of a
// sequence, and emits `keypress` (text, key) for each key it completes, with
// the key's name, its modifiers and, for a sequence, its code.
const ESC = '\x1b';

// A sequence's code (its prefix and final character, the modifier left out)
// to a key name; some also imply a modifier.
const NAMES = {};
function names(name, codes, modifiers) {
  for (const code of codes.split(' ')) NAMES[code] = { name, ...modifiers };
}
names('f1', 'OP [P [11~ [[A');
names('f2', 'OQ [Q [12~ [[B');
names('f3', 'OR [R [13~ [[C');
names('f4', 'OS [S [14~ [[D');
names('f5', '[15~ [[E');
names('f6', '[17~');
names('f7', '[18~');
names('f8', '[19~');
names('f9', '[20~');
names('f10', '[21~');
names('f11', '[23~');
names('f12', '[24~');
names('up', '[A OA');
names('down', '[B OB');
names('right', '[C OC');
names('left', '[D OD');
names('clear', '[E OE');
names('end', '[F OF [4~ [8~');
names('home', '[H OH [1~ [7~');
names('insert', '[2~');
names('delete', '[3~');
names('pageup', '[5~ [[5~');
names('pagedown', '[6~ [[6~');
names('up', '[a', { shift: true });
names('down', '[b', { shift: true });
names('right', '[c', { shift: true });
names('left', '[d', { shift: true });
names('clear', '[e', { shift: true });
names('up', 'Oa', { ctrl: true });
names('down', 'Ob', { ctrl: true });
names('right', 'Oc', { ctrl: true });
names('left', 'Od', { ctrl: true });
names('clear', 'Oe', { ctrl: true });
for (const [digit, name] of [
  ['2', 'insert'],
  ['3', 'delete'],
  ['5', 'pageup'],
  ['6', 'pagedown'],
  ['7', 'home'],
  ['8', 'end'],
]) {
  names(name, `[${digit}$`, { shift: true });
  names(name, `[${digit}^`, { ctrl: true });
}
names('tab', '[Z', { shift: true });
names('paste-start', '[200~');
names('paste-end', '[201~');

const isDigit = (ch) => ch !== undefined && ch >= '0' && ch <= '9';
const isLetter = (ch) => ch !== undefined && /^[A-Za-z]$/.test(ch);

const newKey = () => ({ sequence: '', name: undefined, ctrl: false, meta: false, shift: false });

// The parameters and final character of `ESC [` (after any second `[`) from
// `chars[at]`: up to three digits, then `;` and a digit, then one character.
// Answers the characters read, or null when the text ends first.
function readCsi(chars, at) {
  let i = at;
  for (let n = 0; n < 3 && isDigit(chars[i]); n++) i++;
  if (chars[i] === ';') {
    i++;
    if (isDigit(chars[i])) i++;
  }
  if (i >= chars.length) return null;
  return chars.slice(at, i + 1).join('');
}

// The code and modifier bits (1 shift, 2 or 8 meta, 4 ctrl) of a CSI command.
function csiCode(prefix, command) {
  let match = /^(\d\d?)(?:;(\d))?([~^$])$|^(\d{3}~)$/.exec(command);
  if (match) {
    if (match[4]) return { code: prefix + match[4], modifier: 0 };
    return { code: prefix + match[1] + match[3], modifier: (Number(match[2]) || 1) - 1 };
  }
  match = /^(?:(?:\d;)?(\d))?([A-Za-z])$/.exec(command);
  if (match) return { code: prefix + match[2], modifier: (Number(match[1]) || 1) - 1 };
  return { code: prefix + command, modifier: 0 };
}

// The key at the start of `chars` (code points) and how many it took, or
// null when they may be the start of a longer key. `flush` (the escape
// timeout passed) reads a lone ESC, or two, as the escape key.
function readKey(chars, flush) {
  const key = newKey();
  let i = 0;
  let escaped = false;
  if (chars[0] === ESC) {
    escaped = true;
    i = chars[1] === ESC ? 2 : 1;
  }
  const ch = chars[i];
  if (ch === undefined) {
    if (!flush) return null;
    key.name = 'escape';
    key.meta = true;
    key.sequence = chars.slice(0, i).join('');
    return { key, length: i, escaped };
  }
  if (escaped && (ch === 'O' || ch === '[')) {
    let code;
    let modifier = 0;
    let end;
    if (ch === 'O') {
      let at = i + 1;
      if (isDigit(chars[at])) {
        modifier = Number(chars[at]) - 1;
        at++;
      }
      if (at >= chars.length) return null;
      code = `O${chars[at]}`;
      end = at + 1;
    } else {
      let at = i + 1;
      let prefix = '[';
      if (chars[at] === '[') {
        prefix = '[[';
        at++;
      }
      if (at >= chars.length) return null;
      const command = readCsi(chars, at);
      if (command === null) return null;
      ({ code, modifier } = csiCode(prefix, command));
      end = at + command.length;
    }
    key.ctrl = Boolean(modifier & 4);
    key.meta = Boolean(modifier & 10);
    key.shift = Boolean(modifier & 1);
    key.code = code;
    const known = NAMES[code];
    if (known) Object.assign(key, known);
    else key.name = 'undefined';
    key.sequence = chars.slice(0, end).join('');
    return { key, length: end, escaped };
  }
  const named = { '\r': 'return', '\n': 'enter', '\t': 'tab', '\b': 'backspace', '\x7f': 'backspace', ' ': 'space' };
  if (named[ch] || ch === ESC) {
    key.name = named[ch] || 'escape';
    key.meta = escaped;
  } else if (!escaped && ch <= '\x1a') {
    key.name = String.fromCharCode(ch.charCodeAt(0) + 96);
    key.ctrl = true;
  } else if (/^[0-9A-Za-z]$/.test(ch)) {
    key.name = ch.toLowerCase();
    key.shift = isLetter(ch) && ch !== key.name;
    key.meta = escaped;
  } else if (escaped) {
    key.meta = true;
  }
  key.sequence = chars.slice(0, i + 1).join('');
  return { key, length: i + 1, escaped };
}

class KeyReader {
  constructor(stream) {
    this.stream = stream;
    this.pending = [];
  }
  // One character (a whole code point) more.
  push(ch) {
    this.pending.push(ch);
    this.#drain(false);
  }
  // The escape timeout: what is pending is a key as it stands.
  flush() {
    this.#drain(true);
  }
  #drain(flush) {
    while (this.pending.length) {
      const read = readKey(this.pending, flush);
      if (read === null) return;
      this.pending = this.pending.slice(read.length);
      const { key, escaped } = read;
      const text = key.sequence;
      if (key.name !== undefined || escaped) this.stream.emit('keypress', escaped ? undefined : text, key);
      else this.stream.emit('keypress', text, key);
    }
  }
}

const READER = Symbol('readline.keyReader');
const ESCAPE_TIMEOUT = 500;

// Makes `stream` emit `keypress` for what it sends, while it has `keypress`
// listeners; `iface` (an Interface) gives the escape timeout and learns
// whether tab completion may run (only on a chunk's last key).
function emitKeypressEvents(stream, iface = {}) {
  if (stream[READER]) return;
  const { StringDecoder } = need('node/string_decoder').module;
  const decoder = new StringDecoder('utf8');
  const reader = new KeyReader(stream);
  stream[READER] = reader;
  let timer;
  function onData(chunk) {
    if (stream.listenerCount('keypress') === 0) {
      stream.removeListener('data', onData);
      stream.on('newListener', onNewListener);
      return;
    }
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (!text) return;
    clearTimeout(timer);
    const chars = Array.from(text);
    for (let i = 0; i < chars.length; i++) {
      iface.isCompletionEnabled = i === chars.length - 1;
      try {
        reader.push(chars[i]);
      } catch (error) {
        reader.pending = [];
        throw error;
      }
    }
    if (chars[chars.length - 1] === ESC) {
      const delay = iface.escapeCodeTimeout === undefined ? ESCAPE_TIMEOUT : iface.escapeCodeTimeout;
      timer = setTimeout(() => reader.flush(), delay);
    }
  }
  function onNewListener(event) {
    if (event !== 'keypress') return;
    stream.on('data', onData);
    stream.removeListener('newListener', onNewListener);
  }
  if (stream.listenerCount('keypress') > 0) stream.on('data', onData);
  else stream.on('newListener', onNewListener);
}

return { emitKeypressEvents, KeyReader };
