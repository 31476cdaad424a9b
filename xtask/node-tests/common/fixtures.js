'use strict';
// Paths into the checkout's `test/fixtures`, linked beside each file's copy.
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');

const fixturesDir = path.join(__dirname, '..', 'fixtures');
const fixturePath = (...parts) => path.join(fixturesDir, ...parts);
const readKey = (name, encoding) => fs.readFileSync(fixturePath('keys', name), encoding);

module.exports = {
  fixturesDir,
  path: fixturePath,
  fileURL: (...parts) => pathToFileURL(fixturePath(...parts)),
  readSync: (parts, encoding) => fs.readFileSync(Array.isArray(parts) ? fixturePath(...parts) : fixturePath(parts), encoding),
  readKey,
  readKeys: (encoding, ...names) => names.map((name) => readKey(name, encoding)),
  get utf8TestText() {
    return fs.readFileSync(fixturePath('utf8_test_text.txt'), 'utf8');
  },
  get utf8TestTextPath() {
    return fixturePath('utf8_test_text.txt');
  },
};
