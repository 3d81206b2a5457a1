import * as webStreams from 'node:stream/web';

/**
 * A VM-pool test file runs in jsdom's own context, which has none of Node's web streams; msw's fetch interceptor
 * needs them (TransformStream) as Node's globals give them to the other pools.
 */
for (const [name, value] of Object.entries(webStreams)) {
  if (!(name in globalThis)) Object.assign(globalThis, { [name]: value });
}
