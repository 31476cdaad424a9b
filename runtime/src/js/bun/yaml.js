// ---- bun/yaml.js: Bun.YAML.stringify ------------------------------------
// A value as YAML, in the forms Bun writes: flow style (`{a: 1,b: [1,2]}`)
// without an indent, block style with one (a number of spaces or the text
// given, as JSON.stringify takes). A string is double-quoted only where YAML
// would read it as something else. An object or array met twice gets an
// anchor named after its key (`&first`, `*first`), `item0`… in an array,
// `value0`… for a key that cannot name one, `root` for the whole value.

const RESERVED = new Set(['y', 'yes', 'n', 'no', 'on', 'off', 'true', 'false', 'null', '~', '<<']);
const NUMBER = [
  /^[-+]?(\.[0-9]+|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?$/,
  /^0x[0-9a-fA-F_]+$/,
  /^0o[0-7_]+$/,
  /^[-+]?\.(inf|Inf|INF)$/,
  /^\.(nan|NaN|NAN)$/,
];
const ESCAPES = {
  '\0': '\\0',
  '\x07': '\\a',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\v': '\\v',
  '\f': '\\f',
  '\r': '\\r',
  '\x1b': '\\e',
  '"': '\\"',
  '\\': '\\\\',
  '\x85': '\\N',
  '\xa0': '\\_',
  '\u2028': '\\L',
  '\u2029': '\\P',
};
// Whether a plain scalar cannot hold a character as it is.
const needsEscape = (text) => {
  for (const ch of text) {
    const code = ch.codePointAt(0);
    if (code < 0x20 || code === 0x7f || code === 0x85 || code === 0xa0 || code === 0x2028 || code === 0x2029)
      return true;
  }
  return false;
};

function needsQuotes(text) {
  return (
    text === '' ||
    /^\s|\s$/.test(text) ||
    /^[-?:,[\]{}#&*!|>'"%@`]/.test(text) ||
    /: |:$|#|[,[\]{}"]/.test(text) ||
    needsEscape(text) ||
    RESERVED.has(text.toLowerCase()) ||
    NUMBER.some((pattern) => pattern.test(text))
  );
}
function scalarText(text) {
  if (!needsQuotes(text)) return text;
  let quoted = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0);
    if (ESCAPES[ch] !== undefined) quoted += ESCAPES[ch];
    else if (code < 0x20 || code === 0x7f) quoted += `\\x${code.toString(16).padStart(2, '0')}`;
    else quoted += ch;
  }
  return `${quoted}"`;
}
function numberText(value) {
  if (Number.isNaN(value)) return '.nan';
  if (value === Number.POSITIVE_INFINITY) return '.inf';
  if (value === Number.NEGATIVE_INFINITY) return '-.inf';
  if (Object.is(value, -0)) return '-0';
  return String(value);
}
const skipped = (value) => value === undefined || typeof value === 'function' || typeof value === 'symbol';
const isCollection = (value) => value !== null && typeof value === 'object';
const entriesOf = (value) =>
  Array.isArray(value)
    ? value.filter((item) => !skipped(item)).map((item) => [null, item])
    : Object.entries(value).filter(([, item]) => !skipped(item));

// Objects and arrays reached more than once, which get anchors.
function repeated(root) {
  const seen = new Set();
  const twice = new Set();
  const walk = (value) => {
    if (!isCollection(value)) return;
    if (seen.has(value)) {
      twice.add(value);
      return;
    }
    seen.add(value);
    for (const [, item] of entriesOf(value)) walk(item);
  };
  walk(root);
  return twice;
}

function stringify(value, replacer, space) {
  if (typeof replacer === 'function' || Array.isArray(replacer))
    throw new Error('YAML.stringify does not support the replacer argument');
  if (skipped(value)) return undefined;
  const indent =
    typeof space === 'number'
      ? ' '.repeat(Math.min(10, Math.max(0, Math.floor(space))))
      : typeof space === 'string'
        ? space.slice(0, 10)
        : '';
  const shared = repeated(value);
  const anchors = new Map();
  const counters = { item: 0, value: 0 };
  // The anchor an object gets where it first appears, or null.
  const anchorFor = (item, key) => {
    if (!shared.has(item)) return null;
    let name;
    if (key === 'root') name = 'root';
    else if (key === null) name = `item${counters.item++}`;
    else if (/^[A-Za-z0-9_-]+$/.test(key)) name = key;
    else name = `value${counters.value++}`;
    anchors.set(item, name);
    return name;
  };
  const scalar = (item) => {
    if (item === null) return 'null';
    switch (typeof item) {
      case 'string':
        return scalarText(item);
      case 'number':
        return numberText(item);
      case 'boolean':
        return String(item);
      case 'bigint':
        throw new Error('YAML.stringify cannot serialize BigInt');
    }
    return undefined;
  };

  const flow = (item, key) => {
    const simple = scalar(item);
    if (simple !== undefined) return simple;
    if (anchors.has(item)) return `*${anchors.get(item)}`;
    const anchor = anchorFor(item, key);
    const entries = entriesOf(item);
    const body = Array.isArray(item)
      ? `[${entries.map(([, child]) => flow(child, null)).join(',')}]`
      : `{${entries.map(([name, child]) => `${scalarText(name)}: ${flow(child, name)}`).join(',')}}`;
    return anchor ? `&${anchor} ${body}` : body;
  };
  if (indent === '') return flow(value, 'root');

  // Lines of a collection at `pad`; each line already carries its padding.
  const block = (item, pad) => {
    const lines = [];
    for (const [name, child] of entriesOf(item)) {
      const lead = name === null ? `${pad}- ` : `${pad}${scalarText(name)}:`;
      const simple = scalar(child);
      if (simple !== undefined) {
        lines.push(name === null ? `${lead}${simple}` : `${lead} ${simple}`);
        continue;
      }
      if (anchors.has(child)) {
        lines.push(name === null ? `${lead}*${anchors.get(child)}` : `${lead}\n${pad}${indent}*${anchors.get(child)}`);
        continue;
      }
      const anchor = anchorFor(child, name);
      if (entriesOf(child).length === 0) {
        const empty = Array.isArray(child) ? '[]' : '{}';
        const text = anchor ? `&${anchor} ${empty}` : empty;
        lines.push(name === null ? `${lead}${text}` : `${lead} ${text}`);
        continue;
      }
      if (name !== null) {
        lines.push(lead);
        if (anchor) lines.push(`${pad}${indent}&${anchor}`);
        lines.push(...block(child, pad + indent));
        continue;
      }
      // In a sequence the item's lines sit after `- `, two columns in.
      const inner = `${pad}  `;
      if (anchor) {
        lines.push(`${lead}&${anchor}`);
        lines.push(...block(child, inner));
        continue;
      }
      const childLines = block(child, inner);
      lines.push(lead + childLines[0].slice(inner.length), ...childLines.slice(1));
    }
    return lines;
  };
  const simple = scalar(value);
  if (simple !== undefined) return simple;
  const rootAnchor = anchorFor(value, 'root');
  if (entriesOf(value).length === 0) return Array.isArray(value) ? '[]' : '{}';
  const lines = block(value, '');
  return (rootAnchor ? [`&${rootAnchor}`, ...lines] : lines).join('\n');
}

return { stringify };
