// electron-builder beforePack hook: rebuild better-sqlite3 for the Electron version and
// architecture being packaged (as actualbudget/actual does), so the app never loads the
// Node build used by the tests and the CLI.
const { rebuild } = require('@electron/rebuild');

exports.default = async function beforePack(context) {
  const electronVersion = context.packager.info.framework.version;
  const arch = ['ia32', 'x64', 'armv7l', 'arm64', 'universal'][context.arch] ?? 'x64';
  await rebuild({ buildPath: context.packager.info.appDir, electronVersion, arch, onlyModules: ['better-sqlite3'], force: true });
};
