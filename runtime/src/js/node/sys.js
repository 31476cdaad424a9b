// ---- node/sys.js: node:sys, node:util's deprecated alias (DEP0025): the same object
const { util } = need('node/util');
return { util };
