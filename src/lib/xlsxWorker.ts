// The worker that writes an export's Excel file with exportXlsx.ts, for exportFiles.ts's
// xlsxBlobInWorker(): it receives the table, reports progress and answers with the file, so the
// page never waits on exceljs.

import type { XlsxWorkerMessage } from './exportFiles';
import type { ExportTable } from './exportRows';
import { xlsxBlob } from './exportXlsx';

const answer = (message: XlsxWorkerMessage) => self.postMessage(message);

self.onmessage = async (event: MessageEvent<ExportTable>) => {
  try {
    const blob = await xlsxBlob(event.data, { onProgress: (fraction) => answer({ kind: 'progress', fraction }) });
    answer({ kind: 'done', blob });
  } catch (error) {
    answer({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
