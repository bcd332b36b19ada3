// The pitch timer on a phone's live card: for a provider, one small line ('2:41 left') that does
// not pull the eye from rating; for the live presenter's own phone, the clock large, as the room
// display shows it. Words and an icon carry the state, not only the colour.

import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TimerReading } from '../../../domain/pitchTimer';
import { ClockStateIcon } from '../../components/ClockStateIcon';
import { clockText } from '../../lib/pitchClockText';

const stateColor = { calm: 'text.secondary', warning: 'warning.dark', overtime: 'error.dark', paused: 'text.secondary' } as const;

export function LiveCardClock({ reading, large }: { reading: TimerReading; large: boolean }) {
  const text = clockText(reading);
  if (large) {
    return (
      <Stack
        role="timer"
        aria-label="Your pitch timer"
        data-state={text.state}
        sx={{ alignItems: 'center', color: stateColor[text.state] }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ClockStateIcon state={text.state} />
          <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
            {text.label}
          </Typography>
        </Stack>
        <Typography
          component="span"
          sx={{ fontWeight: 800, fontSize: '4.5rem', lineHeight: 1, fontVariantNumeric: 'tabular-nums' }}
        >
          {text.digits}
        </Typography>
      </Stack>
    );
  }
  return (
    <Stack
      role="timer"
      aria-label="Pitch timer"
      data-state={text.state}
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', color: stateColor[text.state], whiteSpace: 'nowrap' }}
    >
      <ClockStateIcon state={text.state} sx={{ fontSize: '1rem' }} />
      <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {text.line}
      </Typography>
    </Stack>
  );
}
