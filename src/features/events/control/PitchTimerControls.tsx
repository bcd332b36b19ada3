// The control screen's pitch timer, beside the live presenter: the clock as the room sees it (its
// state in words and an icon), and Pause / Resume and Restart, with their keys (T and R, see
// useControlShortcuts). Nothing shows while nobody with a clock is live. The buttons follow the
// event's clock itself, not its reading: a new clock is read a render later, and a button that left
// the page for that render would take the focus of the operator who just pressed it.

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isPaused, type TimerCommand } from '../../../../domain/pitchTimer';
import { ClockStateIcon } from '../../../components/ClockStateIcon';
import { PauseIcon, PlayIcon, ReplayIcon } from '../../../components/Icons';
import { liveTimer, usePitchClock } from '../../../components/usePitchClock';
import { clockText } from '../../../lib/pitchClockText';
import type { Event } from '../../../types/event';

const stateColor = { calm: 'text.primary', warning: 'warning.dark', overtime: 'error.main', paused: 'text.secondary' } as const;

export function PitchTimerControls({ event, runTimer }: { event: Event; runTimer: (command: TimerCommand) => void }) {
  const timer = liveTimer(event);
  const reading = usePitchClock(event);
  if (!timer) return null;
  const paused = isPaused(timer);
  const text = reading ? clockText(reading) : null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Stack
        role="timer"
        aria-label="Pitch timer"
        data-state={text?.state}
        direction="row"
        spacing={0.75}
        sx={{ alignItems: 'center', color: text ? stateColor[text.state] : undefined, mr: 1 }}
      >
        {text && (
          <>
            <ClockStateIcon state={text.state} fontSize="small" />
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {text.label}
            </Typography>
            <Typography component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', fontSize: '1.25rem' }}>
              {text.digits}
            </Typography>
          </>
        )}
      </Stack>
      <Button
        size="small"
        variant="outlined"
        startIcon={paused ? <PlayIcon /> : <PauseIcon />}
        aria-keyshortcuts="T"
        onClick={() => runTimer(paused ? 'resume' : 'pause')}
      >
        {paused ? 'Resume timer' : 'Pause timer'}
      </Button>
      <Button
        size="small"
        variant="outlined"
        startIcon={<ReplayIcon />}
        aria-keyshortcuts="R"
        onClick={() => runTimer('restart')}
      >
        Restart timer
      </Button>
    </Stack>
  );
}
