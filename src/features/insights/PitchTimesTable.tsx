// The insights page's pitch times (docs/exports-and-insights.md): what the pitch timer saw of each
// presenter, in the order they pitched (their pitch length with the pauses left out, and the
// overtime past the pitch and question time), and the session's total overrun.

import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatClock } from '../../../domain/pitchTimer';
import { shownLength, type PitchTimes } from '../../lib/pitchTimeRows';

export const pitchTimesMessages = {
  none: 'No pitch has been timed yet: the clock starts when a presenter goes live.',
} as const;

export function PitchTimesTable({ times }: { times: PitchTimes }) {
  if (times.rows.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {pitchTimesMessages.none}
      </Typography>
    );
  }
  return (
    <>
      <Typography sx={{ mb: 1 }} data-testid="total-overrun">
        {`Total overrun: ${shownLength(times.totalOvertimeMs)}`}
      </Typography>
      <TableContainer tabIndex={0} aria-label="Pitch times" sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <caption>Each presenter's time live, pauses left out, and how far it ran past the time set.</caption>
          <TableHead>
            <TableRow>
              <TableCell scope="col">Presenter</TableCell>
              <TableCell scope="col" align="right">
                Pitch length
              </TableCell>
              <TableCell scope="col" align="right">
                Overtime
              </TableCell>
              <TableCell scope="col" align="right">
                Time set
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {times.rows.map((row) => (
              <TableRow key={row.presenterId}>
                <TableCell component="th" scope="row">
                  {row.presenterName}
                </TableCell>
                <TableCell align="right">{shownLength(row.lengthMs)}</TableCell>
                <TableCell align="right">{row.overtimeMs > 0 ? `+${shownLength(row.overtimeMs)}` : 'None'}</TableCell>
                <TableCell align="right">
                  {row.questionSeconds > 0
                    ? `${formatClock(row.pitchSeconds)} + ${formatClock(row.questionSeconds)} questions`
                    : formatClock(row.pitchSeconds)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
