// The ES module face of the harness's strict `assert` (`import assert from 'node:assert'`);
// the harness writes `assert/strict`'s face from this file, with `.strict` behind it.
import { createRequire } from 'module';

const assert = createRequire(import.meta.url)('./assert.js');

export const {
  ok,
  equal,
  notEqual,
  strictEqual,
  notStrictEqual,
  deepEqual,
  notDeepEqual,
  deepStrictEqual,
  notDeepStrictEqual,
  partialDeepStrictEqual,
  fail,
  ifError,
  match,
  doesNotMatch,
  throws,
  doesNotThrow,
  rejects,
  doesNotReject,
  AssertionError,
  strict,
} = assert;
export default assert;
