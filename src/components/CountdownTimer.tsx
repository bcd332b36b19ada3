// The hours, minutes and seconds left, as one timer with a spoken label: shared by the providers'
// countdown and the room display's, which differ only in the sizes their screens need.

import Box from '@mui/material/Box';
import Stack, { type StackProps } from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { twoDigits, type Countdown } from '../lib/countdown';

export interface CountdownTimerProps {
  left: Extract<Countdown, { state: 'counting' }>;
  spacing: StackProps['spacing'];
  /** The styles of each unit's box, of its two-digit number and of its name. */
  unitSx: SxProps<Theme>;
  digitSx: SxProps<Theme>;
  nameSx: SxProps<Theme>;
  nameVariant?: 'body2';
}

export function CountdownTimer({ left, spacing, unitSx, digitSx, nameSx, nameVariant }: CountdownTimerProps) {
  const units = [
    [left.hours, 'Hours'],
    [left.minutes, 'Minutes'],
    [left.seconds, 'Seconds'],
  ] as const;
  return (
    <Stack
      direction="row"
      spacing={spacing}
      role="timer"
      aria-label={`${left.hours} hours, ${left.minutes} minutes, ${left.seconds} seconds`}
    >
      {units.map(([value, unit]) => (
        <Box key={unit} sx={unitSx}>
          <Typography component="span" sx={digitSx}>
            {twoDigits(value)}
          </Typography>
          <Typography component="span" variant={nameVariant} sx={nameSx}>
            {unit}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
