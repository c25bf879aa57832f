// What starts a remote's route, in a chunk of its own: the remote screens' loading (load-screen.ts, with the
// federation runtime's calls) and their first reads (with the queries of every admin list they name) stay out of
// the landing page's first load (bench figure 10). The gateway hints the chunk in every remote route's page, so
// there it is at hand as soon as the shell starts.
export { loadScreen } from './load-screen.js';
export { prefetchScreenReads } from '@app/web-data';
