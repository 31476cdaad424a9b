// The ES module face of the harness's strict `assert/strict`.
import { createRequire } from 'module';

const assert = createRequire(import.meta.url)('./assert.js').strict;

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
