// Preloaded into the runtime process by llm-launcher.test.ts: gives it an Electron-style
// `process.parentPort` (messages arrive wrapped as { data }) on top of Node's IPC channel,
// so the utility-process code path of llm-child.ts runs without Electron.
process.parentPort = {
  postMessage: (message) => process.send(message),
  on: (event, listener) => process.on(event, (data) => listener({ data })),
};
process.on('disconnect', () => process.exit(0));
