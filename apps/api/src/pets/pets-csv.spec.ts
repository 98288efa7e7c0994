// The CSV writer alone: RFC 4180 quoting, CRLF line ends, and cells a spreadsheet would run as
// formulas prefixed with `'` (docs/partners/pets.md); names the API refuses (tabs, line breaks)
// are covered here, where they can be written.
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, petsCsv } from './pets-csv.js';

describe('the pets CSV writer', () => {
  it.each([
    ['Rex', 'Rex'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@x', "'@x"],
    ['\tTab', "'\tTab"],
    ['\rReturn', `"'\rReturn"`],
    ['Biscuit "Jr."', '"Biscuit ""Jr."""'],
    ['Rex, the second', '"Rex, the second"'],
    ['two\nlines', '"two\nlines"'],
    ['=1,"2"', `"'=1,""2"""`],
    ['Zoë 猫 🐈', 'Zoë 猫 🐈'],
    ['a=b', 'a=b'],
    [42, '42'],
  ])('writes %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('ends every line with CRLF', () => {
    expect(csvLine([1, 'a', 2, 'sold'])).toBe('1,a,2,sold\r\n');
  });

  it('streams the header, then each page as it is read', async () => {
    const read: number[] = [];
    async function* pages() {
      await Promise.resolve();
      read.push(1);
      yield [{ id: 1, name: 'Rex', categoryId: 1, status: 'available' as const }];
      read.push(2);
      yield [];
      read.push(3);
      yield [{ id: 7, name: '-7', categoryId: 2, status: 'sold' as const }];
    }
    const stream = petsCsv(pages());
    expect(read).toEqual([]);
    expect(await text(stream)).toBe(
      "id,name,categoryId,status\r\n1,Rex,1,available\r\n7,'-7,2,sold\r\n",
    );
    expect(read).toEqual([1, 2, 3]);
  });
});
