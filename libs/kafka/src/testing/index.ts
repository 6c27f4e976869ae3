export { startMockCluster, stopProcess, type MockCluster } from './kcat-mock-cluster.js';
export { readTopicWithKcat, type KcatRecord } from './kcat-reader.js';
export { freePort, forwardPort, rawHttpRequest } from './late-port.js';
export {
  scriptedDraft,
  eventCount,
  type ScriptedAppend,
  type ScriptedDraft,
  type ScriptedFigures,
} from './scripted-draft.js';
