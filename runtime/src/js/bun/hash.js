// Bun.hash: Zig's std.hash.Wyhash (the wyhash "final" rounds), the 64-bit
// hash Bun.hash computes by default, as a BigInt. Run on the first call of
// Bun.hash; BigInt arithmetic is plenty for the short keys tools hash.

const MASK = (1n << 64n) - 1n;
const SECRET = [0xa0761d6478bd642fn, 0xe7037ed1a0b428dbn, 0x8ebc6af09c88c6e3n, 0x589965cc75374cc3n];

// The 128-bit product as its low and high halves.
const mum = (a, b) => {
  const product = a * b;
  return [product & MASK, product >> 64n];
};

const mix = (a, b) => {
  const [low, high] = mum(a, b);
  return low ^ high;
};

const bytesOf = (data) => {
  if (typeof data === 'string') return new TextEncoder().encode(data);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return new TextEncoder().encode(String(data));
};

const seedOf = (seed) => {
  if (seed === undefined) return 0n;
  if (typeof seed === 'bigint') return BigInt.asUintN(64, seed);
  return BigInt.asUintN(64, BigInt(Math.trunc(Number(seed)) || 0));
};

function wyhash(data, seed) {
  const bytes = bytesOf(data);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const read8 = (i) => view.getBigUint64(i, true);
  const read4 = (i) => BigInt(view.getUint32(i, true));
  const length = bytes.length;
  const start = seedOf(seed);
  let state = start ^ mix(start ^ SECRET[0], SECRET[1]);
  let a;
  let b;
  if (length <= 16) {
    if (length >= 4) {
      const end = length - 4;
      const quarter = (length >> 3) << 2;
      a = (read4(0) << 32n) | read4(quarter);
      b = (read4(end) << 32n) | read4(end - quarter);
    } else if (length > 0) {
      a = (BigInt(bytes[0]) << 16n) | (BigInt(bytes[length >> 1]) << 8n) | BigInt(bytes[length - 1]);
      b = 0n;
    } else {
      a = 0n;
      b = 0n;
    }
  } else {
    let i = 0;
    if (length >= 48) {
      let second = state;
      let third = state;
      for (; i + 48 < length; i += 48) {
        state = mix(read8(i) ^ SECRET[1], read8(i + 8) ^ state);
        second = mix(read8(i + 16) ^ SECRET[2], read8(i + 24) ^ second);
        third = mix(read8(i + 32) ^ SECRET[3], read8(i + 40) ^ third);
      }
      state ^= second ^ third;
    }
    for (; i + 16 < length; i += 16) {
      state = mix(read8(i) ^ SECRET[1], read8(i + 8) ^ state);
    }
    a = read8(length - 16);
    b = read8(length - 8);
  }
  [a, b] = mum(a ^ SECRET[1], b ^ state);
  return mix(a ^ SECRET[0] ^ BigInt(length), b ^ SECRET[1]);
}

return { wyhash, seedOf };
