// A card's or list item's heading, which breaks anywhere so that a long name or e-mail address
// stays inside a phone's width, with a secondary line under it when there is one (a company, when
// an invite was made).

import Box from '@mui/material/Box';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import type { ElementType, ReactNode } from 'react';

export interface HeadingWithDetailProps {
  id: string;
  variant: TypographyProps['variant'];
  /** The heading's level: h3, h4… */
  component: ElementType;
  children: ReactNode;
  /** The line under the heading; none when empty. */
  detail?: ReactNode;
}

export function HeadingWithDetail({ id, variant, component, children, detail }: HeadingWithDetailProps) {
  return (
    <Box>
      <Typography id={id} variant={variant} component={component} sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
    </Box>
  );
}
