import 'reflect-metadata';
import { normalizeEmail } from '../src/account/email-uniqueness';
import { ConfigError, loadConfig } from '../src/config/config';
import { openDatabase } from '../src/app/database';
import { runStatement } from '../src/db/sql';
import { User, UserRole, UserStatus } from '../src/account/user.entity';
import { activeAdminsStatement, lockActiveAdminsStatement } from '../src/users/user.queries';
import { openScriptDatabase } from './script-database';

const USAGE = `Usage: npm run user:promote -- <email> [--demote]

Makes an existing account an Admin (or, with --demote, a Member again).
Uses the same database as \`npm start\`: DATABASE_URL, else the embedded
PostgreSQL in DATA_DIR (default ./.data).`;

class PromoteError extends Error {}

/**
 * Sets an account's role. The only way to make the first admin: no API lets
 * anyone raise their own role, and an admin cannot change their own.
 * Demoting takes the same lock as the API's admin changes, so neither this
 * script nor a concurrent request can leave the app without an active admin.
 */
export async function setRole(databaseUrl: string, email: string, role: UserRole): Promise<User> {
  const orm = await openDatabase(databaseUrl);
  try {
    return await orm.em.fork().transactional(async (em) => {
      const user = await em.findOne(User, { email: normalizeEmail(email) });
      if (!user) throw new PromoteError(`No account has the email ${email}. Sign up first.`);
      if (role !== UserRole.Admin && user.role === UserRole.Admin && user.status === UserStatus.Active) {
        await runStatement(em, lockActiveAdminsStatement());
        const [{ others }] = await runStatement<{ others: number }>(em, activeAdminsStatement(user.id));
        if (others === 0) throw new PromoteError(`${user.email} is the last active admin; promote another account first.`);
      }
      user.role = role;
      return user;
    });
  } finally {
    await orm.close();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const emails = args.filter((arg) => !arg.startsWith('--'));
  const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--demote');
  if (args.includes('--help') || emails.length !== 1 || unknown.length) {
    console.error(USAGE);
    process.exit(args.includes('--help') ? 0 : 2);
  }
  const role = args.includes('--demote') ? UserRole.Member : UserRole.Admin;
  const db = await openScriptDatabase(loadConfig());
  try {
    const user = await setRole(db.url, emails[0], role);
    console.info(`${user.email} is now ${user.role === UserRole.Admin ? 'an Admin' : 'a Member'}.`);
  } finally {
    await db.stop();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof PromoteError ? error.message : error);
    process.exit(1);
  });
}
