// ---- node/constants.js: node:constants (deprecated in Node, still imported)
// os.constants' numbers (but not their groups), fs.constants and
// crypto.constants in one object, as Node and Bun build it.
const { os } = need('node/os');
const { fs } = need('node/fs');
const { nodeCrypto } = need('node/crypto');

const { dlopen, errno, priority, signals, ...rest } = os.constants;
const constants = Object.assign(
  Object.create(null),
  rest,
  dlopen,
  errno,
  priority,
  signals,
  fs.constants,
  nodeCrypto.constants,
);
return { constants };
