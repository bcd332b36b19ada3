// An event's status on the events dashboard (src/lib/eventStatus.ts) as a chip: its words, an
// icon of its own and a colour, so it never rests on colour alone; a failure is red with a
// warning mark. Colours are filled or outlined to keep the label's contrast at 4.5:1 or more.

import Chip, { type ChipProps } from '@mui/material/Chip';
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import type { EventStatus, EventStatusKind } from '../../lib/eventStatus';

const icon = (path: string) =>
  function StatusIcon(props: SvgIconProps) {
    return (
      <SvgIcon {...props} aria-hidden>
        <path d={path} />
      </SvgIcon>
    );
  };

const DotIcon = icon('M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10z');
const ClockIcon = icon(
  'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16zm.5-13H11v6l5.2 3.2.8-1.3-4.5-2.7z',
);
const LockIcon = icon(
  'M18 8h-1V6a5 5 0 0 0-10 0v2H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V10a2 2 0 0 0-2-2zM9 6a3 3 0 0 1 6 0v2H9z',
);
const HourglassIcon = icon('M6 2v6l4 4-4 4v6h12v-6l-4-4 4-4V2zm10 14.5V20H8v-3.5l4-4zm-4-5-4-4V4h8v3.5z');
const CheckIcon = icon('M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z');
const WarningIcon = icon('M1 21h22L12 2zm12-3h-2v-2h2zm0-4h-2v-4h2z');

const looks: Record<EventStatusKind, { Icon: typeof DotIcon; color: ChipProps['color']; variant: ChipProps['variant'] }> = {
  live: { Icon: DotIcon, color: 'success', variant: 'filled' },
  upcoming: { Icon: ClockIcon, color: 'primary', variant: 'filled' },
  closed: { Icon: LockIcon, color: 'default', variant: 'filled' },
  matching: { Icon: HourglassIcon, color: 'secondary', variant: 'filled' },
  emailing: { Icon: HourglassIcon, color: 'secondary', variant: 'filled' },
  matchingDone: { Icon: CheckIcon, color: 'success', variant: 'outlined' },
  emailsSent: { Icon: CheckIcon, color: 'success', variant: 'outlined' },
  matchingFailed: { Icon: WarningIcon, color: 'error', variant: 'filled' },
  emailsFailed: { Icon: WarningIcon, color: 'error', variant: 'filled' },
};

export function EventStatusChip({ status }: { status: EventStatus }) {
  const { Icon, color, variant } = looks[status.kind];
  return (
    <Chip
      size="small"
      icon={<Icon />}
      label={status.label}
      color={color}
      variant={variant}
      sx={{ fontWeight: 700, ...(color === 'success' && variant === 'outlined' ? { color: 'success.dark' } : {}) }}
    />
  );
}
