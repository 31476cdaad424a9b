// ---- node/internal/readline/cursor.js: cursorTo, moveCursor, clearLine, clearScreenDown
// Each writes one ANSI control sequence to `stream` and answers what
// `stream.write` answers; with no stream (or nothing to do) it calls
// `callback` and answers true.
const { invalidArgValue, checkCallback } = need('node/internal/readline/errors');

const CSI = '\x1b[';

function done(callback) {
  if (typeof callback === 'function') process.nextTick(callback, null);
  return true;
}

function cursorTo(stream, x, y, callback) {
  if (typeof y === 'function') {
    callback = y;
    y = undefined;
  }
  checkCallback(callback);
  if (Number.isNaN(x)) throw invalidArgValue('x', x);
  if (Number.isNaN(y)) throw invalidArgValue('y', y);
  if (stream === null || stream === undefined || (typeof x !== 'number' && typeof y !== 'number'))
    return done(callback);
  const text = typeof y === 'number' ? `${CSI}${y + 1};${x + 1}H` : `${CSI}${x + 1}G`;
  return stream.write(text, callback);
}

function moveCursor(stream, dx, dy, callback) {
  checkCallback(callback);
  if (stream === null || stream === undefined || !(dx || dy)) return done(callback);
  let text = '';
  if (dx < 0) text += `${CSI}${-dx}D`;
  else if (dx > 0) text += `${CSI}${dx}C`;
  if (dy < 0) text += `${CSI}${-dy}A`;
  else if (dy > 0) text += `${CSI}${dy}B`;
  return stream.write(text, callback);
}

// dir < 0: to the line's start; dir > 0: to its end; else the whole line.
function clearLine(stream, dir, callback) {
  checkCallback(callback);
  if (stream === null || stream === undefined) return done(callback);
  return stream.write(dir < 0 ? `${CSI}1K` : dir > 0 ? `${CSI}0K` : `${CSI}2K`, callback);
}

function clearScreenDown(stream, callback) {
  checkCallback(callback);
  if (stream === null || stream === undefined) return done(callback);
  return stream.write(`${CSI}0J`, callback);
}

return { cursorTo, moveCursor, clearLine, clearScreenDown };
