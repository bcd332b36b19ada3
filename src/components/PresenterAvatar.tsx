// A presenter's photo (profile_url), or their initials when there is none.

import Avatar from '@mui/material/Avatar';

export interface PresenterAvatarProps {
  firstName: string;
  lastName: string;
  photoUrl: string | null;
  size?: number;
  /** True when the name is shown next to it, so the photo adds nothing for screen readers. */
  decorative?: boolean;
}

export function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || '?';
}

export function PresenterAvatar({ firstName, lastName, photoUrl, size = 48, decorative = false }: PresenterAvatarProps) {
  const name = `${firstName} ${lastName}`.trim();
  return (
    <Avatar
      src={photoUrl ?? undefined}
      alt={photoUrl ? (decorative ? '' : `Photo of ${name}`) : undefined}
      sx={{ width: size, height: size, bgcolor: 'primary.main', fontSize: size * 0.4 }}
    >
      <span aria-hidden>{initials(firstName, lastName)}</span>
    </Avatar>
  );
}
