// "Export CSV of what is shown" (issue 14): sections of rows, one CSV file, RFC 4180 quoting.

export type CsvCell = string | number | null | undefined;
export interface CsvSection {
  title: string;
  header: string[];
  rows: CsvCell[][];
}

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Sections one after another, each a title line, a header and its rows, a blank line between. */
export function toCsv(sections: readonly CsvSection[]): string {
  return sections
    .map((s) => [[s.title], s.header, ...s.rows].map((row) => row.map(cell).join(',')).join('\r\n'))
    .join('\r\n\r\n');
}

export function downloadCsv(fileName: string, sections: readonly CsvSection[]) {
  // A byte-order mark so spreadsheet programs read the accents as UTF-8.
  const blob = new Blob([`\uFEFF${toCsv(sections)}\r\n`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
