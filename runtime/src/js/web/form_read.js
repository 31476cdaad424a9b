// ---- web/form_read.js: a request or response body read as FormData -------------
// `formData()` as Bun reads a body: multipart/form-data through the host's
// parser (`ops/http/multipart.rs`), application/x-www-form-urlencoded
// through URLSearchParams, any other type refused in Bun's words.
const { utf8Decoder, bufferOf } = need('internal/buffer');
const { File, FormData } = need('web/blob');

const WRONG_TYPE = "Can't decode form data from body because of incorrect MIME type/boundary";

function parseFailure(message) {
  const error = new TypeError(message);
  error.code = 'ERR_FORMDATA_PARSE_ERROR';
  return error;
}

// The `boundary` parameter, bare or quoted; Bun allows no space around `=`.
function boundaryOf(params) {
  for (const param of params) {
    const at = param.indexOf('=');
    if (at === -1 || param.slice(0, at).trimStart().toLowerCase() !== 'boundary') continue;
    const value = param.slice(at + 1).trimEnd();
    if (!value.startsWith('"')) return value;
    return value.length > 1 && value.endsWith('"') ? value.slice(1, -1) : '';
  }
  return '';
}

// Bun gives a file field the type of its name's extension, whatever the
// part's own Content-Type says; these are the types Bun 1.4.5 gives for
// common extensions, and a name without one of them has none.
const TEXT = 'text/plain;charset=utf-8';
const JS = 'text/javascript;charset=utf-8';
const HTML = 'text/html;charset=utf-8';
const JSON_TYPE = 'application/json;charset=utf-8';
const OPENXML = 'application/vnd.openxmlformats-officedocument.';
const OPENDOC = 'application/vnd.oasis.opendocument.';
const TYPES = {
  txt: TEXT,
  log: TEXT,
  ini: TEXT,
  conf: TEXT,
  html: HTML,
  htm: HTML,
  css: 'text/css;charset=utf-8',
  js: JS,
  mjs: JS,
  cjs: JS,
  ts: JS,
  jsx: JS,
  tsx: JS,
  json: JSON_TYPE,
  map: JSON_TYPE,
  csv: 'text/csv',
  md: 'text/markdown',
  yaml: 'text/yaml',
  yml: 'text/yaml',
  rtf: 'text/rtf',
  ics: 'text/calendar',
  vcf: 'text/x-vcard',
  c: 'text/x-c',
  h: 'text/x-c',
  xml: 'application/xml',
  toml: 'application/toml',
  sql: 'application/x-sql',
  sh: 'application/x-sh',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  avif: 'image/avif',
  heic: 'image/heic',
  bmp: 'image/x-ms-bmp',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  '7z': 'application/x-7z-compressed',
  rar: 'application/x-rar-compressed',
  bz2: 'application/x-bzip2',
  xz: 'application/x-xz',
  wasm: 'application/wasm',
  bin: 'application/octet-stream',
  exe: 'application/x-msdownload',
  epub: 'application/epub+zip',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: `${OPENXML}wordprocessingml.document`,
  xlsx: `${OPENXML}spreadsheetml.sheet`,
  pptx: `${OPENXML}presentationml.presentation`,
  odt: `${OPENDOC}text`,
  ods: `${OPENDOC}spreadsheet`,
  odp: `${OPENDOC}presentation`,
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  mp3: 'audio/mpeg',
  wav: 'audio/x-wav',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/x-flac',
  m4a: 'audio/x-m4a',
  aac: 'audio/x-aac',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  mpeg: 'video/mpeg',
  mpg: 'video/mpeg',
  '3gp': 'video/3gpp',
};

function typeOf(filename) {
  const dot = filename.lastIndexOf('.');
  if (dot === -1) return '';
  const extension = filename.slice(dot + 1).toLowerCase();
  return Object.hasOwn(TYPES, extension) ? TYPES[extension] : '';
}

// `bytes` (a Uint8Array) read as the FormData its content type says it is.
function readForm(bytes, contentType) {
  const [essence, ...params] = String(contentType ?? '').split(';');
  const kind = essence.trim().toLowerCase();
  const form = new FormData();
  if (kind.startsWith('application/x-www-form-urlencoded')) {
    for (const [name, value] of new URLSearchParams(utf8Decoder.decode(bytes))) form.append(name, value);
    return form;
  }
  const boundary = kind.startsWith('multipart/form-data') ? boundaryOf(params) : '';
  if (boundary === '') throw parseFailure(WRONG_TYPE);
  const answer = jsonParse(host.formParse(bufferOf(bytes), boundary));
  if (answer.error !== undefined) throw parseFailure(`FormData parse error ${answer.error}`);
  for (const [name, filename, start, end] of answer.parts) {
    const value = bytes.subarray(start, end);
    if (filename === null) {
      form.append(name, utf8Decoder.decode(value));
      continue;
    }
    const file = new File([value], filename);
    file._type = typeOf(filename);
    form.append(name, file);
  }
  return form;
}

return { readForm };
