// jsdom with the web platform globals that jsdom lacks but browsers (and Node) have: the fetch API that React
// Router's data routers and RTK Query build requests with, and the encoding and streams APIs. Node's own
// implementations are lent to the jsdom window.
import JSDOMEnvironment from 'jest-environment-jsdom';

const LENT_GLOBALS = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'structuredClone',
];

export default class WebPlatformEnvironment extends JSDOMEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of LENT_GLOBALS) {
      // jsdom's own AbortController/FormData stay: its DOM events and forms rely on them.
      if (typeof this.global[name] === 'undefined' && typeof globalThis[name] !== 'undefined') {
        this.global[name] = globalThis[name];
      }
    }
  }
}
