import { z } from 'zod';

/**
 * Paged lists (ARCHITECTURE.md "Decisions for growth"): every list endpoint answers the spec's JSON array, at most
 * `limit` items of it, and while more remain an RFC 8288 `Link: <…>; rel="next"` header whose address asks for the
 * next page (the same filters plus an opaque `cursor`). The cursor is a keyset position, never an offset, so a page
 * deep in a list of 100,000 costs what the first does and rows written meanwhile neither repeat nor go missing.
 */
export const defaultPageLimit = 50;
export const maxPageLimit = 200;

export const pageLimitSchema = z.coerce
  .number({ error: 'limit must be a whole number' })
  .int({ error: 'limit must be a whole number' })
  .min(1, { error: 'limit must be at least 1' })
  .max(maxPageLimit, { error: `limit must be at most ${maxPageLimit}` })
  .default(defaultPageLimit);

/**
 * A cursor is base64url text a list gave out in its Link header; its content is the server's business. The cap
 * holds the longest key a list gives: the catalogue's is a 120-character name of up to 3 UTF-8 bytes each and an
 * id, about 540 characters once encoded.
 */
export const pageCursorSchema = z
  .string()
  .max(1024, { error: 'cursor is too long; use the one a Link header gave' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'cursor is not one a Link header gave' });

export const pageQueryShape = {
  limit: pageLimitSchema.describe(`How many items, 1 to ${maxPageLimit}; ${defaultPageLimit} when absent`),
  cursor: pageCursorSchema
    .optional()
    .describe('Where the page starts: the cursor of the previous page\'s Link rel="next" address'),
};

/** `q`: a case-insensitive substring search; trimmed, so spaces alone search for nothing. */
export const searchTextSchema = z
  .string()
  .trim()
  .max(100, { error: 'q must be at most 100 characters' })
  .transform((text) => (text === '' ? undefined : text))
  .optional();

/** A yes/no filter written `true` or `false` in a query string. */
export const booleanQuerySchema = (name: string) =>
  z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((text) => text === 'true');

export interface PageQuery {
  limit: number;
  cursor?: string | undefined;
}

/** The Link header's documentation, for the OpenAPI document of every paged route. */
export const nextPageLinkDescription =
  'RFC 8288 `<address>; rel="next"` while more items remain: the same query with the cursor of the next page. ' +
  'Absent on the last page.';
