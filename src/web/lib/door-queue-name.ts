/** The IndexedDB database of the door's queued check-ins (door-queue.ts), deleted at sign-out without loading idb. */
export const DOOR_DB_NAME = 'portal-door';

/** How many taps wait on this device, without loading idb (0 when the database was never made). */
export async function pendingDoorTapCount(): Promise<number> {
  if (typeof indexedDB === 'undefined' || !(await indexedDB.databases?.())?.some((db) => db.name === DOOR_DB_NAME)) return 0;
  return new Promise((resolve) => {
    const request = indexedDB.open(DOOR_DB_NAME);
    request.onerror = () => resolve(0);
    request.onsuccess = () => {
      const db = request.result;
      try {
        const counting = db.transaction('queue').objectStore('queue').count();
        counting.onsuccess = () => {
          resolve(counting.result);
          db.close();
        };
        counting.onerror = () => {
          resolve(0);
          db.close();
        };
      } catch {
        resolve(0);
        db.close();
      }
    };
  });
}

/** Deletes the door's database (sign-out): the queued taps and conflicts leave the device. */
export function deleteDoorDatabase(): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(DOOR_DB_NAME);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}
