// Deleting every document a query finds, a batch at a time (a batch takes at most 500 writes):
// what deleting an event does to its answers, matches, feedback and raters.

import { getDocs, limit, query, writeBatch, type Query } from 'firebase/firestore';
import { db } from './firebase';

const DELETE_BATCH_SIZE = 400;

export async function deleteAllFound(found: Query): Promise<void> {
  const batchQuery = query(found, limit(DELETE_BATCH_SIZE));
  for (;;) {
    const snapshot = await getDocs(batchQuery);
    if (snapshot.empty) return;
    const batch = writeBatch(db);
    for (const document of snapshot.docs) batch.delete(document.ref);
    await batch.commit();
  }
}
