//! The fast `exec` against boa's own on the same inputs: the patterns the
//! bench's packages run (`corpus.json`, recorded from real workloads by
//! `tests/fixtures/bench-packages/harvest-regexps.mjs`), each with its
//! recorded inputs, the same inputs widened to UTF-16 and to non-ASCII
//! Latin-1, repeated past the input cache's threshold, at several
//! `lastIndex` values and with `g`, `y` and `d` added; then the methods that
//! call `exec` (`test`, `match`, `matchAll`, `replace`, `search`, `split`),
//! and hand-written edge cases. Every observable part of a result is
//! compared: the elements, `index`, `input`, `groups`, `indices`, the
//! property order, `lastIndex` after the call, and any error.

use std::cell::Cell;

use boa_engine::{Context, Source, js_string};

thread_local! {
    /// Calls the fast path answered itself (not through boa's exec): the
    /// comparison means something only if most did.
    pub(super) static FAST_CALLS: Cell<u64> = const { Cell::new(0) };
}

/// The comparison, in JS: `boaExec` and `fastExec` are the two functions.
const COMPARE: &str = r#"
const show = (v) => {
  if (v === undefined) return '<undefined>';
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  const keys = Reflect.ownKeys(v).filter((k) => k !== 'length');
  const proto = Object.getPrototypeOf(v) === null ? 'null' : Array.isArray(v) ? 'array' : 'object';
  return proto + '{' + keys.map((k) => String(k) + ':' + show(v[k])).join(',') + '}';
};
const attempt = (f) => { try { return show(f()); } catch (e) { return 'throws ' + (e && e.name) + ': ' + (e && e.message); } };
const execBoth = (make, input, lastIndex) => [boaExec, fastExec].map((exec) => {
  const re = make();
  if (lastIndex !== undefined) re.lastIndex = lastIndex;
  return attempt(() => exec.call(re, input)) + ' lastIndex=' + re.lastIndex;
});
const methodsBoth = (make, input) => [boaExec, fastExec].map((exec) => {
  RegExp.prototype.exec = exec;
  try {
    const out = [];
    const re = make();
    out.push(attempt(() => re.test(input)), re.lastIndex);
    out.push(attempt(() => input.match(make())));
    out.push(attempt(() => input.search(make())));
    out.push(attempt(() => input.replace(make(), '[$&|$1]')));
    out.push(attempt(() => input.split(make())));
    const g = () => { const r = make(); return r.global ? r : new RegExp(r.source, r.flags + 'g'); };
    out.push(attempt(() => input.replace(g(), (m, ...rest) => '<' + m + ':' + rest.length + '>')));
    out.push(attempt(() => [...input.matchAll(g())].map((m) => [m.index, ...m])));
    return out.join(' ; ');
  } finally {
    RegExp.prototype.exec = fastExec;
  }
});
let compared = 0;
const mismatches = [];
const check = (what, pair) => {
  compared++;
  if (pair[0] !== pair[1] && mismatches.length < 20) mismatches.push(what + '\n  boa:  ' + pair[0] + '\n  fast: ' + pair[1]);
};
const withFlag = (flags, f) => (flags.includes(f) ? flags : flags + f);
for (const { source, flags, inputs } of corpus) {
  try { new RegExp(source, flags); } catch { continue; }
  const texts = [];
  for (const { text, lastIndex } of inputs) {
    texts.push([text, lastIndex]);
    texts.push([text + '\u2603', lastIndex]);
    texts.push([text + '\u00e9', lastIndex]);
  }
  // Past the input cache's threshold, twice in a row (the second is a hit).
  const long = inputs[0].text.repeat(3) + ' '.repeat(300);
  texts.push([long, inputs[0].lastIndex], [long, inputs[0].lastIndex + 1]);
  for (const [text, recorded] of texts) {
    for (const f of [flags, withFlag(flags, 'g'), withFlag(flags, 'y'), withFlag(flags, 'd')]) {
      const make = () => new RegExp(source, f);
      const indices = f === flags ? [recorded] : [recorded, 0, 3, text.length, text.length + 1];
      for (const lastIndex of new Set(indices)) {
        check(`/${source}/${f} at ${lastIndex} on ${JSON.stringify(text.slice(0, 40))}`, execBoth(make, text, lastIndex));
      }
    }
    check(`methods of /${source}/${flags} on ${JSON.stringify(text.slice(0, 40))}`, methodsBoth(() => new RegExp(source, flags), text));
  }
}
const edge = [
  [/\//, 'a/b'], [new RegExp('\\/'), 'a/b'], [new RegExp('/'), 'a/b'], [/[/]x/g, 'a/x/x'],
  [/(a)|(b)/d, 'xxb'], [/(?<year>\d{4})-(?<month>\d\d)?/d, 'on 2024- and 2025-12'],
  [/(?<x>a)|(?<y>b)/g, 'ba'], [/^abc|def/, 'xdef'], [/^(?:abc|def)/, 'def'], [/^a/m, 'b\na'],
  [/(?<=\$)\d+/y, '$42', 1], [/(?<!\$)\d+/, '$42'], [/\bfoo/y, 'afoo foo', 1], [/\bfoo/y, 'a foo', 2],
  [/a*/y, 'bbb', 1], [/a*?/g, 'aaa', 3], [/(a)\1/, 'aa'], [/(a)\2/, 'a\u0002'], [/\1(a)/, 'a'],
  [/ſ/i, 's'], [/s/i, 'ſ'], [/\u212a/i, 'k'], [/\u212a/iu, 'k'], [/k/iu, '\u212a'], [/é/i, 'É'],
  [/./su, '\ud83d\ude00'], [/^.$/u, '\ud83d\ude00'], [/^.$/, '\ud83d\ude00'], [/\p{L}+/u, 'héllo wörld'],
  [/[\p{L}--[a-z]]+/v, 'abcÄÖdef'], [/[^]/g, ''], [/$/g, 'abc'], [/(?:)/g, 'ab'], [/x/y, 'x', 2],
  [new RegExp('a\nb'), 'a\nb'], [new RegExp('a\\nb'), 'a\nb'], [new RegExp('\\\n'), '\n'],
  [/abc/, 'x'.repeat(400) + 'abc'], [/abc/g, 'abc'.repeat(200), 300], [/<div class="(\w+)">/, '<div>'.repeat(100) + '<div class="x">'],
  [/[&<>"']/, 'a & b < c'.repeat(40)], [/[&<>"']/g, 'x&y', 2], [/[:|]+x/, 'a|b:|x'], [/\n[ \t]*\n/, 'a\n \t\nb'],
  [/\d{3}/, '12 345 6789'], [/[a-z]+@[a-z]+\.com/, 'mail: bob@example.com'], [/(\d+)(?=px)/g, '10em 20px 30px'],
];
for (const [re, text, lastIndex] of edge) {
  const make = () => new RegExp(re.source, re.flags);
  check(`edge ${re} at ${lastIndex} on ${JSON.stringify(text.slice(0, 40))}`, execBoth(make, text, lastIndex));
  check(`edge methods ${re} on ${JSON.stringify(text.slice(0, 40))}`, methodsBoth(make, text));
}
// lastIndex's conversion runs user code once, and a frozen RegExp's
// lastIndex cannot be written.
check('valueOf', [boaExec, fastExec].map((exec) => {
  let calls = 0;
  const re = /b/g;
  re.lastIndex = { valueOf() { calls++; return 1; } };
  return attempt(() => exec.call(re, 'abb')) + ' calls=' + calls + ' lastIndex=' + re.lastIndex;
}));
check('frozen', [boaExec, fastExec].map((exec) => attempt(() => exec.call(Object.freeze(/a/g), 'a'))));
check('frozen miss', [boaExec, fastExec].map((exec) => attempt(() => exec.call(Object.freeze(/a/y), 'b'))));
check('not a RegExp', [boaExec, fastExec].map((exec) => attempt(() => exec.call({}, 'a'))));
check('argument ToString', [boaExec, fastExec].map((exec) => attempt(() => exec.call(/1/, { toString: () => 'x1' }))));
check('no argument', [boaExec, fastExec].map((exec) => attempt(() => exec.call(/undef/))));
check('compile', [boaExec, fastExec].map((exec) => { const re = /a/; exec.call(re, 'a'); re.compile('b'); return attempt(() => exec.call(re, 'ab')); }));
check('subclass flags', [boaExec, fastExec].map((exec) => {
  class R extends RegExp { get global() { return true; } get flags() { return 'gy'; } }
  const re = new R('b'); re.lastIndex = 2;
  return attempt(() => exec.call(re, 'abab')) + ' lastIndex=' + re.lastIndex;
}));
[compared, mismatches.join('\n')];
"#;

#[test]
fn fast_exec_gives_boas_results_on_the_packages_patterns() {
    let mut context = Context::default();
    let prototype = context.intrinsics().constructors().regexp().prototype();
    let boa_exec = prototype.get(js_string!("exec"), &mut context).unwrap();
    super::install(&mut context).unwrap();
    let fast_exec = prototype.get(js_string!("exec"), &mut context).unwrap();
    assert!(
        !boa_engine::JsValue::same_value(&boa_exec, &fast_exec),
        "install did not replace exec"
    );
    let global = context.global_object();
    global
        .set(js_string!("boaExec"), boa_exec, false, &mut context)
        .unwrap();
    global
        .set(js_string!("fastExec"), fast_exec, false, &mut context)
        .unwrap();
    let corpus = context
        .eval(Source::from_bytes(&format!(
            "globalThis.corpus = {}",
            include_str!("corpus.json")
        )))
        .unwrap();
    assert!(corpus.is_object());
    let outcome = context
        .eval(Source::from_bytes(COMPARE))
        .unwrap_or_else(|e| panic!("the comparison script failed: {e}"));
    let outcome = outcome.as_object().unwrap();
    let compared = outcome
        .get(0, &mut context)
        .unwrap()
        .to_number(&mut context)
        .unwrap();
    let mismatches = outcome
        .get(1, &mut context)
        .unwrap()
        .to_string(&mut context)
        .unwrap()
        .to_std_string_escaped();
    assert!(compared > 10_000.0, "only {compared} comparisons ran");
    let fast = FAST_CALLS.with(Cell::get);
    assert!(
        fast as f64 > compared,
        "the fast path answered only {fast} calls"
    );
    assert!(
        mismatches.is_empty(),
        "fast exec differs from boa's:\n{mismatches}"
    );
}
