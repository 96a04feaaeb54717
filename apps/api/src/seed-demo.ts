/**
 * `npm run seed:demo`: realistic demo data created through the services, so a newcomer can
 * click through every screen. Refuses a database that already holds anything beyond the first admin.
 */
import { count, ne } from 'drizzle-orm';
import { bootstrapDatabase } from './bootstrap';
import { ConfigError, readEnv } from './config';
import { users } from './db/schema';
import { createUser } from './modules/users/users.service';
import { openDatabase } from './server-database';

export const DEMO_PASSWORD = 'demo1234';

const counsellors = [
  {
    name: 'Priya Deshmukh',
    email: 'priya@demo.test',
    branch: 'Pune - Kothrud',
    contactNum: '9822012345',
    commission: 10,
  },
  {
    name: 'Rahul Patil',
    email: 'rahul@demo.test',
    branch: 'Nashik - College Road',
    contactNum: '9881054321',
    commission: 12.5,
  },
  {
    name: 'Sneha Kulkarni',
    email: 'sneha@demo.test',
    branch: 'Mumbai - Dadar',
    contactNum: '9930098765',
    commission: 8,
  },
];

async function main(): Promise<void> {
  const env = readEnv();
  const database = await openDatabase(env);
  try {
    const { db } = database;
    await bootstrapDatabase(db, {
      email: env.ADMIN_EMAIL ?? 'admin@demo.test',
      password: env.ADMIN_PASSWORD ?? DEMO_PASSWORD,
    });
    const [others] = await db.select({ n: count() }).from(users).where(ne(users.role, 'admin'));
    if ((others?.n ?? 0) > 0) {
      console.error('The database already has data: demo data goes only into a new, empty database.');
      console.error('Use a fresh DATA_DIR (or an empty DATABASE_URL) and run `npm run seed:demo` again.');
      process.exitCode = 1;
      return;
    }
    for (const counsellor of counsellors) {
      await createUser(db, { ...counsellor, role: 'counsellor', dob: '1990-06-15', password: DEMO_PASSWORD });
    }
    await createUser(db, {
      name: 'Anil Joshi',
      email: 'anil@demo.test',
      role: 'teacher',
      branch: null,
      commission: 0,
      contactNum: '9765043210',
      dob: '1985-02-01',
      password: DEMO_PASSWORD,
    });
    console.log(`Demo data ready. Every demo account's password is ${DEMO_PASSWORD}:`);
    console.log(`  admin       ${env.ADMIN_EMAIL ?? 'admin@demo.test'} (unless an admin existed already)`);
    for (const counsellor of counsellors) console.log(`  counsellor  ${counsellor.email}  (${counsellor.branch})`);
    console.log('  teacher     anil@demo.test');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
