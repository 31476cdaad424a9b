// ---- node/zlib.js: node:zlib, whole buffers ---------------------------------------
// The one-shot forms (`gzipSync`, `gzip(buf, cb)`, promisified; deflate,
// gzip, brotli and zstd) over
// `host.zlib`/`host.zlibAsync`, and stream classes (`createGzip`, `Gzip`…)
// that gather their input and run the one-shot form when it ends.
const { Buffer, bufferOf, toBuffer } = need('internal/buffer');
const { deliver } = need('internal/uncaught');

function coded(Kind, code, message) {
  const error = new Kind(message);
  error.code = code;
  return error;
}

function described(value) {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'function') return `function ${value.name}`;
  if (typeof value === 'object') return `an instance of ${value.constructor?.name ?? 'Object'}`;
  const shown = typeof value === 'string' ? `'${value}'` : String(value);
  return `type ${typeof value} (${shown})`;
}

function inputOf(buffer) {
  if (typeof buffer === 'string' || buffer instanceof ArrayBuffer || ArrayBuffer.isView(buffer)) {
    return bufferOf(buffer);
  }
  throw coded(
    TypeError,
    'ERR_INVALID_ARG_TYPE',
    `The "buffer" argument must be of type string, Buffer, TypedArray, DataView, or ArrayBuffer. Received ${described(buffer)}`,
  );
}

function checkRange(value, name, min, max, fallback) {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value)) {
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_TYPE',
      `The "${name}" property must be of type number. Received ${described(value)}`,
    );
  }
  if (!Number.isInteger(value) || value < min || value > max) {
    throw coded(
      RangeError,
      'ERR_OUT_OF_RANGE',
      `The value of "${name}" is out of range. It must be >= ${min} and <= ${max}. Received ${value}`,
    );
  }
  return value;
}

const BROTLI = new Set(['brotliCompress', 'brotliDecompress']);
const DECOMPRESS = new Set(['inflate', 'gunzip', 'inflateRaw', 'unzip']);
const ZSTD = new Set(['zstdCompress', 'zstdDecompress', 'bunZstdDecompress']);

// zstd's `params` as [key, value] pairs: keys are the `ZSTD_c_*` (to
// compress) or `ZSTD_d_*` (to decompress) constants.
function zstdParams(mode, params) {
  const prefix = mode === 'zstdCompress' ? 'ZSTD_c_' : 'ZSTD_d_';
  const valid = new Set(
    Object.keys(constants)
      .filter((name) => name.startsWith(prefix))
      .map((name) => constants[name]),
  );
  const pairs = [];
  for (const key of Object.keys(params ?? {})) {
    if (!valid.has(Number(key)))
      throw coded(RangeError, 'ERR_ZSTD_INVALID_PARAM', `${key} is not a valid zstd parameter`);
    const value = params[key];
    if (typeof value !== 'number' && typeof value !== 'boolean') {
      throw coded(
        TypeError,
        'ERR_INVALID_ARG_TYPE',
        `The "options.params[key]" property must be of type number. Received ${described(value)}`,
      );
    }
    pairs.push([Number(key), Math.trunc(Number(value))]);
  }
  return pairs;
}

// The arguments of `host.zlib` after the mode and the bytes.
function settings(mode, options) {
  const o = options ?? {};
  if (ZSTD.has(mode)) return [6, 15, 11, 22, 0, 0, jsonStringify(zstdParams(mode, o.params))];
  if (BROTLI.has(mode)) {
    const params = o.params ?? {};
    return [
      6,
      15,
      checkRange(params[constants.BROTLI_PARAM_QUALITY], 'options.params[key]', 0, 11, 11),
      checkRange(params[constants.BROTLI_PARAM_LGWIN], 'options.params[key]', 10, 24, 22),
      checkRange(params[constants.BROTLI_PARAM_MODE], 'options.params[key]', 0, 2, 0),
      checkRange(params[constants.BROTLI_PARAM_SIZE_HINT], 'options.params[key]', 0, 2 ** 31 - 1, 0),
    ];
  }
  const level = checkRange(o.level, 'options.level', -1, 9, -1);
  const windowBits = DECOMPRESS.has(mode)
    ? o.windowBits === 0
      ? 0
      : checkRange(o.windowBits, 'options.windowBits', 8, 15, 15)
    : checkRange(o.windowBits, 'options.windowBits', 8, 15, 15);
  return [level === -1 ? 6 : level, windowBits, 11, 22, 0, 0];
}

