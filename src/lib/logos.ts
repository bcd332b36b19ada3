// Event logos (the spec's sections 3 and 5): which files may be a logo, and where a logo is stored
// (event_logos/{eventId}_normal.{ext} and _middle.{ext}). Raster images under 5 MB only, the same
// limits as storage.rules, so a wrong file is explained under its field before any upload.

import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from '../config/constants';

export type LogoVariant = 'normal' | 'middle';
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

export const LOGO_VARIANTS: readonly LogoVariant[] = ['normal', 'middle'];

export const logoMessages = {
  wrongType: 'The logo must be a PNG, JPEG, GIF, WebP or AVIF image.',
  tooLarge: `The logo must be smaller than ${LOGO_MAX_BYTES / (1024 * 1024)} MB.`,
} as const;

const EXTENSIONS: Record<LogoContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

export function isLogoContentType(type: string): type is LogoContentType {
  return (LOGO_CONTENT_TYPES as readonly string[]).includes(type);
}

/** Why a file cannot be a logo, or null when it can. */
export function checkLogoFile(file: { type: string; size: number }): string | null {
  if (!isLogoContentType(file.type)) return logoMessages.wrongType;
  if (file.size >= LOGO_MAX_BYTES) return logoMessages.tooLarge;
  return null;
}

export const LOGO_FOLDER = 'event_logos';

/** The stored file's path: event_logos/{eventId}_{variant}.{ext}. */
export function logoPath(eventId: string, variant: LogoVariant, type: LogoContentType): string {
  return `${LOGO_FOLDER}/${eventId}_${variant}.${EXTENSIONS[type]}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Which of the event's logos a file name in event_logos/ is, under any extension (an older upload
 * may have another one), or null when it belongs to no logo of this event.
 */
export function logoVariantOf(eventId: string, fileName: string): LogoVariant | null {
  const match = new RegExp(`^${escapeRegExp(eventId)}_(normal|middle)\\.[^./]+$`).exec(fileName);
  return match ? (match[1] as LogoVariant) : null;
}
