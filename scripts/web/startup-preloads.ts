import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * The host's chunks that its federation runtime imports as it starts, which Vite cannot see as static imports:
 * its own copies of the shared libraries (chunks.ts) and the runtime's pending-shares step. Without a hint each
 * is found only once the chunk before it has run: two more round trips before anything renders (issue 22).
 */
export const hostStartupChunks: readonly RegExp[] = [
  /^assets\/shared-libraries-[\w-]+\.js$/,
  /^assets\/pendingShares-[\w-]+\.js$/,
];

export function startupPreloadTags(files: readonly string[], chunks: readonly RegExp[]): HtmlTagDescriptor[] {
  return files
    .filter((file) => chunks.some((chunk) => chunk.test(file)))
    .sort()
    .map((file) => ({
      tag: 'link',
      attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
      injectTo: 'head',
    }));
}

/** Adds a `modulepreload` to index.html for each chunk of the build that one of `chunks` names. */
export function preloadStartupChunks(chunks: readonly RegExp[]): Plugin {
  return {
    name: 'preload-startup-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) => startupPreloadTags(Object.keys(context.bundle ?? {}), chunks),
    },
  };
}
