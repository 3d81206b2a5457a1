import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    port: number;
    mqttPort: number;
    dataDir: string;
  }
}

let server: RunningServer | undefined;

/** One real server (embedded PGlite and broker, demo seed) for the whole end-to-end run. */
export async function setup(project: TestProject) {
  server = await startServer();
  project.provide('port', server.port);
  project.provide('mqttPort', server.mqttPort);
  project.provide('dataDir', server.dataDir);
}

export async function teardown() {
  await server?.stop();
}
