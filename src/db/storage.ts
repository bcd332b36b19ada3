// Event logos in Firebase Storage (event_logos/{eventId}_normal.{ext} and _middle.{ext}, the
// spec's section 3). Only admin screens import this module, so the Storage SDK stays out of a
// provider's first load. Storage adopts App Check once it has started (src/db/appCheck.ts).

import {
  connectStorageEmulator,
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  getStorage,
  listAll,
  ref,
  uploadBytesResumable,
} from 'firebase/storage';
import { timings } from '../config/constants';
import { env } from '../config/env';
import { isLogoContentType, LOGO_FOLDER, logoPath, logoVariantOf, type LogoVariant } from '../lib/logos';
import { startAppCheck } from './appCheck';
import { app } from './firebaseApp';

void startAppCheck();

export const storage = getStorage(app);
storage.maxOperationRetryTime = timings.storageReadRetryMs;

if (env.emulators) connectStorageEmulator(storage, env.emulators.storage.host, env.emulators.storage.port);

export type { LogoVariant };

/** One stored logo file of an event. */
export interface StoredLogo {
  variant: LogoVariant;
  /** event_logos/{eventId}_{variant}.{ext} */
  path: string;
}

/**
 * Uploads an event's logo to logoPath(eventId, variant, file.type), reporting the bytes sent as
 * they go, and returns its download URL (what the event's normalLogo/middleLogo hold).
 */
export async function uploadEventLogo(
  eventId: string,
  variant: LogoVariant,
  file: Blob,
  onProgress?: (bytesTransferred: number, totalBytes: number) => void,
): Promise<string> {
  if (!isLogoContentType(file.type)) {
    throw new Error(`A logo must be a PNG, JPEG, GIF, WebP or AVIF image (got ${file.type || 'an unknown type'}).`);
  }
  const logo = ref(storage, logoPath(eventId, variant, file.type));
  const task = uploadBytesResumable(logo, file, { contentType: file.type });
  if (onProgress) task.on('state_changed', (snapshot) => onProgress(snapshot.bytesTransferred, snapshot.totalBytes));
  await task;
  return getDownloadURL(logo);
}

/** Deletes a logo by its path or by the download URL the event holds; a logo already gone is not an error. */
export async function deleteEventLogo(pathOrUrl: string): Promise<void> {
  try {
    await deleteObject(ref(storage, pathOrUrl));
  } catch (error) {
    if ((error as { code?: string }).code !== 'storage/object-not-found') throw error;
  }
}

/** The event's stored logos, under whatever extension each was uploaded with. */
export async function listEventLogos(eventId: string): Promise<StoredLogo[]> {
  const { items } = await listAll(ref(storage, LOGO_FOLDER));
  return items.flatMap((item) => {
    const variant = logoVariantOf(eventId, item.name);
    return variant ? [{ variant, path: item.fullPath }] : [];
  });
}

/**
 * Deletes the event's logo files: all of them, or those of one variant except the file at `keep`
 * (a logo re-uploaded under another extension leaves the old file behind otherwise).
 */
export async function deleteEventLogos(eventId: string, only?: { variant: LogoVariant; keep: string }): Promise<void> {
  const logos = await listEventLogos(eventId);
  const doomed = only ? logos.filter((logo) => logo.variant === only.variant && logo.path !== only.keep) : logos;
  await Promise.all(doomed.map((logo) => deleteEventLogo(logo.path)));
}

/**
 * Copies a logo to another event (Duplicate event), so that each event owns its files and
 * deleting one leaves the other's logo in place; returns the copy's download URL. A URL outside
 * the project's Storage (another site, or a path on the app's own, as the demo event's) is
 * nobody's file to delete, and is kept as it is.
 */
export async function copyEventLogo(url: string, toEventId: string, variant: LogoVariant): Promise<string> {
  // The SDK would take anything without a scheme as a path inside the bucket.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  let source;
  try {
    source = ref(storage, url);
  } catch {
    return url;
  }
  const [bytes, metadata] = await Promise.all([getBytes(source), getMetadata(source)]);
  return uploadEventLogo(toEventId, variant, new Blob([bytes], { type: metadata.contentType ?? '' }));
}
