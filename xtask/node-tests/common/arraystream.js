'use strict';
// `common/arraystream`: a legacy stream that emits each line of an array.
const { Stream } = require('stream');

function ArrayStream() {
  this.run = (lines) => {
    for (const line of lines) this.emit('data', `${line}\n`);
  };
}
Object.setPrototypeOf(ArrayStream.prototype, Stream.prototype);
Object.setPrototypeOf(ArrayStream, Stream);
ArrayStream.prototype.readable = true;
ArrayStream.prototype.writable = true;
ArrayStream.prototype.pause = () => {};
ArrayStream.prototype.resume = () => {};
ArrayStream.prototype.write = () => {};

module.exports = ArrayStream;
