import { z } from 'zod';
import {
  missingMetricsGroups,
  tenantMetricsDocumentSchema,
  type TenantMetricsDocument,
  type TenantMetricsGroup,
} from '@app/contracts';

export type ParsedDocument =
  | { ok: true; document: TenantMetricsDocument; missingGroups: TenantMetricsGroup[] }
  | { ok: false; reason: string };

/** Long enough for a few field paths; a recorded reason is read by an admin, not stored as a second copy. */
const maxReasonLength = 600;

/**
 * A tenant app's answer as a metrics document (SPEC.md §3): JSON, then the snake_case schema. Unknown fields are
 * dropped, absent groups are listed as missing, and anything malformed is refused with the paths at fault.
 */
export function parseMetricsDocument(body: string): ParsedDocument {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, reason: 'The answer is not JSON' };
  }
  const parsed = tenantMetricsDocumentSchema.safeParse(json);
  if (!parsed.success) {
    const reason = `The metrics document is malformed: ${z.prettifyError(parsed.error).replaceAll('\n', ' ')}`;
    return { ok: false, reason: truncate(reason) };
  }
  return { ok: true, document: parsed.data, missingGroups: missingMetricsGroups(parsed.data) };
}

function truncate(text: string): string {
  return text.length <= maxReasonLength ? text : `${text.slice(0, maxReasonLength - 1)}…`;
}
