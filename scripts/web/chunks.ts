/**
 * How the shell's and the remotes' builds group modules into chunks (issue 22 item 2). Left to itself, the
 * bundler made a chunk of every set of modules a different set of screens shares: the customer dashboard came in
 * 39 requests, and on HTTP/1.1 a browser sends six at a time, so every few of them cost another round trip.
 * module-federation/vite keeps its own groups above these (its shared-module wrappers and fallbacks stay where
 * federation needs them), so these only gather what it leaves to the bundler.
 */
interface ChunkGroup {
  name: string;
  test?: RegExp;
  priority: number;
  minShareCount?: number;
  tags?: Array<'$initial'>;
}

/** The federation runtime, which every page loads first: one file, not four. */
const federationRuntime: ChunkGroup = {
  name: 'federation-runtime',
  test: /[\\/]node_modules[\\/]@module-federation[\\/]/,
  priority: 30,
};

/**
 * What more than one screen uses: the design system and the data layer (every lib but the shared router and query
 * client, which federation places, and the contracts), the app's own shared components, the icons, and the
 * libraries they import. A library only a screen or a lazily loaded part of one imports (the charts, the payment
 * form) stays there. The contracts come in only as what those import: a schema that two lazily loaded parts use
 * (and zod under it, about 25 KB gzip) would otherwise be captured here and come with every screen (issue 22).
 */
const sharedByScreens: ChunkGroup = {
  name: 'common',
  test: /[\\/]libs[\\/](?!routing[\\/]|query[\\/]|contracts[\\/])|[\\/]src[\\/](components|format)[\\/]|[\\/]node_modules[\\/]lucide-react[\\/]/,
  minShareCount: 2,
  priority: 10,
};

/**
 * The host's own copies of the shared router and query client (through @app/routing and @app/query), which it
 * always uses: one chunk the page can ask for with the rest (shell/vite.config.ts hints it), not two found late.
 */
const hostSharedLibraries: ChunkGroup = {
  name: 'shared-libraries',
  test: /[\\/]node_modules[\\/](react-router|@tanstack[\\/](query-core|react-query))[\\/]|[\\/]libs[\\/](routing|query)[\\/]/,
  priority: 20,
};

export const remoteChunkGroups: readonly ChunkGroup[] = [federationRuntime, sharedByScreens];
/**
 * Everything else the host's first load runs, in one chunk: left to itself the bundler splits out each module a
 * lazily loaded part shares with it (the query keys, the logo, the loading helpers), one request each.
 */
const hostFirstLoad: ChunkGroup = {
  name: 'shell',
  // Files only (an absolute path): federation's own virtual modules keep the chunks its start-up order needs.
  test: /^(?:\/|[A-Za-z]:[\\/])(?!.*[\\/]shell[\\/]src[\\/]main\.tsx$).*[\\/](?:shell[\\/]src|libs|node_modules)[\\/]/,
  tags: ['$initial'],
  priority: 5,
};

/**
 * The libraries of what the shell loads lazily on its routes' first screens (the catalogue's category select, the
 * signed-in bar's menus and sheet): Radix with its positioning, focus trapping and scroll locking, the design
 * system's components over it, and the icons. One chunk rather than the four or five the bundler made of them,
 * each one more request on the six connections a browser opens to a host (issue 22: on slow 4G every request
 * holds its connection for at least the network's latency). Below the first load's group, so what the landing
 * page runs stays there; the toasts' own primitive stays with the deferred toaster, the catalogue's virtual list
 * with the catalogue.
 */
const hostLazyLibraries: ChunkGroup = {
  name: 'lazy-libraries',
  test: /[\\/]node_modules[\\/](@radix-ui[\\/](?!react-toast[\\/])|@floating-ui|react-remove-scroll|react-style-singleton|use-sidecar|use-callback-ref|aria-hidden|tslib|detect-node-es|get-nonce|lucide-react)|[\\/]libs[\\/]ui[\\/]src[\\/]components[\\/](?!virtual-list|paged-list)/,
  priority: 4,
};

/**
 * The shell's part under every remote route, loaded together at navigation (route-prefetch.tsx): the part that
 * shows the remote screen, what starts its code and reads, the signed-in bar, and what a signed-in page loads
 * next (the idle prefetch, the view-as banner); one chunk instead of seven.
 */
const hostRemoteFrame: ChunkGroup = {
  name: 'remote-frame',
  test: /[\\/]shell[\\/]src[\\/](federation|layout)[\\/]/,
  priority: 3,
};

/**
 * The host gathers no `common`: its pages are the landing page's lean first load (bench figure 10) and a few
 * lazy ones (catalogue, navigation bar, toaster), whose shared parts would all land in that first load.
 */
export const hostChunkGroups: readonly ChunkGroup[] = [
  federationRuntime,
  hostSharedLibraries,
  hostFirstLoad,
  hostLazyLibraries,
  hostRemoteFrame,
];
