// Event logos in Firebase Storage (event_logos/{eventId}_normal.{ext} and _middle.{ext}, the
// spec's section 3). Only admin screens import this module, so the Storage SDK stays out of a
// provider's first load.

import { connectStorageEmulator, deleteObject, getDownloadURL, getStorage, ref, uploadBytes } from 'firebase/storage';
import { LOGO_CONTENT_TYPES } from '../config/constants';
import { env } from '../config/env';
import { app } from './firebase';

export const storage = getStorage(app);

if (env.emulators) connectStorageEmulator(storage, env.emulators.storage.host, env.emulators.storage.port);

export type LogoVariant = 'normal' | 'middle';

const EXTENSIONS: Record<(typeof LOGO_CONTENT_TYPES)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

function isLogoType(type: string): type is (typeof LOGO_CONTENT_TYPES)[number] {
  return (LOGO_CONTENT_TYPES as readonly string[]).includes(type);
}

/** Uploads an event's logo and returns its download URL (what the event's normalLogo/middleLogo hold). */
export async function uploadEventLogo(eventId: string, variant: LogoVariant, file: Blob): Promise<string> {
  if (!isLogoType(file.type)) {
    throw new Error(`A logo must be a PNG, JPEG, GIF, WebP or AVIF image (got ${file.type || 'an unknown type'}).`);
  }
  const logo = ref(storage, `event_logos/${eventId}_${variant}.${EXTENSIONS[file.type]}`);
  await uploadBytes(logo, file, { contentType: file.type });
  return getDownloadURL(logo);
}

/** Deletes a logo by the download URL the event holds; a logo already gone is not an error. */
export async function deleteEventLogo(downloadUrl: string): Promise<void> {
  try {
    await deleteObject(ref(storage, downloadUrl));
  } catch (error) {
    if ((error as { code?: string }).code !== 'storage/object-not-found') throw error;
  }
}
