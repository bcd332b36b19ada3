// The storage rules both rules suites set. Storage rules are global in the emulators (not per
// project, unlike Firestore's), and other suites share the backend: so both files set this same
// text, which governs only the rules suites' buckets (demo-rules-*) and leaves the others open.

/** A bucket (and project) id these rules govern. */
export const RULES_BUCKET_PREFIX = 'demo-rules-';

export const STORAGE_TEST_RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    // Buckets of other suites stay open: these rules are global to the shared backend.
    match /{allPaths=**} {
      allow read, write: if !bucket.matches('${RULES_BUCKET_PREFIX}.*');
    }

    // Uploads: a signed-in user writes images under 1 KiB into their own folder; signed-in users read.
    match /uploads/{uid}/{fileName} {
      allow read: if request.auth != null;
      allow create, update: if request.auth != null && request.auth.uid == uid
        && request.resource.size < 1024
        && request.resource.contentType.matches('image/.*');
      allow delete: if request.auth != null && request.auth.uid == uid;
    }

    // Badges: only users whose Firestore profile says uploader: true (a cross-service read).
    match /badges/{fileName} {
      allow create: if request.auth != null
        && firestore.get(/databases/(default)/documents/profiles/$(request.auth.uid)).data.uploader == true;
    }
  }
}
`;
