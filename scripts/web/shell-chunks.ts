import type { Plugin } from 'vite';
import { builtChunks, staticClosure, type BuiltChunk } from './chunk-graph.js';

/** What the shell's build writes beside index.html: its own lazily loaded files each route segment needs. */
export const shellChunksFile = 'shell-chunks.json';

/**
 * For each first path segment, the files of the shell's lazily loaded modules its first screen needs (`catalog`:
 * the catalogue page; a remote's segment: the part that shows a remote screen and the signed-in bar), with what
 * they import statically, less what index.html already asks for. The gateway hints them in the segment's page, so
 * they come with the first chunks rather than once the shell has started (issue 22). A module that no chunk holds
 * (renamed, gone) fails the build instead of leaving its route unhinted.
 */
export function shellChunks(
  chunks: readonly BuiltChunk[],
  modulesBySegment: Readonly<Record<string, readonly string[]>>,
): Record<string, string[]> {
  const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  const initial = new Set(staticClosure(chunks, entries));
  const chunkOf = (module: string): string => {
    const found = chunks.find((chunk) =>
      chunk.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(`/${module}`)),
    );
    if (!found) throw new Error(`no chunk holds ${module}`);
    return found.fileName;
  };
  return Object.fromEntries(
    Object.entries(modulesBySegment).map(([segment, modules]) => [
      segment,
      staticClosure(chunks, modules.map(chunkOf)).filter((file) => !initial.has(file)),
    ]),
  );
}

export function writeShellChunks(modulesBySegment: Readonly<Record<string, readonly string[]>>): Plugin {
  return {
    name: 'shell-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: shellChunksFile,
        source: JSON.stringify(shellChunks(builtChunks(bundle), modulesBySegment)),
      });
    },
  };
}
