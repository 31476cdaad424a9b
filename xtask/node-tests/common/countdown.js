'use strict';
// `common/countdown`: calls its callback once, when `dec()` reaches zero.
const assert = require('./assert.js');
const common = require('./index.js');

class Countdown {
  #left;
  #done;
  constructor(limit, callback) {
    assert.strictEqual(typeof limit, 'number');
    assert.strictEqual(typeof callback, 'function');
    this.#left = limit;
    this.#done = common.mustCall(callback);
  }
  dec() {
    assert(this.#left > 0, 'Countdown expired');
    this.#left -= 1;
    if (this.#left === 0) this.#done();
    return this.#left;
  }
  get remaining() {
    return this.#left;
  }
}

module.exports = Countdown;
