// The control screen's Export menu (docs/exports-and-insights.md): the event's responses, final
// matches, pitch times or (with meetings after matching on) meetings as CSV or Excel, downloaded as
// {event-title-slug}-{responses|matches|pitch-times|meetings}-{yyyy-mm-dd}.{csv|xlsx}, with
// the progress shown while the data is read and the file written, and a toast when it fails. The
// export code (papaparse, exceljs and the modules around them) loads on the first click only, so
// it weighs nothing in any first load.

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { timings } from '../../../config/constants';
import type { ExportFormat, ExportKind, ExportTable } from '../../../lib/exportRows';
import type { Event } from '../../../types/event';

export const exportMessages = {
  failed: 'The export failed. Check the connection and try again.',
} as const;

const CHOICES: { kind: ExportKind; format: ExportFormat; label: string }[] = [
  { kind: 'responses', format: 'csv', label: 'Responses (CSV)' },
  { kind: 'responses', format: 'xlsx', label: 'Responses (Excel)' },
  { kind: 'matches', format: 'csv', label: 'Matches (CSV)' },
  { kind: 'matches', format: 'xlsx', label: 'Matches (Excel)' },
  { kind: 'pitch-times', format: 'csv', label: 'Pitch times (CSV)' },
  { kind: 'pitch-times', format: 'xlsx', label: 'Pitch times (Excel)' },
  { kind: 'meetings', format: 'csv', label: 'Meetings (CSV)' },
  { kind: 'meetings', format: 'xlsx', label: 'Meetings (Excel)' },
];

/** The kinds as the progress line names them. */
const KIND_NAMES: Record<ExportKind, string> = {
  responses: 'responses',
  matches: 'matches',
  'pitch-times': 'pitch times',
  meetings: 'meetings',
};

/** The share of the progress bar that reading the data stands for; writing the file is the rest. */
const READ_SHARE = 0.6;
/** How long the file's object URL outlives the click that downloads it. */
const REVOKE_AFTER_MS = 60_000;

/** Reads the event's data and writes the file, reporting progress from 0 to 1. */
async function exportFile(event: Event, kind: ExportKind, format: ExportFormat, report: (fraction: number) => void) {
  const [reads, rows, files] = await Promise.all([
    import('../../../db/exports'),
    import('../../../lib/exportRows'),
    import('../../../lib/exportFiles'),
  ]);
  let table: ExportTable;
  if (kind === 'responses') {
    const data = await reads.getResponsesExport(event.id, (read, total) =>
      report(total === 0 ? READ_SHARE : (READ_SHARE * read) / total),
    );
    table = rows.responsesTable(rows.responseRows(data));
  } else if (kind === 'pitch-times') {
    // The live event document holds what the clock saw: nothing to read.
    const pitch = await import('../../../lib/pitchTimeRows');
    table = pitch.pitchTimesTable(pitch.pitchTimes(event));
  } else if (kind === 'meetings') {
    const meetings = await import('../../../lib/meetingRows');
    table = meetings.meetingsTable(meetings.meetingRows(await reads.getMeetingsExport(event)));
  } else {
    table = rows.matchesTable(rows.matchRows(await reads.getMatchesExport(event.id)));
  }
  report(READ_SHARE);
  const onProgress = (fraction: number) => report(READ_SHARE + (1 - READ_SHARE) * fraction);
  const blob = format === 'csv' ? await files.csvBlob(table, { onProgress }) : await files.xlsxBlobInWorker(table, onProgress);
  return { blob, name: rows.exportFileName(event.title, kind, format, new Date()) };
}

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

export function EventExport({ event }: { event: Event }) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [running, setRunning] = useState<{ kind: ExportKind; percent: number } | null>(null);

  const start = async (kind: ExportKind, format: ExportFormat) => {
    setAnchor(null);
    setRunning({ kind, percent: 0 });
    try {
      const { blob, name } = await exportFile(event, kind, format, (fraction) =>
        setRunning({ kind, percent: Math.round(fraction * 100) }),
      );
      download(blob, name);
    } catch (error) {
      console.warn('The export failed.', error);
      toast.error(exportMessages.failed, { autoClose: timings.adminToastMs });
    } finally {
      setRunning(null);
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mr: 2 }}>
      {running && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {`Exporting ${KIND_NAMES[running.kind]}… ${running.percent}%`}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={running.percent}
            aria-label={`Exporting ${KIND_NAMES[running.kind]}`}
            sx={{ width: 96 }}
          />
        </Box>
      )}
      <Button
        variant="outlined"
        size="small"
        disabled={running !== null}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(click) => setAnchor(click.currentTarget)}
      >
        Export
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {CHOICES.filter(({ kind }) => kind !== 'meetings' || event.meetings.enabled).map(({ kind, format, label }) => (
          <MenuItem key={label} onClick={() => void start(kind, format)}>
            {label}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