// `host.zlib`'s arguments: the settings, then (tenth) `maxOutputLength`.
function jobArgs(mode, buffer, options) {
  const all = settings(mode, options);
  if (all.length === 6) all.push(undefined);
  const max = options?.maxOutputLength;
  all.push(max === undefined ? undefined : checkRange(max, 'options.maxOutputLength', 1, 2 ** 32, 2 ** 32));
  return [mode, inputOf(buffer), ...all];
}
// The op reports an output over `maxOutputLength` as Node does, a RangeError.
function tooLarge(error) {
  if (error?.code !== 'ERR_BUFFER_TOO_LARGE') return error;
  return coded(RangeError, 'ERR_BUFFER_TOO_LARGE', error.message);
}

function oneShot(mode) {
  const sync = (buffer, options) => {
    try {
      return toBuffer(new Uint8Array(host.zlib(...jobArgs(mode, buffer, options))));
    } catch (error) {
      throw tooLarge(error);
    }
  };
  const callbackForm = (buffer, options, callback) => {
    if (typeof options === 'function') {
      callback = options;
      options = undefined;
    }
    if (typeof callback !== 'function') {
      throw coded(
        TypeError,
        'ERR_INVALID_ARG_TYPE',
        `The "callback" argument must be of type function. Received ${described(callback)}`,
      );
    }
    let job;
    try {
      job = host.zlibAsync(...jobArgs(mode, buffer, options));
    } catch (error) {
      queueMicrotask(() => callback(error));
      return;
    }
    job.then(
      (bytes) => deliver(callback, null, toBuffer(new Uint8Array(bytes))),
      (error) => deliver(callback, tooLarge(error)),
    );
  };
  return [sync, callbackForm];
}

// `Gzip` and `createGzip` for one mode: a Transform that keeps what is
// written and pushes the whole result when the input ends (the operation
// works on whole buffers), so its output is one chunk. node:stream is loaded
// when the first such stream is made, not when node:zlib is imported.
function streamClass(mode, className) {
  let Kind = null;
  const create = (options) => {
    if (Kind === null) {
      const { Transform } = need('node/stream');
      Kind = class extends Transform {
        constructor(o) {
          super(o);
          settings(mode, o);
          this._options = o;
          this._input = [];
          this.bytesWritten = 0;
        }
        _transform(chunk, _encoding, callback) {
          this._input.push(chunk);
          this.bytesWritten += chunk.length;
          callback();
        }
        _flush(callback) {
          let output;
          try {
            output = zlib[`${mode}Sync`](Buffer.concat(this._input), this._options);
          } catch (error) {
            callback(error);
            return;
          }
          this._input = [];
          callback(null, output);
        }
        close(callback) {
          if (typeof callback === 'function') this.once('close', callback);
          this.destroy();
        }
      };
      Object.defineProperty(Kind, 'name', { value: className });
    }
    return new Kind(options);
  };
  // Called with or without `new`, as in Node; the object it returns is the stream.
  function ZlibStream(options) {
    return create(options);
  }
  Object.defineProperty(ZlibStream, 'name', { value: className });
  Object.defineProperty(create, 'name', { value: `create${className}` });
  return [ZlibStream, create];
}

