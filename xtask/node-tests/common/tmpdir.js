'use strict';
// A scratch folder per test file: `test/.tmp.0` beside the file's own copy,
// in the throwaway project the harness made for that one file.
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');

const root = path.resolve(__dirname, '..');
let tmpPath = path.join(root, `.tmp.${process.env.TEST_SERIAL_ID || process.env.TEST_THREAD_ID || '0'}`);

function refresh() {
  fs.rmSync(tmpPath, { maxRetries: 3, recursive: true, force: true });
  fs.mkdirSync(tmpPath);
}

function resolve(...parts) {
  return path.resolve(tmpPath, ...parts);
}

function fileURL(...parts) {
  return pathToFileURL(path.resolve(tmpPath + path.sep, ...parts));
}

function hasEnoughSpace(size) {
  const { bavail, bsize } = fs.statfsSync(tmpPath);
  return bavail >= Math.ceil(size / bsize);
}

module.exports = {
  fileURL,
  hasEnoughSpace,
  refresh,
  resolve,
  get path() {
    return tmpPath;
  },
  set path(value) {
    tmpPath = path.resolve(value);
  },
};
