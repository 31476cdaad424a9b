// ---- node/os.js: node:os ------------------------------------------------------
const { processEnv } = need('node/process');
const info = hostInfo();

const os = {
  EOL: '\n',
  platform: () => info.platform,
  type: () => (info.platform === 'darwin' ? 'Darwin' : info.platform === 'win32' ? 'Windows_NT' : 'Linux'),
  arch: () => info.arch,
  release: () => '',
  tmpdir: () => info.tmpdir,
  homedir: () => info.homedir,
  hostname: () => info.hostname,
  cpus: () =>
    Array.from({ length: info.cpus }, () => ({
      model: 'cpu',
      speed: 0,
      times: { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 },
    })),
  availableParallelism: () => info.cpus,
  totalmem: () => 0,
  freemem: () => 0,
  uptime: () => process.uptime(),
  loadavg: () => [0, 0, 0],
  networkInterfaces: () => ({}),
  endianness: () => 'LE',
  userInfo: () => ({
    username: processEnv.USER || 'user',
    uid: 0,
    gid: 0,
    shell: processEnv.SHELL || '/bin/sh',
    homedir: info.homedir,
  }),
  constants: { signals: {} },
};

return { os };
