// ---- node/stream/consumers.js: node:stream/consumers ---------------------------
// Reads a whole stream (a Node stream, a Web ReadableStream or any async or
// sync iterable) into one value. Chunks are joined as a Blob joins its
// parts, so strings, bytes and ArrayBuffers mix, and other values are
// joined as their text, as in Bun.
async function blob(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return new Blob(chunks);
}

async function arrayBuffer(stream) {
  return (await blob(stream)).arrayBuffer();
}

async function bytes(stream) {
  return new Uint8Array(await arrayBuffer(stream));
}

async function buffer(stream) {
  return need('internal/buffer').Buffer.from(await arrayBuffer(stream));
}

// A character split across chunks is decoded whole.
async function text(stream) {
  const decoder = new TextDecoder();
  let result = '';
  for await (const chunk of stream) {
    if (typeof chunk === 'string') result += chunk;
    else result += decoder.decode(chunk, { stream: true });
  }
  return result + decoder.decode();
}

async function json(stream) {
  return JSON.parse(await text(stream));
}

const consumers = { arrayBuffer, blob, buffer, bytes, json, text };
return { consumers };
