import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What is worth compressing: text. Images and fonts here are compressed formats already. */
const compressible = /\.(js|mjs|css|json|svg|txt|map)$/;
/** Below this the encoding's own overhead eats most of the gain (the gateway's compression has the same floor). */
export const minimumBytes = 1024;

export interface Precompressed {
  br: Buffer;
  gz: Buffer;
}

/** Both encodings at their best levels, which only a build can afford (issue 22: not per request, not at 4 or 6). */
export async function precompressed(content: Uint8Array): Promise<Precompressed> {
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
      },
    }),
    gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gz };
}

export function shouldPrecompress(fileName: string, byteLength: number): boolean {
  return compressible.test(fileName) && byteLength >= minimumBytes;
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, which the gateway sends as they are to
 * a browser that accepts them (@fastify/static's preCompressed) instead of compressing on every request. From
 * the files on disk once the build is written: module federation rewrites some of its chunks there after writing.
 */
export function precompressAssets(): Plugin {
  const written: string[] = [];
  return {
    name: 'precompress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      if (!options.dir) throw new Error('precompress-assets needs build.outDir');
      for (const fileName of Object.keys(bundle)) written.push(join(options.dir, fileName));
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await Promise.all(written.splice(0).map(precompressFile));
      },
    },
  };
}

async function precompressFile(path: string): Promise<void> {
  const content = await readFile(path);
  if (!shouldPrecompress(path, content.byteLength)) return;
  const { br, gz } = await precompressed(content);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
}
