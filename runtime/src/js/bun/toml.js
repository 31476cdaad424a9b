// ---- bun/toml.js: Bun.TOML.stringify ------------------------------------
// A plain object as a TOML document, in the layout Bun writes: a table's
// plain keys first, in insertion order, then its tables (`[a.b]`) and arrays
// of tables (`[[a]]`), each header after a blank line; a table that holds
// only tables gets no header of its own. Values TOML cannot hold (null,
// BigInt, an invalid Date) are refused with Bun's words.

const isTable = (value) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
const isTableArray = (value) => Array.isArray(value) && value.length > 0 && value.every(isTable);
const skipped = (value) => value === undefined || typeof value === 'function' || typeof value === 'symbol';

function quote(text) {
  return JSON.stringify(text).replace(/\x7f/g, '\\u007f');
}
function key(name) {
  return /^[A-Za-z0-9_-]+$/.test(name) ? name : quote(name);
}
function number(value) {
  if (Number.isNaN(value)) return 'nan';
  if (value === Number.POSITIVE_INFINITY) return 'inf';
  if (value === Number.NEGATIVE_INFINITY) return '-inf';
  if (Object.is(value, -0)) return '-0.0';
  if (Number.isSafeInteger(value)) return String(value);
  const text = String(value);
  return /[.e]/.test(text) ? text : `${text}.0`;
}
function inline(value) {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return number(value);
    case 'boolean':
      return String(value);
    case 'bigint':
      throw new Error('TOML.stringify cannot serialize BigInt');
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Error('TOML.stringify cannot serialize an invalid Date');
    return value.toISOString().replace('.000Z', 'Z');
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => {
      if (item === null) throw new Error('TOML cannot represent null in an array');
      return inline(item);
    });
    return `[${items.join(', ')}]`;
  }
  const pairs = entries(value).map(([name, item]) => `${key(name)} = ${inline(item)}`);
  return pairs.length ? `{ ${pairs.join(', ')} }` : '{}';
}
function entries(table) {
  return Object.entries(table).filter(([name, value]) => {
    if (value === null)
      throw new Error(`TOML cannot represent null (key '${name}'); remove the key or use a sentinel value`);
    return !skipped(value);
  });
}

function emit(table, path, out, header) {
  const plain = [];
  const nested = [];
  for (const [name, value] of entries(table)) {
    if (isTable(value) || isTableArray(value)) nested.push([name, value]);
    else plain.push([name, value]);
  }
  if (header === '[[' || (path.length > 0 && (plain.length > 0 || nested.length === 0))) {
    const brackets = header === '[[' ? ['[[', ']]'] : ['[', ']'];
    out.push(`${out.length ? '\n' : ''}${brackets[0]}${path.map(key).join('.')}${brackets[1]}\n`);
  }
  for (const [name, value] of plain) out.push(`${key(name)} = ${inline(value)}\n`);
  for (const [name, value] of nested) {
    if (Array.isArray(value)) for (const item of value) emit(item, [...path, name], out, '[[');
    else emit(value, [...path, name], out, '[');
  }
}

function stringify(value) {
  if (!isTable(value))
    throw new Error('TOML.stringify expects an object at the top level (a TOML document is a table)');
  const out = [];
  emit(value, [], out, '');
  return out.join('');
}

return { stringify };
