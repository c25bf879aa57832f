import { describe, expect, it } from 'vitest';
import { hostStartupChunks, startupPreloadTags } from '../web/startup-preloads.js';

describe("the host's startup chunks hinted in index.html", () => {
  const bundle = [
    'index.html',
    'assets/index-BN1sgw9D.js',
    'assets/shared-libraries-8IfXDg-E.js',
    'assets/pendingShares-J9ShOoYR.js',
    'assets/catalog-page-Tjz70Huf.js',
    'assets/shared-libraries-8IfXDg-E.js.map',
  ];

  it('are the shared libraries and the pending-shares step, each a modulepreload from the root', () => {
    expect(startupPreloadTags(bundle, hostStartupChunks)).toEqual([
      {
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: '', href: '/assets/pendingShares-J9ShOoYR.js' },
        injectTo: 'head',
      },
      {
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: '', href: '/assets/shared-libraries-8IfXDg-E.js' },
        injectTo: 'head',
      },
    ]);
  });

  it('are none when the build has no such chunk', () => {
    expect(startupPreloadTags(['assets/index-BN1sgw9D.js'], hostStartupChunks)).toEqual([]);
  });
});
