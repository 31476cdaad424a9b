//! The native `sort` and `toSorted` against boa's own on the same inputs:
//! for every comparator that is a consistent order both must give the same
//! array, the same receiver afterwards and the same error; for one that is
//! not, boa's may panic and the native one must answer.

use boa_engine::{Context, JsValue, Source, js_string};

/// `compare(make, label)` sorts fresh copies from `make()` with boa's and
/// the native functions under each comparator, and lists what differs.
const COMPARE: &str = r#"
const comparators = [
  ['none', undefined],
  ['numeric', (a, b) => a - b],
  ['descending', (a, b) => b - a],
  ['by key', (a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0)],
  ['strings', (a, b) => String(a).localeCompare(String(b))],
  ['all equal', () => 0],
  ['NaN', () => NaN],
];
const show = (value) => {
  try {
    return JSON.stringify(value, (k, v) => (v === undefined ? '<undefined>' : typeof v === 'bigint' ? String(v) + 'n' : v));
  } catch (e) {
    return String(value);
  }
};
const outcome = (f) => {
  try {
    return 'ok ' + show(f());
  } catch (e) {
    return 'throws ' + (e && e.name) + ': ' + (e && e.message);
  }
};
const receiver = (o) => outcome(() => Object.keys(o).map((k) => [k, o[k]])) + ' length=' + o.length;
let compared = 0;
const mismatches = [];
const compare = (make, label) => {
  for (const [name, cmp] of comparators) {
    for (const method of ['sort', 'toSorted']) {
      const results = [[boaSort, boaToSorted], [fastSort, fastToSorted]].map(([s, t]) => {
        const input = make();
        const f = method === 'sort' ? s : t;
        const out = outcome(() => f.call(input, cmp));
        return out + ' | ' + (input !== null && typeof input === 'object' ? receiver(input) : String(input));
      });
      compared++;
      if (results[0] !== results[1] && mismatches.length < 20) {
        mismatches.push(`${label} ${method} ${name}\n  boa:  ${results[0]}\n  fast: ${results[1]}`);
      }
    }
  }
};
"#;

/// Inputs of every shape the two must agree on.
const INPUTS: &[(&str, &str)] = &[
    ("empty", "[]"),
    ("one", "[5]"),
    (
        "numbers",
        "[10, 9, 1, 100, 25, -3, 0, -0, 2.5, 1e21, Infinity, -Infinity]",
    ),
    (
        "long numbers",
        "Array.from({ length: 300 }, (_, i) => (i * 7919) % 257)",
    ),
    (
        "strings",
        "['b', 'a', 'B', '', 'ab', 'aa', '\\u00e9', '\\u2603', '\\ud83d\\ude00', 'Z', 'a']",
    ),
    (
        "long strings",
        "Array.from({ length: 200 }, (_, i) => 'k' + ((i * 31) % 97))",
    ),
    (
        "stable",
        "Array.from({ length: 100 }, (_, i) => ({ k: i % 7, i }))",
    ),
    ("undefined", "[3, undefined, 1, undefined, 2]"),
    ("holes", "[3, , 1, , undefined, 2, ,]"),
    (
        "mixed",
        "[3, '3', null, true, 'x', 1n, [2, 1], { a: 1 }, false, NaN, undefined]",
    ),
    (
        "to string",
        "[{ toString() { return 'b'; } }, { toString() { return 'a'; } }, 'c']",
    ),
    (
        "array-like",
        "({ length: 4, 0: 'd', 1: 'b', 3: 'a', 5: 'ignored' })",
    ),
    ("string length", "({ length: '3', 0: 3, 1: 1, 2: 2 })"),
    ("negative length", "({ length: -1, 0: 'x' })"),
    ("frozen", "Object.freeze([3, 1, 2])"),
    ("frozen one", "Object.freeze([1])"),
    (
        "throwing getter",
        "({ length: 2, 0: 1, get 1() { throw new Error('read'); } })",
    ),
    (
        "throwing toString",
        "[{ toString() { throw new Error('str'); } }, 1]",
    ),
    ("symbols", "[Symbol('a'), 1]"),
    ("primitive", "'not an object'"),
];

fn context_with_both() -> Context {
    let mut context = Context::default();
    let prototype = context.intrinsics().constructors().array().prototype();
    let get = |context: &mut Context, name| prototype.get(js_string!(name), context).unwrap();
    let (boa_sort, boa_to_sorted) = (get(&mut context, "sort"), get(&mut context, "toSorted"));
    super::install(&mut context).unwrap();
    let (fast_sort, fast_to_sorted) = (get(&mut context, "sort"), get(&mut context, "toSorted"));
    assert!(
        !JsValue::same_value(&boa_sort, &fast_sort),
        "install did not replace sort"
    );
    assert!(
        !JsValue::same_value(&boa_to_sorted, &fast_to_sorted),
        "install did not replace toSorted"
    );
    let global = context.global_object();
    for (name, value) in [
        ("boaSort", boa_sort),
        ("boaToSorted", boa_to_sorted),
        ("fastSort", fast_sort),
        ("fastToSorted", fast_to_sorted),
    ] {
        global
            .set(js_string!(name), value, false, &mut context)
            .unwrap();
    }
    context.eval(Source::from_bytes(COMPARE)).unwrap();
    context
}

fn eval_text(context: &mut Context, code: &str) -> String {
    context
        .eval(Source::from_bytes(code))
        .unwrap_or_else(|e| panic!("{code}: {e}"))
        .to_string(context)
        .unwrap()
        .to_std_string_escaped()
}

#[test]
fn a_consistent_order_sorts_exactly_as_boas_own_sort() {
    let mut context = context_with_both();
    for (label, make) in INPUTS {
        eval_text(&mut context, &format!("compare(() => ({make}), {label:?})"));
    }
    let compared = eval_text(&mut context, "compared");
    assert_eq!(compared, (INPUTS.len() * 7 * 2).to_string());
    let mismatches = eval_text(&mut context, "mismatches.join('\\n')");
    assert!(
        mismatches.is_empty(),
        "native sort differs from boa's:\n{mismatches}"
    );
}

#[test]
fn a_comparator_that_is_not_an_order_gets_an_answer_not_a_panic() {
    let mut context = context_with_both();
    // A shuffle: each result is a permutation of the input.
    let shuffled = eval_text(
        &mut context,
        "const a = Array.from({ length: 500 }, (_, i) => i);
         let ok = true;
         for (let k = 0; k < 20; k++) {
           const b = fastSort.call(a.slice(), () => Math.random() - 0.5);
           ok = ok && b.length === 500 && b.slice().sort((x, y) => x - y).every((v, i) => v === i);
         }
         String(ok)",
    );
    assert_eq!(shuffled, "true");
    // A boolean comparator, as JavaScriptCore orders it: ascending.
    let boolean = eval_text(
        &mut context,
        "fastToSorted.call(Array.from({ length: 40 }, (_, i) => (i * 17) % 40), (a, b) => a > b).join()",
    );
    let ascending = (0..40).map(|i| i.to_string()).collect::<Vec<_>>().join(",");
    assert_eq!(boolean, ascending);
}

#[test]
fn a_comparator_that_throws_stops_the_sort_with_its_error() {
    let mut context = context_with_both();
    let thrown = eval_text(
        &mut context,
        "let calls = 0;
         const a = [3, 2, 1, 5, 4];
         let message;
         try { fastSort.call(a, () => { calls++; throw new Error('stop'); }); } catch (e) { message = e.message; }
         `${message} after ${calls} call(s); ${a.join()}`",
    );
    assert_eq!(thrown, "stop after 1 call(s); 3,2,1,5,4");
}
