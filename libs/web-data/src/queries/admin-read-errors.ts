import type { ErrorMessage } from '../http.js';

/** SPEC.md §8: admin page requests fail with "HTTP error! status: {code}"; the tenant read has its own. */
export const adminReadError: ErrorMessage = ({ status }) => `HTTP error! status: ${status}`;
export const tenantReadError: ErrorMessage = () => 'Failed to fetch tenant';
