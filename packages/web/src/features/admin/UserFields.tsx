import { user } from '@fleet/shared/resources/user.ts';
import { userLogin } from '@fleet/shared/resources/user-login.ts';
import { Form, Input, Select } from 'antd';
import { api } from '../../api/client.ts';
import { resourcePath } from '../../api/resources.ts';

export interface UserValues {
  userId: string;
  userStatus: number;
  usloUserName: string;
  usloPassword?: string;
}

const U = user.fields;
const L = userLogin.fields;

/**
 * The fields of a user and its login (spec 001 §2, §5): e-mail (locked once the user exists), status,
 * login name, password (optional on edit: left empty, the stored one stays).
 */
export function UserFields({
  existing,
  passwordOptional = existing,
}: {
  existing: boolean;
  /** the user has a login already: an empty password keeps it */
  passwordOptional?: boolean;
}) {
  return (
    <>
      <Form.Item name="userId" label={U.userId.label} required={!existing}>
        <Input type="email" disabled={existing} placeholder="name@company.co.id" autoComplete="off" />
      </Form.Item>
      <Form.Item name="userStatus" label={U.userStatus.label}>
        <Select options={U.userStatus.options} />
      </Form.Item>
      <Form.Item name="usloUserName" label={L.usloUserName.label} required>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="usloPassword"
        label={L.usloPassword.label}
        required={!passwordOptional}
        extra={passwordOptional ? L.usloPassword.hint : undefined}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

export const NEW_USER: Partial<UserValues> = { userStatus: Number(U.userStatus.default) };

/**
 * Saves a user and its login: the user row (created unless `existing`), then the login (created when it has
 * none, else updated; an empty password is left out so the stored one stays).
 */
export async function saveUser(
  v: UserValues,
  opts: {
    existing: boolean;
    loginId: number | null | undefined;
    /** the user row is stored (a failing login after it must not create the user twice) */
    onUserSaved?: (userId: string) => void;
  },
): Promise<void> {
  const userId = v.userId?.trim().toLowerCase() ?? '';
  if (opts.existing) await api.put(resourcePath(user, userId), { userStatus: v.userStatus });
  else await api.post(resourcePath(user), { userId, userStatus: v.userStatus });
  opts.onUserSaved?.(userId);
  const login: Record<string, unknown> = { usloUserName: v.usloUserName };
  if (v.usloPassword) login.usloPassword = v.usloPassword;
  if (opts.loginId) await api.put(resourcePath(userLogin, opts.loginId), login);
  else await api.post(resourcePath(userLogin), { ...login, usloUserId: userId });
}
