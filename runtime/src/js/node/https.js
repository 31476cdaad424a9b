// ---- node/https.js: the node:https module (its client is node:http's) ------
const { https } = need('node/http');

return { https };
