'use strict';
// `common/tick`: calls `callback` after `count` turns of setImmediate.
module.exports = function tick(count, callback) {
  const turn = () => {
    count -= 1;
    if (count === 0) {
      if (typeof callback === 'function') callback();
    } else {
      setImmediate(turn);
    }
  };
  setImmediate(turn);
};
