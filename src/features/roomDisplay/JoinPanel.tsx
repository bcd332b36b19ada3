// The room display's way in for the audience: a QR code of the join link (drawn in the browser by
// qrcode.react, as vector so it stays sharp at projector size, dark on white with the standard
// quiet zone of 4 modules) and the same link printed under it for typing by hand.

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { memo } from 'react';
import { printedLink } from './joinLink';
import { roomColors, roomSizes } from './roomStyle';

const QUIET_ZONE_MODULES = 4;

/** Drawn again only when the link changes: encoding the code is work a live change never needs. */
export const JoinPanel = memo(function JoinPanel({ link }: { link: string }) {
  const printed = printedLink(link);
  const pathStart = printed.lastIndexOf('/');
  return (
    <Box
      component="aside"
      aria-labelledby="room-join-heading"
      sx={{
        width: roomSizes.qr,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 'min(1vw, 1.8vh)',
        p: 'min(1vw, 1.8vh)',
        bgcolor: roomColors.panel,
        color: roomColors.panelText,
        borderRadius: 2,
        boxSizing: 'content-box',
      }}
    >
      <Typography id="room-join-heading" component="h2" sx={{ fontSize: roomSizes.label, fontWeight: 700, lineHeight: 1.1 }}>
        Scan to join
      </Typography>
      <Box sx={{ width: '100%', aspectRatio: '1' }}>
        <QRCodeSVG
          value={link}
          level="M"
          marginSize={QUIET_ZONE_MODULES}
          aria-label={`QR code for ${printed}`}
          style={{ display: 'block', width: '100%', height: '100%' }}
        />
      </Box>
      <Typography
        sx={{ fontSize: roomSizes.body, fontWeight: 700, textAlign: 'center', overflowWrap: 'anywhere', lineHeight: 1.2 }}
      >
        {/* A long address breaks before its path rather than inside a word. */}
        {printed.slice(0, pathStart)}
        <wbr />
        {printed.slice(pathStart)}
      </Typography>
    </Box>
  );
});
