export {
  internalSessionRoutes,
  type InternalSessionRoutesOptions,
  type SessionOwner,
} from './internal-sessions.routes.js';
export * from './login-throttle.js';
export * from './session-cookie.js';
export * from './session-store.js';
export * from './session-token.js';
export type * from './user-directory.js';
export { loginRoutes, type LoginRoutesOptions } from '../http/login.routes.js';
export { safeReturnTo } from '../http/login-return-to.js';
