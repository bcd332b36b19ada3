// The QR code of an invite's signup link, drawn in the browser (qrcode.react), with its downloads:
// PNG from the drawn canvas (drawn large, shown small, so a printed code stays sharp) and SVG from
// the same code as vector, for print at any size. Both keep the standard quiet zone of 4 modules,
// which scanners need.

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { QRCodeCanvas, QRCodeSVG } from 'qrcode.react';
import { useRef } from 'react';

const DRAWN_PX = 512;
const SHOWN_PX = 168;
const QUIET_ZONE_MODULES = 4;

/** Saves `href` as a file named `fileName` (the browser's download). */
function download(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** A file name from the e-mail: letters, digits, dots and dashes only. */
function fileNameFor(email: string): string {
  return `invite-${email.replace(/[^A-Za-z0-9.-]+/g, '-')}`;
}

export function InviteQrCode({ link, email }: { link: string; email: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const name = `QR code for the invite link for ${email}`;

  const downloadPng = () => {
    const url = canvasRef.current?.toDataURL('image/png');
    if (url) download(url, `${fileNameFor(email)}.png`);
  };

  const downloadSvg = () => {
    if (!svgRef.current) return;
    const markup = new XMLSerializer().serializeToString(svgRef.current);
    download(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`, `${fileNameFor(email)}.svg`);
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
      <QRCodeCanvas
        ref={canvasRef}
        value={link}
        size={DRAWN_PX}
        level="M"
        marginSize={QUIET_ZONE_MODULES}
        aria-label={name}
        style={{ width: SHOWN_PX, height: SHOWN_PX, border: '1px solid rgba(0, 0, 0, 0.12)' }}
      />
      {/* The vector copy is only downloaded, never shown. */}
      <div hidden>
        <QRCodeSVG ref={svgRef} value={link} size={DRAWN_PX} level="M" marginSize={QUIET_ZONE_MODULES} title={name} />
      </div>
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="outlined" onClick={downloadPng} aria-label={`Download PNG of the QR code for ${email}`}>
          Download PNG
        </Button>
        <Button size="small" variant="outlined" onClick={downloadSvg} aria-label={`Download SVG of the QR code for ${email}`}>
          Download SVG
        </Button>
      </Stack>
    </Stack>
  );
}
