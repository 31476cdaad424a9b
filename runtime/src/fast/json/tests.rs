//! The native `JSON.stringify` against boa's own on the same values: plain
//! data of every shape (which the native one must answer itself), values
//! it must hand to boa (getters, `toJSON`, holes, cycles, BigInts, boxed
//! primitives, proxies, replacers), each with every kind of `space`, and
//! real documents: the RegExp corpus and the parity suite's cases.

use std::cell::Cell;

use boa_engine::{Context, JsValue, Source, js_string};

thread_local! {
    /// Values the native serializer handed to boa's.
    pub(super) static GAVE_UP: Cell<u64> = const { Cell::new(0) };
}

/// `compare(values, label, few)` runs both on each value with each `space`
/// (or a few of them) and replacer, and returns `[compared, mismatches]`.
const COMPARE: &str = r#"
const spaces = [undefined, null, 0, 1, 2, 4, 10, 11, -1, 2.9, NaN, Infinity, -Infinity,
  '', ' ', '\t', 'ab', '0123456789abc', '\ud800x', '\u00e9\u2603', true, Symbol('space')];
const replacers = [undefined, null, 'not a function', 7];
const attempt = (f) => {
  try {
    const out = f();
    return typeof out === 'string' ? 'string ' + out : '<' + typeof out + '>';
  } catch (e) {
    return 'throws ' + (e && e.name) + ': ' + (e && e.message);
  }
};
let compared = 0;
const mismatches = [];
const compare = (values, label, few) => {
  values.forEach((value, i) => {
    for (const space of few ? [undefined, 2, '\t', new Number(1)] : spaces) {
      for (const replacer of replacers) {
        const pair = [boaStringify, fastStringify].map((f) => attempt(() => f(value, replacer, space)));
        compared++;
        if (pair[0] !== pair[1] && mismatches.length < 20) {
          mismatches.push(`${label}[${i}] space=${String(space)} replacer=${String(replacer)}\n  boa:  ${pair[0]}\n  fast: ${pair[1]}`);
        }
      }
    }
  });
  return [compared, mismatches.join('\n')];
};
"#;

/// Plain data: every one of these must be answered natively.
const PLAIN: &str = r#"
class Point { constructor() { this.x = 1; this.y = [2, { z: 3 }]; } get norm() { return 5; } }
class Sub extends Array {}
const sub = new Sub(); sub.push(1, 'two');
const frozen = Object.freeze({ a: [1, 2], b: 'c' });
const bare = Object.create(null); bare.b = 1; bare.a = { c: null };
const hidden = { shown: 1 }; Object.defineProperty(hidden, 'hidden', { value: 2, enumerable: false });
const extra = [1, 2]; extra.name = 'ignored';
const symbolKeyed = { [Symbol('k')]: 1, k: 2 };
const shared = { s: 1 };
return [
  null, true, false, 0, -0, 1, -1, 2147483647, 2147483648, -2147483649, 1.5, 0.1 + 0.2,
  1e21, 1e-7, 123e-20, 5e-324, Number.MAX_VALUE, -Number.MIN_VALUE, NaN, Infinity, -Infinity,
  '', 'abc', '\u00e9', '\u2603', '"quoted" \\ back/slash', '\b\f\n\r\t\v\0\x01\x1f\x7f',
  '\ud800', '\udc00x', 'a\ud83d\ude00b', '\u00ff\u0080', '\u00ff"', '\u2028\u2029', 'x'.repeat(5000),
  undefined, Symbol('s'),
  [], {}, [[]], [{}], { a: [] }, [1, [2, [3, []]]], { a: 1, b: { c: {} } },
  { b: 1, a: 2, 10: 3, 2: 4, '-1': 5, '01': 6, '4294967295': 7, '1e3': 8 },
  [undefined, Symbol(), null, NaN], { u: undefined, s: Symbol(), n: null, i: -Infinity },
  { only: undefined }, [undefined], symbolKeyed, bare, new Point(), sub, frozen, hidden, extra,
  { 'k"e\\y\n': 'v', '\u2603': '\ud800', '': '' },
  { deep: { deeper: { deepest: [1.25, 'x', false, null, { e: [] }] } } },
  [shared, shared, { s: shared }],
  Array.from({ length: 50 }, (_, i) => ({ id: i, name: 'item ' + i, tags: ['a', 'b'], score: i / 7 })),
]
"#;

/// Values the native serializer must leave to boa.
const NOT_PLAIN: &str = r#"
class Stamped { constructor() { this.a = 1; } toJSON(key) { return 'stamped:' + key; } }
const cyclic = { name: 'c' }; cyclic.self = cyclic;
const cyclicArray = [1]; cyclicArray.push(cyclicArray);
const getter = { a: 1, get b() { return this.a + 1; } };
const arrayGetter = Object.defineProperty([1, 2], 1, { get() { return 'got'; }, enumerable: true });
let deep = []; for (let i = 0; i <= 200; i++) deep = [deep];
const args = (function () { return arguments; })(1, 2);
return [
  new Date(0), { d: new Date(86400000) }, new Map([[1, 2]]), new Set([1]), [1, , 3], new Array(3),
  getter, arrayGetter, { toJSON() { return 'own'; } }, { a: { toJSON: (k) => 'key ' + k } },
  new Stamped(), [new Stamped()], { toJSON: 5, x: 1 }, 10n, { b: 10n }, [1n], cyclic, cyclicArray,
  new Number(1), new String('s'), new Boolean(false), Object(Symbol('boxed')), { n: new Number(2) },
  function f() {}, { f() {} }, [function () {}], () => 1, new Proxy({ a: 1 }, {}), new Proxy([1], {}),
  new Uint8Array(2), new Error('boom'), /re/g, Promise.resolve(1), deep, args, Math,
  Object.create(new Proxy({}, {})),
]
"#;

