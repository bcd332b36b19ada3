// Text for screen readers only: it is read out but takes no room on screen (for example the
// separators that make a card's accessible name read as a sentence).

import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

const hidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  m: '-1px',
  p: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={hidden}>
      {children}
    </Box>
  );
}
