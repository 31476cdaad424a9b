'use strict';
// `common/fs`: fresh folder names in the scratch folder, and a check that
// two trees hold the same entries, of the same kinds (the fs.cp tests).
const fs = require('fs');
const path = require('path');
const assert = require('./assert.js');
const tmpdir = require('./tmpdir.js');

let made = 0;
function nextdir(name) {
  made += 1;
  return tmpdir.resolve(name || `copy_%${made}`);
}

function collectEntries(dir, into) {
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.isDirectory()) collectEntries(path.join(dir, entry.name), into);
  }
  into.push(...entries);
}

function assertDirEquivalent(left, right) {
  const a = [];
  const b = [];
  collectEntries(left, a);
  collectEntries(right, b);
  assert.strictEqual(a.length, b.length);
  for (const one of a) {
    const other = b.find((entry) => entry.name === one.name);
    assert(other, `entry ${one.name} not copied`);
    if (one.isFile()) assert(other.isFile(), `${other.name} was not file`);
    else if (one.isDirectory()) assert(other.isDirectory(), `${other.name} was not directory`);
    else if (one.isSymbolicLink()) assert(other.isSymbolicLink(), `${other.name} was not symlink`);
  }
}

module.exports = {
  nextdir,
  assertDirEquivalent,
  collectEntries,
};
