import type { ReplyRecord } from './ledger.js';
import type { WriteFinding } from './write-checks.js';

/**
 * The suite's report: one row per fault (and one for the load before the first), as a Markdown table for the
 * README next to the benchmark figures.
 */
export interface WindowRow {
  fault: string;
  /** Seconds from the fault to every process ready and every client's writes acknowledged again. */
  recoveredInS: number | null;
  /** For dependency outages: whether every dependent said it was not ready. */
  readiness: string;
  notes: string[];
}

export function faultTable(
  rows: readonly WindowRow[],
  replies: readonly ReplyRecord[],
  findings: readonly WriteFinding[],
): string {
  const header = [
    '| fault | what clients saw | recovered in | readiness while down | acknowledged | present | missing | duplicated |',
    '|---|---|---|---|---|---|---|---|',
  ];
  const line = (row: WindowRow) => {
    const mine = findings.filter((finding) => finding.write.window === row.fault);
    const counts = tallyWrites(mine);
    const recovered = row.recoveredInS === null ? '—' : `${row.recoveredInS.toFixed(1)} s`;
    const fault = [row.fault, ...row.notes].join('; ');
    return `| ${fault} | ${statusCounts(replies.filter((reply) => reply.window === row.fault))} | ${recovered} | ${row.readiness} | ${counts.acknowledged} | ${counts.present} | ${counts.missing} | ${counts.duplicated} |`;
  };
  const total = tallyWrites(findings);
  const totalLine = `| **all** | ${statusCounts(replies)} | | | ${total.acknowledged} | ${total.present} | ${total.missing} | ${total.duplicated} |`;
  return [...header, ...rows.map(line), totalLine].join('\n');
}

/** `200 ×412, 503 ×7, timeout ×1`: replies by status (and problem type), most frequent first. */
export function statusCounts(replies: readonly ReplyRecord[]): string {
  const counts = new Map<string, number>();
  for (const reply of replies) counts.set(reply.label, (counts.get(reply.label) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([label, count]) => `${label.replace('urn:problem:', '')} ×${count}`)
    .join(', ');
}

export function tallyWrites(findings: readonly WriteFinding[]) {
  return {
    acknowledged: findings.length,
    present: findings.filter((finding) => finding.missingIn.length === 0 && finding.duplicatedIn.length === 0)
      .length,
    missing: findings.filter((finding) => finding.missingIn.length > 0).length,
    duplicated: findings.filter((finding) => finding.duplicatedIn.length > 0).length,
  };
}
