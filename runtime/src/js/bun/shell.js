// ---- bun/shell.js: Bun.$, the shell template tag ----------------------------
// Needed by `bun/bun.js` whenever `Bun` is.
const childProcess = () => need('node/child_process');
const buffers = () => need('internal/buffer');
// Bun's `$` runs its own shell, where an interpolated value is never shell
// syntax. Here the command runs under /bin/sh, so the template goes to
// `host.shellCommand`, which quotes each value for the spot it lands in
// (bare, in double or single quotes, in $(…)) and refuses spots it cannot.
// As in Bun, the template's raw text is the script: `\n` stays a backslash
// and an `n` for the shell to read.
function shellValue(value) {
  if (value && typeof value === 'object' && typeof value.raw === 'string') return { raw: value.raw };
  if (Array.isArray(value)) return { words: value.map(shellText) };
  return { text: shellText(value) };
}
function shellText(value) {
  if (value instanceof ShellOutput) return value.stdout.toString().replace(/\n$/, '');
  return String(value);
}
function shellCommand(strings, values) {
  return host.shellCommand(JSON.stringify(strings.raw), JSON.stringify(values.map(shellValue)));
}

class ShellOutput {
  constructor(r) {
    this.exitCode = r.code === null ? 128 + 9 : r.code;
    this.stdout = r.stdout;
    this.stderr = r.stderr;
    // Bun's own shell reports a program it cannot find with exit code 1
    // and `bun: command not found: NAME`; /bin/sh says 127 and
    // `sh: 1: NAME: not found`. A tool that checks either sees Bun's.
    const missing = this.exitCode === 127 && /^(?:\/bin\/)?sh: \d+: ([^\n]+): not found\n$/.exec(r.stderr.toString());
    if (missing) {
      this.exitCode = 1;
      this.stderr = buffers().Buffer.from(`bun: command not found: ${missing[1]}\n`);
    }
  }
  text(enc) {
    return this.stdout.toString(enc);
  }
  json() {
    return jsonParse(this.stdout.toString());
  }
  lines() {
    return this.stdout
      .toString()
      .split('\n')
      .filter((l, i, a) => l !== '' || i < a.length - 1);
  }
  arrayBuffer() {
    return buffers().bufferOf(this.stdout);
  }
  bytes() {
    return new Uint8Array(this.stdout);
  }
  blob() {
    throw new TypeError('Blob is not provided by this runtime');
  }
}
class ShellError extends Error {
  constructor(output, command) {
    super(`Failed with exit code ${output.exitCode}`);
    this.name = 'ShellError';
    Object.assign(this, { exitCode: output.exitCode, stdout: output.stdout, stderr: output.stderr, command });
  }
  text(enc) {
    return this.stdout.toString(enc);
  }
  json() {
    return jsonParse(this.stdout.toString());
  }
}

const shellDefaults = { cwd: undefined, env: undefined, throws: true };
class ShellPromise {
  constructor(command) {
    this._command = command;
    this._cwd = shellDefaults.cwd;
    this._env = shellDefaults.env;
    this._quiet = false;
    this._throws = shellDefaults.throws;
    this._promise = null;
    this._stdin = null;
  }
  cwd(dir) {
    this._cwd = dir;
    return this;
  }
  env(env) {
    this._env = env;
    return this;
  }
  quiet() {
    this._quiet = true;
    return this;
  }
  nothrow() {
    this._throws = false;
    return this;
  }
  throws(v) {
    this._throws = v !== false;
    return this;
  }
  _run() {
    // Started on first use (await, then, .text() …), so that chained
    // settings such as .cwd() and .quiet() apply, as in Bun.
    if (!this._promise) {
      const command = this._command;
      this._promise = childProcess()
        .runProcess('/bin/sh', ['-c', command], { cwd: this._cwd, env: this._env })
        .then((r) => {
          const output = new ShellOutput(r);
          if (!this._quiet) {
            if (output.stdout.length) host.log('log', output.stdout.toString().replace(/\n$/, ''));
            if (output.stderr.length) host.log('error', output.stderr.toString().replace(/\n$/, ''));
          }
          if (this._throws && output.exitCode !== 0) throw new ShellError(output, command);
          return output;
        });
    }
    return this._promise;
  }
  // biome-ignore lint/suspicious/noThenProperty: awaiting `$` runs the command, as in Bun
  then(ok, fail) {
    return this._run().then(ok, fail);
  }
  catch(fail) {
    return this._run().catch(fail);
  }
  finally(fn) {
    return this._run().finally(fn);
  }
  text(enc) {
    this._quiet = true;
    return this._run().then((o) => o.text(enc));
  }
  json() {
    this._quiet = true;
    return this._run().then((o) => o.json());
  }
  // Bun yields every piece between newlines, the last (often empty) too.
  async *lines() {
    this._quiet = true;
    yield* (await this._run()).stdout.toString().split('\n');
  }
  arrayBuffer() {
    this._quiet = true;
    return this._run().then((o) => o.arrayBuffer());
  }
  bytes() {
    this._quiet = true;
    return this._run().then((o) => o.bytes());
  }
}

function $(strings, ...values) {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the message shows how to write the call
  if (!Array.isArray(strings) || !strings.raw) throw new TypeError('$ is a tagged template: $`command ${arg}`');
  return new ShellPromise(shellCommand(strings, values));
}
$.escape = (s) => shellCommand({ raw: ['', ''] }, [String(s)]);
$.cwd = (dir) => {
  shellDefaults.cwd = dir;
  return $;
};
$.env = (env) => {
  shellDefaults.env = env;
  return $;
};
$.nothrow = () => {
  shellDefaults.throws = false;
  return $;
};
$.throws = (v) => {
  shellDefaults.throws = v !== false;
  return $;
};
$.ShellError = ShellError;

return { $ };