fn context_with_both() -> Context {
    let mut context = Context::default();
    let json = crate::js_value::realm_json(&mut context).unwrap();
    let boa = json.get(js_string!("stringify"), &mut context).unwrap();
    super::install(&mut context).unwrap();
    let fast = json.get(js_string!("stringify"), &mut context).unwrap();
    assert!(
        !JsValue::same_value(&boa, &fast),
        "install did not replace JSON.stringify"
    );
    let global = context.global_object();
    for (name, value) in [("boaStringify", boa), ("fastStringify", fast)] {
        global
            .set(js_string!(name), value, false, &mut context)
            .unwrap();
    }
    context.eval(Source::from_bytes(COMPARE)).unwrap();
    context
}

/// Runs `compare` on the array `values` (a function body) returns, and fails on any mismatch; the count compared.
fn compare(context: &mut Context, values: &str, label: &str, few: bool) -> f64 {
    let outcome = context
        .eval(Source::from_bytes(&format!(
            "compare((() => {{ {values} }})(), {label:?}, {few})"
        )))
        .unwrap_or_else(|e| panic!("the comparison script failed: {e}"));
    let outcome = outcome.as_object().unwrap();
    let compared = outcome.get(0, context).unwrap().to_number(context).unwrap();
    let mismatches = outcome
        .get(1, context)
        .unwrap()
        .to_string(context)
        .unwrap()
        .to_std_string_escaped();
    assert!(
        mismatches.is_empty(),
        "native JSON.stringify differs from boa's:\n{mismatches}"
    );
    compared
}

fn gave_up() -> u64 {
    GAVE_UP.with(Cell::get)
}

#[test]
fn plain_data_is_serialized_natively_as_boa_serializes_it() {
    let mut context = context_with_both();
    let before = gave_up();
    let compared = compare(&mut context, PLAIN, "plain", false);
    assert!(compared > 3_000.0, "only {compared} comparisons ran");
    assert_eq!(
        gave_up(),
        before,
        "the native serializer gave plain data to boa"
    );
}

#[test]
fn values_that_run_user_code_or_throw_are_left_to_boa() {
    let mut context = context_with_both();
    let before = gave_up();
    let compared = compare(&mut context, NOT_PLAIN, "not plain", true);
    // Every one of them: only the replacer or an object `space` would let a
    // plain value through, and these are not plain.
    assert!(
        gave_up() - before >= compared as u64 / 2,
        "only {} of {compared} were given to boa",
        gave_up() - before
    );
}

#[test]
fn a_replacer_or_a_boxed_space_is_left_to_boa() {
    let mut context = context_with_both();
    let pairs = context
        .eval(Source::from_bytes(
            r#"
            const v = { a: 1, b: [2, { c: 'x' }], d: undefined };
            [
              [(k, x) => (typeof x === 'number' ? x * 10 : x), 2], [['a', 'b', 1], undefined],
              [{}, 2], [null, new Number(3)], [null, new String('--')], [Object.assign(() => 1, {}), '\t'],
            ].map(([r, s]) => [boaStringify(v, r, s), fastStringify(v, r, s)])
             .filter(([a, b]) => a !== b).length
            "#,
        ))
        .unwrap();
    assert_eq!(pairs.to_number(&mut context).unwrap(), 0.0);
}

#[test]
fn a_to_json_or_an_index_on_the_shared_prototypes_is_honoured() {
    let mut context = context_with_both();
    for (setup, teardown) in [
        (
            "Object.prototype.toJSON = function () { return 'polyfilled'; }",
            "delete Object.prototype.toJSON",
        ),
        (
            "Array.prototype.toJSON = function () { return this.length; }",
            "delete Array.prototype.toJSON",
        ),
        (
            "Array.prototype[1] = 'from the prototype'",
            "delete Array.prototype[1]",
        ),
        (
            "Object.prototype.inherited = 1",
            "delete Object.prototype.inherited",
        ),
    ] {
        context.eval(Source::from_bytes(setup)).unwrap();
        compare(
            &mut context,
            "return [{ a: 1 }, [1, 2], [1, , 3], { a: [, 2] }, 'text', 5]",
            setup,
            false,
        );
        context.eval(Source::from_bytes(teardown)).unwrap();
    }
}

#[test]
fn real_documents_give_the_same_text() {
    let mut context = context_with_both();
    let before = gave_up();
    for (label, text) in [
        ("regexp corpus", include_str!("../regexp/corpus.json")),
        (
            "parity cases",
            include_str!("../../../../tests/fixtures/parity/cases.json"),
        ),
    ] {
        context
            .global_object()
            .set(
                js_string!("documentText"),
                js_string!(text),
                false,
                &mut context,
            )
            .unwrap();
        compare(
            &mut context,
            "return [JSON.parse(documentText)]",
            label,
            true,
        );
    }
    assert_eq!(gave_up(), before, "a parsed JSON document was given to boa");
}

#[test]
fn the_replacement_looks_like_the_builtin() {
    let mut context = context_with_both();
    let shape = context
        .eval(Source::from_bytes(
            "[JSON.stringify.name, JSON.stringify.length, Object.keys(JSON).length, \
             Object.getOwnPropertyDescriptor(JSON, 'stringify').enumerable].join()",
        ))
        .unwrap()
        .to_string(&mut context)
        .unwrap()
        .to_std_string_escaped();
    assert_eq!(shape, "stringify,3,0,false");
}
