// The Excel export (docs/exports-and-insights.md): an ExportTable (exportRows.ts) as a workbook written with
// exceljs, as a Blob: one sheet, the header row bold, frozen and filterable, numbers as numbers,
// times as date-times, columns sized. The rows go in in chunks with progress (exportFiles.ts);
// exceljs's in-memory workbook is the one its browser build has (no streaming writer), and it
// renders the sheet in one step at the end, so the page runs this in a worker (xlsxWorker.ts).

import ExcelJS from 'exceljs';
import { inChunks, type BuildOptions } from './exportFiles';
import type { CellValue, ExportColumn, ExportTable } from './exportRows';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const NUMBER_FORMATS: Record<ExportColumn['kind'], string | undefined> = {
  text: undefined,
  integer: '0',
  decimal: '0.00',
  time: 'yyyy-mm-dd hh:mm:ss',
};

/**
 * A spreadsheet time has no time zone and exceljs writes a Date's UTC clock: the local clock
 * moved into UTC makes the cell show the time the admin's own clock showed, as the CSV does.
 */
const wallClock = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000);

const xlsxCell = (value: CellValue) => (value === null ? null : value instanceof Date ? wallClock(value) : value);

/** The share of the progress that adding the rows stands for; writing the file is the rest. */
const XLSX_ROWS_SHARE = 0.8;

/**
 * The table as an Excel workbook: one sheet, the header row bold, frozen and filterable, numbers
 * as numbers, times as date-times, columns sized. Text cells are written as text values, never as
 * formulas.
 */
export async function xlsxBlob(table: ExportTable, options: BuildOptions = {}): Promise<Blob> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(table.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((column) => {
    const numFmt = NUMBER_FORMATS[column.kind];
    return { header: column.header, width: column.width, ...(numFmt ? { style: { numFmt } } : {}) };
  });
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
  await inChunks(table.rows, options, XLSX_ROWS_SHARE, (chunk) => {
    sheet.addRows(chunk.map((row) => row.map(xlsxCell)));
  });
  options.onProgress?.(XLSX_ROWS_SHARE);
  const buffer = await workbook.xlsx.writeBuffer();
  options.onProgress?.(1);
  return new Blob([buffer], { type: XLSX_TYPE });
}
