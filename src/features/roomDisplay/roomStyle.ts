// The room display's colours and type sizes, for reading from the back of a room: light text on
// a dark navy (contrast above 12:1, WCAG AAA) and sizes that follow the screen (the smaller of a
// width and a height share), so the same layout fills 1920×1080 and 1280×720 without scrolling.

export const roomColors = {
  background: '#0a1a33',
  text: '#ffffff',
  /** Headings and the round: a warm yellow, 12:1 on the background. */
  accent: '#ffd166',
  /** Secondary text, 13:1 on the background. */
  muted: '#d6e2f5',
  live: '#ff6b6b',
  /** The QR code's panel: dark on white, as scanners need. */
  panel: '#ffffff',
  panelText: '#0a1a33',
} as const;

/** CSS font sizes and lengths; each scales with the screen, within bounds. */
export const roomSizes = {
  gap: 'min(2vw, 3.5vh)',
  logo: 'clamp(32px, min(4.6vw, 8vh), 112px)',
  title: 'clamp(1.25rem, min(2.6vw, 4.6vh), 4rem)',
  round: 'clamp(1rem, min(1.9vw, 3.4vh), 3rem)',
  label: 'clamp(1rem, min(2vw, 3.6vh), 3rem)',
  live: 'clamp(2rem, min(7vw, 12.5vh), 10rem)',
  next: 'clamp(1.5rem, min(3.8vw, 6.8vh), 5.5rem)',
  digits: 'clamp(2.5rem, min(8.5vw, 15vh), 12rem)',
  body: 'clamp(1rem, min(1.6vw, 2.8vh), 2.5rem)',
  qr: 'min(26vw, 48vh)',
} as const;

/** At most `lines` lines, the rest cut with an ellipsis (a long name never pushes the page into scrolling). */
export function clampLines(lines: number) {
  return {
    display: '-webkit-box',
    WebkitLineClamp: lines,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    overflowWrap: 'anywhere',
  } as const;
}

/** A section's label over the stage: the live presenter's, the next one's, the meetings board's slots. */
export const roomLabelSx = {
  fontSize: roomSizes.label,
  fontWeight: 700,
  color: roomColors.accent,
  textTransform: 'uppercase',
  letterSpacing: 1,
} as const;
