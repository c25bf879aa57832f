import type { Plugin } from 'vite';
import { builtChunks, staticClosure, type BuiltChunk } from './chunk-graph.js';

/** What a remote's build writes beside its remoteEntry.js: the files each of its screens loads, by screen. */
export const screenChunksFile = 'screen-chunks.json';

/** A screen's own module, by the remotes' layout: `src/screens/<screen>/<screen>-page.tsx`. */
const screenModule = /[\\/]src[\\/]screens[\\/]([^\\/]+)[\\/]\1-page\.tsx$/;

/**
 * The files a screen of a remote needs, from the remote's entry to the screen's own chunk: the entry and what it
 * imports as it starts (the federation runtime, its share map, the exposed routes), the screen's chunk and
 * everything these import statically. The gateway hints them in the page of the screen's route (issue 22), so
 * they come in one round trip instead of one after another. A shared library's fallback copy is left out.
 */
export function screenChunks(chunks: readonly BuiltChunk[], entryFileName: string): Record<string, string[]> {
  const entry = chunks.find((chunk) => chunk.fileName === entryFileName);
  if (!entry) throw new Error(`the build has no ${entryFileName}`);
  const screens: Record<string, string[]> = {};
  for (const chunk of chunks) {
    const screen = chunk.facadeModuleId === null ? null : screenModule.exec(chunk.facadeModuleId)?.[1];
    if (screen)
      screens[screen] = staticClosure(chunks, [entry.fileName, ...entry.dynamicImports, chunk.fileName]);
  }
  return screens;
}

/** Writes screen-chunks.json for the remote whose entry is `entryFileName`. */
export function writeScreenChunks(entryFileName: string): Plugin {
  return {
    name: 'screen-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: screenChunksFile,
        source: JSON.stringify(screenChunks(builtChunks(bundle), entryFileName)),
      });
    },
  };
}
