/**
 * The page size of a read that follows every page (a customer's own lists, one tenant's subscriptions): the
 * lists' most, `maxPageLimit` in @app/contracts paging.ts (a value import would bring zod into the browser
 * bundle; test/paging.test.ts checks the two agree).
 */
export const allPagesLimit = 200;
