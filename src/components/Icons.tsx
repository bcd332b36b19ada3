// The app's few icons, drawn here as simple SVG paths (the project carries no icon package).
// Each is decorative: the control around it carries the accessible name.

import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

export function HomeIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M12 3 2 11.5h3V21h5.5v-6h3v6H19v-9.5h3z" />
    </SvgIcon>
  );
}

export function PeopleIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <circle cx="8.5" cy="8" r="3.5" />
      <circle cx="16.5" cy="9" r="2.8" />
      <path d="M1.5 20c0-3.6 3.1-6 7-6s7 2.4 7 6zM16.8 20c0-2-.7-3.8-2-5.1.8-.3 1.5-.4 2.2-.4 3.2 0 5.5 2 5.5 5.5z" />
    </SvgIcon>
  );
}

export function PersonIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <circle cx="12" cy="7.5" r="4.5" />
      <path d="M3 21c0-4.4 4-7.5 9-7.5s9 3.1 9 7.5z" />
    </SvgIcon>
  );
}

export function ArrowBackIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z" />
    </SvgIcon>
  );
}

export function LinkedInIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M4 3h16a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm2.2 7.3V18h2.6v-7.7zM7.5 6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm3.6 4.3V18h2.6v-4.1c0-1.2.4-2 1.5-2s1.3.9 1.3 2V18h2.6v-4.6c0-2.3-.9-3.3-2.8-3.3-1.2 0-2.1.5-2.6 1.3v-1.1z" />
    </SvgIcon>
  );
}

export function PlaceIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" />
    </SvgIcon>
  );
}

export function ScheduleIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16zm.8-13h-1.6v6l5.2 3.1.8-1.3-4.4-2.6z" />
    </SvgIcon>
  );
}

export function OpenInNewIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M14 3v2h3.6l-9.8 9.8 1.4 1.4L19 6.4V10h2V3zM19 19H5V5h6V3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-6h-2z" />
    </SvgIcon>
  );
}

export function CloudOffIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M3.3 2 2 3.3l3 3A6 6 0 0 0 6 18h11.7l3 3 1.3-1.3zM7.2 16a4 4 0 0 1-.6-7.9L14.6 16zM19.4 10A7.5 7.5 0 0 0 8.6 4.9l1.5 1.5A5.5 5.5 0 0 1 17.5 11v1H19a2.5 2.5 0 0 1 1.4 4.6l1.4 1.4A4.5 4.5 0 0 0 19.4 10z" />
    </SvgIcon>
  );
}

export function AddIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z" />
    </SvgIcon>
  );
}

export function EditIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M3 17.2V21h3.8L17.8 10l-3.8-3.8zM20.7 7.0a1 1 0 0 0 0-1.4l-2.3-2.3a1 1 0 0 0-1.4 0l-1.8 1.8 3.8 3.8z" />
    </SvgIcon>
  );
}

export function DeleteIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z" />
    </SvgIcon>
  );
}

export function MoreVertIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <circle cx="12" cy="5" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="12" cy="19" r="2" />
    </SvgIcon>
  );
}

export function PlayIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M8 5v14l11-7z" />
    </SvgIcon>
  );
}

export function StopIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M6 6h12v12H6z" />
    </SvgIcon>
  );
}

export function NextIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M6 18l8.5-6L6 6zm10-12v12h2V6z" />
    </SvgIcon>
  );
}

export function PreviousIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M6 6h2v12H6zm3.5 6 8.5 6V6z" />
    </SvgIcon>
  );
}

export function CloudDoneIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M19.4 10A7.5 7.5 0 0 0 5.4 8 6 6 0 0 0 6 20h13a5 5 0 0 0 .4-10zM10 17l-3.5-3.5 1.4-1.4 2.1 2.1 5.2-5.2 1.4 1.4z" />
    </SvgIcon>
  );
}

export function PauseIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M6 19h4V5H6zm8-14v14h4V5z" />
    </SvgIcon>
  );
}

export function ReplayIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M12 5V1L7 6l5 5V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z" />
    </SvgIcon>
  );
}

/** A stopwatch: the pitch timer running calm. */
export function TimerIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M15 1H9v2h6zm-4 13h2V8h-2zm8-6.6 1.4-1.4-1.4-1.4-1.4 1.4A9 9 0 1 0 21 13a9 9 0 0 0-2-5.6zM12 20a7 7 0 1 1 0-14 7 7 0 0 1 0 14z" />
    </SvgIcon>
  );
}

/** A triangle with an exclamation mark: the timer's last seconds. */
export function WarningIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M1 21h22L12 2zm12-3h-2v-2h2zm0-4h-2v-4h2z" />
    </SvgIcon>
  );
}

/** An octagon with a bar: time's up. */
export function TimeUpIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} aria-hidden>
      <path d="M15.7 3H8.3L3 8.3v7.4L8.3 21h7.4l5.3-5.3V8.3zM17 13H7v-2h10z" />
    </SvgIcon>
  );
}
