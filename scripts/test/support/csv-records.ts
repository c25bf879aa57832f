import { readFile } from 'node:fs/promises';
import type { Download } from 'playwright-core';

/**
 * The records of an RFC 4180 file as a spreadsheet reads them: quoted fields may hold commas, doubled quotes and
 * line breaks; a line break ends a record otherwise. Each record maps the header's names to its fields.
 */
export function csvRecords(text: string): { header: string[]; rows: Record<string, string>[] } {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      record.push(field);
      field = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += character;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  const [header = [], ...rest] = records;
  return {
    header,
    rows: rest.map((fields) =>
      Object.fromEntries(header.map((name, column) => [name, fields[column] ?? ''])),
    ),
  };
}

/** A download's file name and its records. */
export async function downloadedCsv(download: Download) {
  const text = await readFile(await download.path(), 'utf8');
  return { fileName: download.suggestedFilename(), ...csvRecords(text) };
}
