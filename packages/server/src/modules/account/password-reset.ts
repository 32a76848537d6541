import type { Db } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import { type Language, storedLanguage } from '../../i18n/language.ts';
import { defineTexts, textsIn } from '../../i18n/texts.ts';
import { revokeUserSessions } from '../auth/session.ts';
import { hashPassword, newToken, tokenHash } from '../auth/tokens.ts';
import type { OutgoingMail } from '../mail/mailer.ts';

export const RESET_TOKEN_TTL_SECONDS = 3600;
/** Spec 000 §8: the failure the Update Password page knows. */
export const RESET_FAILED_MESSAGE = 'Failed to update password';

/** The route param `emailtoken` of /auth/update-password/:emailtoken/:token: the e-mail, base64url. */
export const emailToken = (email: string) => Buffer.from(email, 'utf8').toString('base64url');

/** Reads an emailtoken back; a plain e-mail address is accepted as it is. */
export function emailFromToken(value: string): string {
  if (value.includes('@')) return value.trim();
  return Buffer.from(value, 'base64url').toString('utf8').trim();
}

/** The active user whose id (e-mail) matches, case-insensitively. */
export async function activeUserByEmail(db: Db, email: string) {
  const row = await db
    .selectFrom('user')
    .innerJoin('user_login', 'user_login.usloUserId', 'user.userId')
    .select(['user.userId', 'user.userStatus', 'user.userLanguage', 'user_login.usloUserName'])
    .where((eb) => eb(eb.fn('lower', ['user.userId']), '=', email.toLowerCase()))
    .executeTakeFirst();
  if (!row || Number(row.userStatus) !== 1) return null;
  return {
    userId: row.userId as string,
    username: row.usloUserName as string,
    /** the language the user chose (`en`, `id`), or null */
    language: storedLanguage(row.userLanguage),
  };
}

/** A single-use reset token for the user (only its hash is stored), valid for one hour. */
export async function createResetToken(db: Db, userId: string, now = nowSeconds()): Promise<string> {
  const token = newToken();
  await db
    .insertInto('password_reset_token')
    .values({
      prstTokenHash: tokenHash(token),
      prstUserId: userId,
      prstCreatedTime: now,
      prstExpiresTime: now + RESET_TOKEN_TTL_SECONDS,
    })
    .execute();
  return token;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The reset mail's texts (issue 27). */
export const resetTexts = defineTexts(
  {
    subject: 'Reset your Fleet Monitoring password',
    hello: 'Hello {{name}},',
    received: 'We received a request to reset the password of your Fleet Monitoring account ({{account}}).',
    open: 'Open this link to choose a new password. It works once and expires in 1 hour:',
    choose: 'Choose a new password',
    ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  {
    subject: 'Atur ulang kata sandi Fleet Monitoring Anda',
    hello: 'Halo {{name}},',
    received: 'Kami menerima permintaan untuk mengatur ulang kata sandi akun Fleet Monitoring Anda ({{account}}).',
    open: 'Buka tautan ini untuk memilih kata sandi baru. Tautan ini hanya berlaku sekali dan kedaluwarsa dalam 1 jam:',
    choose: 'Pilih kata sandi baru',
    ignore: 'Jika Anda tidak memintanya, abaikan e-mail ini: kata sandi Anda tetap seperti semula.',
  },
);

/** The reset mail, in `language` (the user's chosen language, else the requesting browser's: account.routes.ts). */
export function resetMail(
  publicUrl: string,
  user: { userId: string; username: string },
  token: string,
  language: Language = 'en',
): OutgoingMail {
  const t = textsIn(resetTexts, language);
  const link = `${publicUrl}/auth/update-password/${emailToken(user.userId)}/${token}`;
  const lines = [
    t('hello', { name: user.username }),
    '',
    t('received', { account: user.userId }),
    t('open'),
    '',
    link,
    '',
    t('ignore'),
  ];
  const html = `<p>${t('hello', { name: escapeHtml(user.username) })}</p>
<p>${t('received', { account: escapeHtml(user.userId) })}
${t('open')}</p>
<p><a href="${escapeHtml(link)}">${t('choose')}</a></p>
<p>${t('ignore')}</p>`;
  return {
    kind: 'password-reset',
    to: user.userId,
    subject: t('subject'),
    text: lines.join('\n'),
    html,
    link,
  };
}

/**
 * Sets the new password when the token is the user's, unused and unexpired. The token and every other
 * open reset token of the user are used up, and all sessions are revoked. Returns false on any mismatch.
 */
export async function resetPassword(db: Db, email: string, token: string, password: string): Promise<boolean> {
  const user = await activeUserByEmail(db, email);
  if (!user) return false;
  const now = nowSeconds();
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    // claiming the token first makes concurrent uses of one token succeed at most once
    const claimed = await trx
      .updateTable('password_reset_token')
      .set({ prstUsedTime: now })
      .where('prstTokenHash', '=', tokenHash(token))
      .where('prstUserId', '=', user.userId)
      .where('prstUsedTime', 'is', null)
      .where('prstExpiresTime', '>=', now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('password_reset_token')
      .set({ prstUsedTime: now })
      .where('prstUserId', '=', user.userId)
      .where('prstUsedTime', 'is', null)
      .execute();
    await trx
      .updateTable('user_login')
      .set({ usloPassword: passwordHash, usloUpdatedTime: now, usloUpdatedUserId: user.userId })
      .where('usloUserId', '=', user.userId)
      .execute();
    await revokeUserSessions(trx, user.userId);
    return true;
  });
}
