import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this a response goes as it is: compressing a few hundred bytes costs more than it saves. */
const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * API answers are compressed on the fly when large (the device tree, dashboards, history series). Brotli at
 * quality 4 compresses JSON nearly as well as gzip at 9 for a fraction of the CPU; its default (11) is meant for
 * files compressed once, which the SPA's assets are, at build (vite.config.ts), and served as they are.
 * The live socket and the alarm stream hijack their connections, so they are never buffered here.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
