/** npm run seed: adds the demo data (README accounts, classes, sessions) to the configured database. */
import { loadEnv } from '../env';
import { openDatabaseFromEnv } from '../db/open-from-env';
import { seedDemoData } from '../db/seed';

const env = loadEnv();
const database = await openDatabaseFromEnv(env);
try {
  const result = await seedDemoData(database.db);
  console.log(
    result.created
      ? `Demo data created on ${database.kind}: ${result.sessions} sessions, ${result.bookings} bookings.`
      : 'Demo data is already present; nothing changed.',
  );
} finally {
  await database.close();
}
