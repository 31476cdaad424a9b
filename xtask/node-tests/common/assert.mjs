// The ES module face of the harness's strict `assert` (`import assert from 'node:assert'`).
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
