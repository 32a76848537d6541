/**
 * `npm run create-admin`: the first administrator of an installation, with its company group and company and the
 * built-in roles — the same `createAdministrator` as the setup page (modules/setup/first-admin.ts). Works on the
 * configured database (DATABASE_URL, else the SQLite file in DATA_DIR) after migrating it. Refuses when a user
 * exists, unless `--add` (another administrator of an existing company group). Values come from flags (the password
 * from --password-file or ADMIN_PASSWORD); what is missing is asked for when stdin is a terminal.
 * Exit status: 0 created, 1 refused or failed, 2 usage.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { loadConfigOrExit } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { AppError } from '../http/envelope.ts';
import { fieldMessages } from '../http/errors.ts';
import { anyUser, createAdministrator } from '../modules/setup/first-admin.ts';

const USAGE = `Usage: npm run create-admin -- [options]

Creates the first administrator (with its company group, company and the built-in roles) in the configured
database (DATABASE_URL, else DATA_DIR/fleet.db). Refuses when a user exists, unless --add.

  --group NAME          company group (with --add: an existing group)
  --company NAME        company of the group (with --add: an existing company of the group)
  --username NAME       login name (no spaces)
  --email ADDRESS       e-mail (the user's id; also signs in)
  --password-file FILE  read the password from FILE (first line); or set ADMIN_PASSWORD
  --add                 add another administrator to an existing company group
  -h, --help            this text

Missing values are asked for when stdin is a terminal; otherwise they are an error.`;

/** The setup form's field names → the flags that fill them, for messages. */
const FLAG_OF: Record<string, string> = {
  groupName: '--group',
  companyName: '--company',
  username: '--username',
  email: '--email',
  password: '--password-file / ADMIN_PASSWORD',
};

function fail(message: string, status = 1): never {
  console.error(message);
  process.exit(status);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      group: { type: 'string' },
      company: { type: 'string' },
      username: { type: 'string' },
      email: { type: 'string' },
      'password-file': { type: 'string' },
      add: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  }).values;
}
try {
  args = parse();
} catch (err) {
  fail(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`, 2);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

/** Asks on the terminal; a hidden question echoes nothing (passwords). */
async function ask(question: string, hidden = false): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  try {
    if (!hidden) return await rl.question(question);
    // the question goes straight to the terminal; readline's echo of the typing is swallowed
    process.stdout.write(question);
    muted = true;
    const answer = await rl.question('');
    process.stdout.write('\n');
    return answer;
  } finally {
    rl.close();
  }
}

function readPasswordFile(path: string): string {
  try {
    // the first line: a trailing newline (echo > file) is not part of the password
    return readFileSync(path, 'utf8').split(/\r?\n/)[0];
  } catch (err) {
    return fail(`Cannot read --password-file ${path}: ${err instanceof Error ? err.message : String(err)}`, 2);
  }
}

const config = loadConfigOrExit();
const where = config.dialect === 'sqlite' ? config.databaseUrl.replace(/^sqlite:/, '') : 'PostgreSQL';
const database = openDatabase(config.databaseUrl);
let status = 0;
try {
  await migrate(database);
  const mode = args.add ? 'add' : 'first';
  if (mode === 'first' && (await anyUser(database.db)))
    fail(
      `Not creating an administrator in ${where}: it already has users. Sign in as one of them, or run with --add ` +
        'to add another administrator to an existing company group.',
    );

  const values: Record<string, string | undefined> = {
    groupName: args.group,
    companyName: args.company,
    username: args.username,
    email: args.email,
    password:
      args['password-file'] !== undefined ? readPasswordFile(args['password-file']) : process.env.ADMIN_PASSWORD,
  };
  const missing = Object.keys(values).filter((k) => values[k] === undefined);
  if (missing.length && !process.stdin.isTTY)
    fail(
      `Missing ${missing.map((k) => FLAG_OF[k]).join(', ')} (stdin is not a terminal, so nothing is asked).\n\n${USAGE}`,
      2,
    );
  const questions: Record<string, string> = {
    groupName: mode === 'add' ? 'Existing company group: ' : 'Company group name: ',
    companyName: mode === 'add' ? 'Existing company of the group: ' : 'Company name: ',
    username: 'Login name: ',
    email: 'E-mail: ',
  };
  for (const k of missing) {
    if (k !== 'password') values[k] = await ask(questions[k]);
    else {
      const password = await ask('Password (at least 8 characters): ', true);
      if ((await ask('Confirm password: ', true)) !== password)
        fail('The passwords do not match; nothing was created.');
      values.password = password;
    }
  }

  const admin = await createAdministrator(database, values, { mode });
  console.log(
    `Created administrator ${admin.username} (${admin.userId}) of ${admin.companies.map((c) => c.compName).join(', ')} ` +
      `in company group ${admin.grcpName}, in ${where}. Sign in at ${config.publicUrl} with the login name or the e-mail.`,
  );
} catch (err) {
  status = 1;
  const messages =
    err instanceof ZodError
      ? fieldMessages(err.issues)
      : err instanceof AppError
        ? (err.fieldMessages ?? { _: [err.message] })
        : { _: [err instanceof Error ? err.message : String(err)] };
  console.error(`Not created in ${where}:`);
  for (const [field, list] of Object.entries(messages))
    for (const m of list) console.error(`  ${field === '_' ? '' : `${FLAG_OF[field] ?? field}: `}${m}`);
} finally {
  await database.close();
}
process.exit(status);
