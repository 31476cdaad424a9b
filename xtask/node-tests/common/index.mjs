// The ES module face of the stand-in `common` (`import '../common/index.mjs'`).
import { createRequire } from 'module';

const require = createRequire(import.meta.url);
const common = require('./index.js');

const getPort = () => common.PORT;
export const {
  allowGlobals,
  buildType,
  canCreateSymLink,
  enoughTestMem,
  escapePOSIXShell,
  expectsError,
  expectWarning,
  getArrayBufferViews,
  getBufferSources,
  getTTYfd,
  hasCrypto,
  hasInspector,
  hasSQLite,
  hasIntl,
  hasIPv6,
  isAIX,
  isAlive,
  isFreeBSD,
  isIBMi,
  isInsideDirWithUnusualChars,
  isLinux,
  isOpenBSD,
  isMacOS,
  isSunOS,
  isWindows,
  localIPv6Hosts,
  mustCall,
  mustCallAtLeast,
  mustNotCall,
  mustNotMutateObjectDeep,
  mustSucceed,
  nodeProcessAborted,
  parseTestMetadata,
  PIPE,
  platformTimeout,
  printSkipMessage,
  runWithInvalidFD,
  skip,
  skipIf32Bits,
  skipIfEslintMissing,
  skipIfInspectorDisabled,
  skipIfSQLiteMissing,
  spawnPromisified,
  sleepSync,
} = common;

export { createRequire, getPort };
