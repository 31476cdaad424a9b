'use strict';
// `common/child_process`: run a program synchronously and check its exit and output.
const { spawnSync } = require('child_process');
const util = require('util');
const common = require('./index.js');
const assert = require('./assert.js');

const kExpiringChildRunTime = common.platformTimeout(20 * 1000);
const kExpiringParentTimer = 1;
assert(kExpiringChildRunTime > kExpiringParentTimer);

function cleanupStaleProcess() {}

function logAfterTime(time) {
  setTimeout(() => {
    console.log('child stdout');
    console.error('child stderr');
  }, time);
}

function mismatch(text, check) {
  if (check instanceof RegExp) return check.test(text) ? undefined : `did not match ${util.inspect(check)}`;
  if (typeof check === 'string') return check === text ? undefined : `did not match ${util.inspect(check)}`;
  if (typeof check === 'function') {
    try {
      check(text);
    } catch (error) {
      return `did not match expectation, checker throws:\n${util.inspect(error)}`;
    }
  }
  return undefined;
}

function expectSyncExit(spawnArgs, { status, signal, stderr, stdout, trim = false }) {
  const child = spawnSync(...spawnArgs);
  const problems = [];
  if (status !== undefined && child.status !== status) {
    problems.push(`- process terminated with status ${child.status}, expected ${status}`);
  }
  if (signal !== undefined && child.signal !== signal) {
    problems.push(`- process terminated with signal ${child.signal}, expected ${signal}`);
  }
  const text = (buffer) => (trim ? String(buffer).trim() : String(buffer));
  if (problems.length === 0) {
    const e = stderr === undefined ? undefined : mismatch(text(child.stderr), stderr);
    if (e) problems.push(`- stderr ${e}`);
    const o = stdout === undefined ? undefined : mismatch(text(child.stdout), stdout);
    if (o) problems.push(`- stdout ${o}`);
  }
  if (problems.length) {
    console.error(`--- stderr ---\n${child.stderr}\n--- stdout ---\n${child.stdout}`);
    const error = new Error(problems.join('\n'));
    error.command = [spawnArgs[0], ...(Array.isArray(spawnArgs[1]) ? spawnArgs[1] : [])].join(' ');
    throw error;
  }
  return {
    child,
    stderr: stderr === undefined ? undefined : String(child.stderr),
    stdout: stdout === undefined ? undefined : String(child.stdout),
  };
}

function spawnSyncAndExit(...args) {
  const expectations = args.pop();
  return expectSyncExit(args, expectations);
}

function spawnSyncAndExitWithoutError(...args) {
  return expectSyncExit(args, { status: 0, signal: null });
}

function spawnSyncAndAssert(...args) {
  const expectations = args.pop();
  return expectSyncExit(args, { status: 0, signal: null, ...expectations });
}

module.exports = {
  cleanupStaleProcess,
  logAfterTime,
  kExpiringChildRunTime,
  kExpiringParentTimer,
  spawnSyncAndAssert,
  spawnSyncAndExit,
  spawnSyncAndExitWithoutError,
};
