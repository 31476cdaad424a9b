// ---- node/internal/readline/errors.js: the errors node:readline throws ------------
// Node's codes and wording for a refused argument.
const inspect = (value) => need('internal/inspect').inspect(value);

function coded(Kind, code, message) {
  const error = new Kind(message);
  error.code = code;
  return error;
}

function received(value) {
  if (value === null || value === undefined) return `Received ${value}`;
  if (typeof value === 'function') return `Received function ${value.name}`;
  if (typeof value === 'object') {
    const name = value.constructor && value.constructor.name;
    return name ? `Received an instance of ${name}` : `Received ${inspect(value)}`;
  }
  let shown = inspect(value);
  if (shown.length > 28) shown = `${shown.slice(0, 25)}...`;
  return `Received type ${typeof value} (${shown})`;
}

// `The argument 'x' is invalid. Received NaN` (or `The property 'a.b' …`).
const invalidArgValue = (name, value) =>
  coded(
    TypeError,
    'ERR_INVALID_ARG_VALUE',
    `The ${name.includes('.') ? 'property' : 'argument'} '${name}' is invalid. Received ${inspect(value)}`,
  );

const invalidArgType = (name, type, value) =>
  coded(TypeError, 'ERR_INVALID_ARG_TYPE', `The "${name}" argument must be of type ${type}. ${received(value)}`);

const outOfRange = (name, range, value) =>
  coded(
    RangeError,
    'ERR_OUT_OF_RANGE',
    `The value of "${name}" is out of range. It must be ${range}. Received ${inspect(value)}`,
  );

const useAfterClose = () => coded(Error, 'ERR_USE_AFTER_CLOSE', 'readline was closed');

function checkCallback(callback) {
  if (callback !== undefined && typeof callback !== 'function') throw invalidArgType('callback', 'function', callback);
}

return { invalidArgValue, invalidArgType, outOfRange, useAfterClose, checkCallback };
