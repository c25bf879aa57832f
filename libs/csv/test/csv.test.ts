import { describe, expect, it } from 'vitest';
import { csvCell, csvLines, csvRow, toCsv } from '../src/index.js';

describe('csvCell', () => {
  it('quotes cells with commas, quotes or line breaks, doubling the quotes', () => {
    expect(['x,y', 'say "hi"', 'two\nlines', 'a\rb', 'plain'].map(csvCell)).toEqual([
      '"x,y"',
      '"say ""hi"""',
      '"two\nlines"',
      '"a\rb"',
      'plain',
    ]);
  });

  it('keeps a text cell from being read as a formula, whatever starts it', () => {
    expect(['=SUM(A1)', '+1', '-2+3', '@x', '\t=1', '\r=1', 'a=b'].map(csvCell)).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-2+3",
      "'@x",
      "'\t=1",
      `"'\r=1"`,
      'a=b',
    ]);
  });

  it('quotes a formula that also holds a comma after prefixing it', () => {
    expect(csvCell('=HYPERLINK("http://x.invalid","click")')).toBe(
      `"'=HYPERLINK(""http://x.invalid"",""click"")"`,
    );
  });

  it('writes numbers as they are and null as an empty field', () => {
    expect([-3, 2.5, 0, null].map(csvCell)).toEqual(['-3', '2.5', '0', '']);
  });
});

describe('csvRow and toCsv', () => {
  it('end every record with CRLF', () => {
    expect(csvRow(['a', 1, null])).toBe('a,1,\r\n');
    expect(
      toCsv([
        ['a', 1],
        ['b', 2.5],
      ]),
    ).toBe('a,1\r\nb,2.5\r\n');
  });
});

describe('csvLines', () => {
  it('yields the header, then one line per row as the rows arrive', async () => {
    const pulled: number[] = [];
    async function* rows() {
      for (const n of [1, 2]) {
        pulled.push(n);
        yield [`row ${n}`, n];
      }
    }
    const lines = csvLines(['Name', 'N'], rows());
    expect((await lines.next()).value).toBe('Name,N\r\n');
    expect(pulled).toEqual([]);
    expect((await lines.next()).value).toBe('row 1,1\r\n');
    expect(pulled).toEqual([1]);
    expect((await lines.next()).value).toBe('row 2,2\r\n');
    expect((await lines.next()).done).toBe(true);
  });
});
