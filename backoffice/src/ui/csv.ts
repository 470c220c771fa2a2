// The one way the console writes CSV (every export: tables, reports). Spreadsheet programs run a cell that begins
// with = + - @ tab or CR as a formula, so a player named `=HYPERLINK("http://evil","Click")` would become a live
// link (or worse, DDE) in the operator's spreadsheet. Per OWASP's "CSV Injection" guidance such a cell gets a
// leading apostrophe and is quoted; quotes inside a value are doubled and values with commas or line breaks are
// quoted (papaparse). A plain negative number ("-120.00") stays a number: it is not a formula, and reports add it up.
import Papa from 'papaparse';

export type CsvValue = string | number | boolean | null | undefined;

/** A cell that a spreadsheet would read as a formula (and that is not a plain negative number). */
export const FORMULA_START = /^(?!-\d+(?:\.\d+)?$)[=+\-@\t\r]/;

/** CSV text of a header row and data rows; formula-like cells neutralised, every text cell quoted as needed. */
export function toCsv(fields: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return Papa.unparse(
    { fields: [...fields], data: rows.map((r) => r.map((v) => v ?? '')) },
    { escapeFormulae: FORMULA_START, quoteChar: '"', escapeChar: '"', newline: '\r\n' },
  );
}

/** Offers `text` as a download named `fileName` (UTF-8, with a byte-order mark so Excel reads Bangla names right). */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName.endsWith('.csv') ? fileName : `${fileName}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
