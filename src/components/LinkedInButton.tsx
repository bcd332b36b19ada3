// The LinkedIn icon button beside a person's name: opens their profile in a new tab, and says
// whose profile it is to a screen reader.

import IconButton from '@mui/material/IconButton';
import type { SxProps, Theme } from '@mui/material/styles';
import { LinkedInIcon } from './Icons';

export function LinkedInButton({ url, name, sx }: { url: string; name: string; sx?: SxProps<Theme> }) {
  return (
    <IconButton
      component="a"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`LinkedIn profile of ${name}`}
      sx={sx}
    >
      <LinkedInIcon />
    </IconButton>
  );
}
