import { user } from '@fleet/shared/resources/user.ts';
import { userLogin } from '@fleet/shared/resources/user-login.ts';
import { USER_ACCOUNT_PATH, type UserAccountValues } from '@fleet/shared/user-account.ts';
import { Form, Input, Select } from 'antd';
import { api } from '../../../api/client.ts';
import { resourcePath } from '../../../api/resources.ts';
import { useResourceDef } from '../../../components/resource/language.ts';

export type UserValues = UserAccountValues;

const ACCOUNT = { path: USER_ACCOUNT_PATH };

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
  const U = useResourceDef(user).fields;
  const L = useResourceDef(userLogin).fields;
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

export const NEW_USER: Partial<UserValues> = { userStatus: Number(user.fields.userStatus.default) };

/**
 * Saves a user and its login in one call, all or nothing (POST/PUT /master/user_account): on create the user
 * and its login, on edit the status, login name and (when typed) password. Per-field messages come back together.
 * `headers` (edit): `If-Unmodified-Since`, the version of the user the form opened, so that a user changed meanwhile
 * is refused (409) instead of overwritten (issue 28).
 */
export async function saveUser(v: UserValues, existing: boolean, headers?: Record<string, string>): Promise<void> {
  const login = { usloUserName: v.usloUserName ?? '', usloPassword: v.usloPassword || undefined };
  if (existing) {
    await api.put(resourcePath(ACCOUNT, v.userId), { userStatus: v.userStatus, ...login }, { headers });
  } else {
    await api.post(resourcePath(ACCOUNT), { userId: v.userId ?? '', userStatus: v.userStatus, ...login });
  }
}
