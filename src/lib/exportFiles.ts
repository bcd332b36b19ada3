// The export files (docs/exports-and-insights.md): an ExportTable (exportRows.ts) written as a CSV Blob with
// papaparse, in chunks of rows, giving the event loop back between chunks and reporting progress,
// so a 100,000-answer event does not freeze the page. The Excel file (exportXlsx.ts) is added in
// the same chunks, but exceljs renders the whole sheet in one step at the end (seconds for 100,000
// rows, and its browser build has no streaming writer), so the page has it written in a worker
// (xlsxWorker.ts) and only waits for it; exceljs never loads on the page itself.

import Papa from 'papaparse';
import type { CellValue, ExportTable } from './exportRows';

export const CSV_TYPE = 'text/csv;charset=utf-8';

/** Rows written between two returns to the event loop. */
export const EXPORT_CHUNK_ROWS = 2_000;

export interface BuildOptions {
  chunkSize?: number;
  /** Called with the share done, from 0 to 1, rising, ending with 1. */
  onProgress?: (fraction: number) => void;
}

/** The byte order mark: Excel reads a CSV file as UTF-8 (accents and all) only with it. */
const BOM = '\uFEFF';
const CRLF = '\r\n';

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const pad = (value: number) => String(value).padStart(2, '0');

/** A time as CSV cells carry it: local 'yyyy-mm-dd hh:mm:ss', which spreadsheets read as a date-time. */
export function csvTime(date: Date): string {
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

const csvCell = (value: CellValue): string | number => (value === null ? '' : value instanceof Date ? csvTime(value) : value);

/**
 * Calls `write` for each chunk of rows, reporting progress (up to `share` of the whole) and giving
 * the event loop back in between.
 */
export async function inChunks(
  rows: CellValue[][],
  { chunkSize = EXPORT_CHUNK_ROWS, onProgress }: BuildOptions,
  share: number,
  write: (chunk: CellValue[][]) => void,
) {
  for (let start = 0; start < rows.length; start += chunkSize) {
    write(rows.slice(start, start + chunkSize));
    onProgress?.((share * Math.min(rows.length, start + chunkSize)) / rows.length);
    await nextTurn();
  }
}

/** The table as a CSV file: a header row, CRLF line ends, UTF-8 with a byte order mark. */
export async function csvBlob(table: ExportTable, options: BuildOptions = {}): Promise<Blob> {
  const parts = [BOM, Papa.unparse([table.columns.map((column) => column.header)], { newline: CRLF })];
  await inChunks(table.rows, options, 1, (chunk) => {
    parts.push(
      CRLF,
      Papa.unparse(
        chunk.map((row) => row.map(csvCell)),
        { newline: CRLF },
      ),
    );
  });
  options.onProgress?.(1);
  return new Blob(parts, { type: CSV_TYPE });
}

/** What the worker (xlsxWorker.ts) answers. */
export type XlsxWorkerMessage =
  { kind: 'progress'; fraction: number } | { kind: 'done'; blob: Blob } | { kind: 'failed'; message: string };

/** exportXlsx.ts's xlsxBlob() run in a worker (in the browser), so the page stays responsive while the file is written. */
export function xlsxBlobInWorker(table: ExportTable, onProgress?: (fraction: number) => void): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./xlsxWorker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<XlsxWorkerMessage>) => {
      const message = event.data;
      if (message.kind === 'progress') {
        onProgress?.(message.fraction);
        return;
      }
      worker.terminate();
      if (message.kind === 'done') resolve(message.blob);
      else reject(new Error(message.message));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The Excel file could not be written.'));
    };
    worker.postMessage(table);
  });
}
