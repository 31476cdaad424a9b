// ---- path.js: node:path (POSIX) ---------------------------------------------
function normalizeParts(parts, absolute) {
  const out = [];
  for (const p of parts) {
    if (!p || p === '.') continue;
    if (p === '..') { if (out.length && out[out.length - 1] !== '..') out.pop(); else if (!absolute) out.push('..'); } else out.push(p);
  }
  return out;
}
const path = {
  sep: '/',
  delimiter: ':',
  normalize(p) {
    if (p === '') return '.';
    const abs = p.startsWith('/');
    const trailing = p.endsWith('/');
    let s = normalizeParts(p.split('/'), abs).join('/');
    if (!s && !abs) s = '.';
    if (s && trailing) s += '/';
    return (abs ? '/' : '') + s;
  },
  join(...parts) { const j = parts.filter((x) => { if (typeof x !== 'string') throw new TypeError('The "path" argument must be of type string'); return x !== ''; }).join('/'); return j ? path.normalize(j) : '.'; },
  resolve(...parts) {
    let resolved = '';
    for (let i = parts.length - 1; i >= -1 && !resolved.startsWith('/'); i--) {
      const p = i >= 0 ? parts[i] : process.cwd();
      if (p) resolved = resolved ? `${p}/${resolved}` : p;
    }
    const s = '/' + normalizeParts(resolved.split('/'), true).join('/');
    return s;
  },
  isAbsolute: (p) => p.startsWith('/'),
  dirname(p) {
    if (!p) return '.';
    const s = p.replace(/\/+$/, '') || '/';
    const i = s.lastIndexOf('/');
    if (i < 0) return '.';
    if (i === 0) return '/';
    return s.slice(0, i);
  },
  basename(p, ext) {
    const s = p.replace(/\/+$/, '');
    let b = s.slice(s.lastIndexOf('/') + 1);
    if (ext && b.endsWith(ext) && b !== ext) b = b.slice(0, -ext.length);
    return b;
  },
  extname(p) {
    const b = path.basename(p);
    const i = b.lastIndexOf('.');
    return i <= 0 ? '' : b.slice(i);
  },
  relative(from, to) {
    const a = path.resolve(from).split('/').filter(Boolean);
    const b = path.resolve(to).split('/').filter(Boolean);
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
  },
  parse(p) {
    const root = p.startsWith('/') ? '/' : '';
    const base = path.basename(p);
    const ext = path.extname(p);
    let dir = path.dirname(p);
    if (dir === '.' && !p.includes('/')) dir = '';
    return { root, dir, base, ext, name: ext ? base.slice(0, -ext.length) : base };
  },
  format(o) { const dir = o.dir || o.root || ''; const base = o.base || `${o.name || ''}${o.ext || ''}`; return dir ? (dir.endsWith('/') ? dir + base : `${dir}/${base}`) : base; },
  toNamespacedPath: (p) => p,
};
path.posix = path;

return { path };
