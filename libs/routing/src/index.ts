/**
 * The router the shell and both remotes share as one instance (ARCHITECTURE.md "Front end"): the parts of
 * react-router-dom the apps use, and only those. Module federation bundles a shared package whole, since any
 * remote could call any of its exports: shared as react-router-dom itself that was 63 KB gzip of a visitor's first
 * load, shared as this list it is about 16 KB (bench figure 10). Apps import routing from here, never from
 * react-router-dom (ESLint enforces it): a direct import would bring a router of its own that cannot see the
 * shell's. A new need is one more name below.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Route,
  Routes,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps, NavLinkProps } from 'react-router-dom';