const constants = Object.freeze({
  Z_NO_FLUSH: 0,
  Z_PARTIAL_FLUSH: 1,
  Z_SYNC_FLUSH: 2,
  Z_FULL_FLUSH: 3,
  Z_FINISH: 4,
  Z_BLOCK: 5,
  Z_OK: 0,
  Z_STREAM_END: 1,
  Z_NEED_DICT: 2,
  Z_ERRNO: -1,
  Z_STREAM_ERROR: -2,
  Z_DATA_ERROR: -3,
  Z_MEM_ERROR: -4,
  Z_BUF_ERROR: -5,
  Z_VERSION_ERROR: -6,
  Z_NO_COMPRESSION: 0,
  Z_BEST_SPEED: 1,
  Z_BEST_COMPRESSION: 9,
  Z_DEFAULT_COMPRESSION: -1,
  Z_FILTERED: 1,
  Z_HUFFMAN_ONLY: 2,
  Z_RLE: 3,
  Z_FIXED: 4,
  Z_DEFAULT_STRATEGY: 0,
  ZLIB_VERNUM: 4880,
  DEFLATE: 1,
  INFLATE: 2,
  GZIP: 3,
  GUNZIP: 4,
  DEFLATERAW: 5,
  INFLATERAW: 6,
  UNZIP: 7,
  BROTLI_DECODE: 8,
  BROTLI_ENCODE: 9,
  Z_MIN_WINDOWBITS: 8,
  Z_MAX_WINDOWBITS: 15,
  Z_DEFAULT_WINDOWBITS: 15,
  Z_MIN_CHUNK: 64,
  Z_MAX_CHUNK: Infinity,
  Z_DEFAULT_CHUNK: 16384,
  Z_MIN_MEMLEVEL: 1,
  Z_MAX_MEMLEVEL: 9,
  Z_DEFAULT_MEMLEVEL: 8,
  Z_MIN_LEVEL: -1,
  Z_MAX_LEVEL: 9,
  Z_DEFAULT_LEVEL: -1,
  BROTLI_OPERATION_PROCESS: 0,
  BROTLI_OPERATION_FLUSH: 1,
  BROTLI_OPERATION_FINISH: 2,
  BROTLI_OPERATION_EMIT_METADATA: 3,
  BROTLI_PARAM_MODE: 0,
  BROTLI_MODE_GENERIC: 0,
  BROTLI_MODE_TEXT: 1,
  BROTLI_MODE_FONT: 2,
  BROTLI_DEFAULT_MODE: 0,
  BROTLI_PARAM_QUALITY: 1,
  BROTLI_MIN_QUALITY: 0,
  BROTLI_MAX_QUALITY: 11,
  BROTLI_DEFAULT_QUALITY: 11,
  BROTLI_PARAM_LGWIN: 2,
  BROTLI_MIN_WINDOW_BITS: 10,
  BROTLI_MAX_WINDOW_BITS: 24,
  BROTLI_LARGE_MAX_WINDOW_BITS: 30,
  BROTLI_DEFAULT_WINDOW: 22,
  BROTLI_PARAM_LGBLOCK: 3,
  BROTLI_MIN_INPUT_BLOCK_BITS: 16,
  BROTLI_MAX_INPUT_BLOCK_BITS: 24,
  BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING: 4,
  BROTLI_PARAM_SIZE_HINT: 5,
  BROTLI_PARAM_LARGE_WINDOW: 6,
  BROTLI_PARAM_NPOSTFIX: 7,
  BROTLI_PARAM_NDIRECT: 8,
  ZSTD_COMPRESS: 10,
  ZSTD_DECOMPRESS: 11,
  ZSTD_e_continue: 0,
  ZSTD_e_flush: 1,
  ZSTD_e_end: 2,
  ZSTD_fast: 1,
  ZSTD_dfast: 2,
  ZSTD_greedy: 3,
  ZSTD_lazy: 4,
  ZSTD_lazy2: 5,
  ZSTD_btlazy2: 6,
  ZSTD_btopt: 7,
  ZSTD_btultra: 8,
  ZSTD_btultra2: 9,
  ZSTD_c_compressionLevel: 100,
  ZSTD_c_windowLog: 101,
  ZSTD_c_hashLog: 102,
  ZSTD_c_chainLog: 103,
  ZSTD_c_searchLog: 104,
  ZSTD_c_minMatch: 105,
  ZSTD_c_targetLength: 106,
  ZSTD_c_strategy: 107,
  ZSTD_c_enableLongDistanceMatching: 160,
  ZSTD_c_ldmHashLog: 161,
  ZSTD_c_ldmMinMatch: 162,
  ZSTD_c_ldmBucketSizeLog: 163,
  ZSTD_c_ldmHashRateLog: 164,
  ZSTD_c_contentSizeFlag: 200,
  ZSTD_c_checksumFlag: 201,
  ZSTD_c_dictIDFlag: 202,
  ZSTD_c_nbWorkers: 400,
  ZSTD_c_jobSize: 401,
  ZSTD_c_overlapLog: 402,
  ZSTD_d_windowLogMax: 100,
  ZSTD_CLEVEL_DEFAULT: 3,
  ZSTD_error_no_error: 0,
  ZSTD_error_GENERIC: 1,
  ZSTD_error_prefix_unknown: 10,
  ZSTD_error_version_unsupported: 12,
  ZSTD_error_frameParameter_unsupported: 14,
  ZSTD_error_frameParameter_windowTooLarge: 16,
  ZSTD_error_corruption_detected: 20,
  ZSTD_error_checksum_wrong: 22,
  ZSTD_error_literals_headerWrong: 24,
  ZSTD_error_dictionary_corrupted: 30,
  ZSTD_error_dictionary_wrong: 32,
  ZSTD_error_dictionaryCreation_failed: 34,
  ZSTD_error_parameter_unsupported: 40,
  ZSTD_error_parameter_combination_unsupported: 41,
  ZSTD_error_parameter_outOfBound: 42,
  ZSTD_error_tableLog_tooLarge: 44,
  ZSTD_error_maxSymbolValue_tooLarge: 46,
  ZSTD_error_maxSymbolValue_tooSmall: 48,
  ZSTD_error_stabilityCondition_notRespected: 50,
  ZSTD_error_stage_wrong: 60,
  ZSTD_error_init_missing: 62,
  ZSTD_error_memory_allocation: 64,
  ZSTD_error_workSpace_tooSmall: 66,
  ZSTD_error_dstSize_tooSmall: 70,
  ZSTD_error_srcSize_wrong: 72,
  ZSTD_error_dstBuffer_null: 74,
  ZSTD_error_noForwardProgress_destFull: 80,
  ZSTD_error_noForwardProgress_inputEmpty: 82,
});

