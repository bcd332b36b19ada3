// The pitch timer's state as a shape beside its words (src/lib/pitchClockText.ts): a stopwatch,
// a warning triangle, a stop octagon or the pause bars, so the state reads without colour.

import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ClockState } from '../lib/pitchClockText';
import { PauseIcon, TimeUpIcon, TimerIcon, WarningIcon } from './Icons';

export function ClockStateIcon({ state, ...props }: { state: ClockState } & SvgIconProps) {
  if (state === 'warning') return <WarningIcon {...props} />;
  if (state === 'overtime') return <TimeUpIcon {...props} />;
  if (state === 'paused') return <PauseIcon {...props} />;
  return <TimerIcon {...props} />;
}