const codes = {};
for (const name of [
  'Z_OK',
  'Z_STREAM_END',
  'Z_NEED_DICT',
  'Z_ERRNO',
  'Z_STREAM_ERROR',
  'Z_DATA_ERROR',
  'Z_MEM_ERROR',
  'Z_BUF_ERROR',
  'Z_VERSION_ERROR',
]) {
  codes[name] = constants[name];
  codes[constants[name]] = name;
}

function crc32(data, value = 0) {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  return host.crc32(inputOf(bytes), checkRange(value, 'value', 0, 2 ** 32 - 1, 0));
}

const zlib = { constants, codes: Object.freeze(codes), crc32 };
const STREAMS = {
  deflate: 'Deflate',
  inflate: 'Inflate',
  gzip: 'Gzip',
  gunzip: 'Gunzip',
  deflateRaw: 'DeflateRaw',
  inflateRaw: 'InflateRaw',
  unzip: 'Unzip',
  brotliCompress: 'BrotliCompress',
  brotliDecompress: 'BrotliDecompress',
  zstdCompress: 'ZstdCompress',
  zstdDecompress: 'ZstdDecompress',
};
for (const [mode, className] of Object.entries(STREAMS)) {
  const [sync, callbackForm] = oneShot(mode);
  Object.defineProperty(sync, 'name', { value: `${mode}Sync` });
  Object.defineProperty(callbackForm, 'name', { value: mode });
  zlib[`${mode}Sync`] = sync;
  zlib[mode] = callbackForm;
  [zlib[className], zlib[`create${className}`]] = streamClass(mode, className);
}

// Bun's own one-shot forms: Uint8Arrays, raw DEFLATE for `deflateSync`, and
// plain errors (no `code`).
function bunForm(mode) {
  return (data, options) => {
    let bytes;
    try {
      bytes = host.zlib(mode, inputOf(data), ...settings(mode, options));
    } catch (error) {
      throw error.code?.startsWith('Z_') || error.code?.startsWith('ERR__') ? new Error(error.message) : error;
    }
    return new Uint8Array(bytes);
  };
}

// `Bun.zstdCompressSync` and the rest: Buffers, a `level` of 1 to 22, Bun's
// own words for bad arguments, and a decompressor that takes whole frames
// only (`ops/zlib/zstd_frames.rs`).
function bunZstdArgs(mode, data, options) {
  if (typeof data !== 'string' && !(data instanceof ArrayBuffer) && !ArrayBuffer.isView(data))
    throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', 'data must be a string, ArrayBuffer or ArrayBufferView');
  const params = [];
  if (mode === 'zstdCompress') {
    if (options !== undefined && (options === null || typeof options !== 'object'))
      throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', 'ZstdCompressionOptions must be an object');
    if (options?.level !== undefined) {
      const level = Number(options.level);
      if (!(level >= 1 && level < 23))
        throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', 'Compression level must be between 1 and 22');
      params.push([constants.ZSTD_c_compressionLevel, Math.trunc(level)]);
    }
  }
  return [mode, bufferOf(data), 6, 15, 11, 22, 0, 0, jsonStringify(params)];
}
const bunZstd = (mode) => [
  (data, options) => toBuffer(new Uint8Array(host.zlib(...bunZstdArgs(mode, data, options)))),
  async (data, options) => toBuffer(new Uint8Array(await host.zlibAsync(...bunZstdArgs(mode, data, options)))),
];
const [zstdCompressSync, zstdCompress] = bunZstd('zstdCompress');
const [zstdDecompressSync, zstdDecompress] = bunZstd('bunZstdDecompress');

const bunZlib = {
  gzipSync: bunForm('gzip'),
  gunzipSync: bunForm('gunzip'),
  deflateSync: bunForm('deflateRaw'),
  inflateSync: bunForm('inflateRaw'),
  zstdCompressSync,
  zstdDecompressSync,
  zstdCompress,
  zstdDecompress,
};

return { zlib, bunZlib };
