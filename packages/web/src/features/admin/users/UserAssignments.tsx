import { PlusOutlined } from '@ant-design/icons';
import type {
  AssetRow,
  CompanyRow,
  RoleRow,
  UserAssetRow,
  UserCompanyRow,
  UserRoleRow,
} from '@fleet/shared/answers/resource-rows.ts';
import { company } from '@fleet/shared/resources/company.ts';
import type { ResourceDef } from '@fleet/shared/resources/define.ts';
import { YES_NO } from '@fleet/shared/resources/options.ts';
import { role } from '@fleet/shared/resources/role.ts';
import { userAsset } from '@fleet/shared/resources/user-asset.ts';
import { userCompany } from '@fleet/shared/resources/user-company.ts';
import { userRole } from '@fleet/shared/resources/user-role.ts';
import { Button, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { api } from '../../../api/client.ts';
import { useLanguage, useTexts } from '../../../api/i18n.ts';
import { companyAssets, resourcePath, useReloadResources, useResourceList } from '../../../api/resources.ts';
import { toast } from '../../../api/toast.ts';
import { useCan } from '../../../auth/permissions.ts';
import { ButtonGroup } from '../../../components/ButtonGroup.tsx';
import { optionIn, useResourceDef } from '../../../components/resource/language.ts';
import { optionLabel } from '../admin-ui.ts';
import { MasterPicker } from '../MasterPicker.tsx';
import { useDeleteConfirm } from '../useDeleteConfirm.tsx';
import { usersTexts } from './texts.ts';

const KEY = 'master_user';
/** companies of a user fetched at once (User Company tab, User Asset picker) */
const USER_COMPANY_MAX = 100;

/**
 * One tab of User Detail: what is assigned to the user (a table with remove) and a line to add more.
 * Every assignment of the user is fetched (up to `fetchMax`) so the picker can leave them all out.
 */
function Assignments<T extends object>({
  def,
  userField,
  idField,
  userId,
  fetchMax,
  pageSize,
  columns,
  subject,
  deleted,
  fetchError,
  addLine,
}: {
  def: ResourceDef;
  userField: string;
  idField: keyof T & string;
  userId: string;
  fetchMax: number;
  pageSize: number;
  columns: TableColumnsType<T>;
  subject: (row: T) => string | undefined;
  deleted: string;
  fetchError?: string;
  addLine: (rows: T[], reload: () => void) => ReactNode;
}) {
  const t = useTexts(usersTexts);
  const canRead = useCan(KEY, 'read');
  const canCreate = useCan(KEY, 'create');
  const [page, setPage] = useState(1);
  const reload = useReloadResources();
  const del = useDeleteConfirm();
  const list = useResourceList<T>(
    def,
    { page: 1, pageSize: fetchMax, finds: { [userField]: userId } },
    canRead,
    fetchError,
  );
  const again = () => reload(def);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {canCreate && <div className="admin-filters">{addLine(list.rows, again)}</div>}
      <Table<T>
        className="admin-table"
        rowKey={idField}
        size="middle"
        dataSource={list.rows}
        loading={list.loading || list.refreshing}
        pagination={{ current: page, pageSize, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          ...columns,
          {
            title: t('action'),
            key: 'action',
            width: 90,
            render: (_, row) => (
              <ButtonGroup
                compact
                permission={KEY}
                subject={subject(row)}
                onDelete={() =>
                  del.ask({
                    subject: subject(row),
                    remove: () => api.delete(resourcePath(def, row[idField] as string | number)),
                    record: { def, id: row[idField] as string | number },
                    deleted,
                    onDeleted: () => {
                      setPage(1);
                      again();
                    },
                  })
                }
              />
            ),
          },
        ]}
      />
      {del.modal}
    </Space>
  );
}

/** Adds one assignment: POST, toast, reload; errors are the client's toasts. */
function useAdd() {
  const [busy, setBusy] = useState(false);
  const run = async (def: ResourceDef, body: unknown, added: string, reload: () => void) => {
    setBusy(true);
    try {
      await api.post(resourcePath(def), body);
      toast.success(added);
      reload();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** User Company: companies with the all-assets flag (default yes), 100 fetched, 10 per page. */
export function UserCompanyTab({ userId }: { userId: string }) {
  const t = useTexts(usersTexts);
  const language = useLanguage();
  const view = useResourceDef(userCompany);
  const [compId, setCompId] = useState<number | undefined>();
  const [allAssets, setAllAssets] = useState<number>(Number(userCompany.fields.uscoAllAssets.default));
  const add = useAdd();
  return (
    <Assignments<UserCompanyRow>
      def={userCompany}
      userField="uscoUserId"
      idField="uscoId"
      userId={userId}
      fetchMax={USER_COMPANY_MAX}
      pageSize={10}
      deleted={view.texts.deleted}
      subject={(r) => r.uscoComp?.compName}
      columns={[
        { title: view.labels['uscoComp.compName'], key: 'company', render: (_, r) => r.uscoComp?.compName },
        {
          title: view.fields.uscoAllAssets.label,
          dataIndex: 'uscoAllAssets',
          width: 140,
          render: (v: number) => <Tag color={v === 1 ? 'green' : 'default'}>{optionLabel(YES_NO, v)}</Tag>,
        },
      ]}
      addLine={(rows, reload) => (
        <>
          <MasterPicker<CompanyRow & Record<string, unknown>>
            def={company}
            valueField="compId"
            labelField="compName"
            max={100}
            exclude={rows.map((r) => r.uscoCompId)}
            hint={(c) => c.compGrcp?.grcpName}
            placeholder={t('chooseCompany')}
            value={compId}
            onChange={(v) => setCompId(v as number | undefined)}
          />
          <span className="admin-filter-label">{view.fields.uscoAllAssets.label}</span>
          <Select
            aria-label={view.fields.uscoAllAssets.label}
            options={YES_NO.map((o) => optionIn(o, language))}
            value={allAssets}
            onChange={setAllAssets}
            style={{ width: 90 }}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={compId === undefined}
            loading={add.busy}
            onClick={async () => {
              const ok = await add.run(
                userCompany,
                { uscoUserId: userId, uscoCompId: compId, uscoAllAssets: allAssets },
                t('companyAdded'),
                reload,
              );
              if (ok) setCompId(undefined);
            }}
          >
            {t('add')}
          </Button>
        </>
      )}
    />
  );
}

/** User Role: the user's roles, 25 per page. */
export function UserRoleTab({ userId }: { userId: string }) {
  const t = useTexts(usersTexts);
  const view = useResourceDef(userRole);
  const [roleId, setRoleId] = useState<number | undefined>();
  const add = useAdd();
  return (
    <Assignments<UserRoleRow>
      def={userRole}
      userField="usroUserId"
      idField="usroId"
      userId={userId}
      fetchMax={1000}
      pageSize={userRole.pageSize}
      deleted={view.texts.deleted}
      subject={(r) => r.usroRole?.roleName}
      columns={[{ title: view.labels['usroRole.roleName'], key: 'role', render: (_, r) => r.usroRole?.roleName }]}
      addLine={(rows, reload) => (
        <>
          <MasterPicker<RoleRow & Record<string, unknown>>
            def={role}
            valueField="roleId"
            labelField="roleName"
            max={1000}
            exclude={rows.map((r) => r.usroRoleId)}
            placeholder={t('chooseRole')}
            value={roleId}
            onChange={(v) => setRoleId(v as number | undefined)}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={roleId === undefined}
            loading={add.busy}
            onClick={async () => {
              const ok = await add.run(userRole, { usroUserId: userId, usroRoleId: roleId }, t('roleAdded'), reload);
              if (ok) setRoleId(undefined);
            }}
          >
            {t('add')}
          </Button>
        </>
      )}
    />
  );
}

/** User Asset: assets assigned one by one (for companies without all assets), 25 per page. */
export function UserAssetTab({ userId }: { userId: string }) {
  const t = useTexts(usersTexts);
  const view = useResourceDef(userAsset);
  const [massId, setMassId] = useState<number | undefined>();
  const add = useAdd();
  // the assets offered are those of the user's companies (the same query as the User Company tab's)
  const companies = useResourceList<UserCompanyRow>(
    userCompany,
    { page: 1, pageSize: USER_COMPANY_MAX, finds: { uscoUserId: userId } },
    useCan(KEY, 'read'),
  );
  const companyIds = companies.rows.map((c) => c.uscoCompId);
  return (
    <Assignments<UserAssetRow>
      def={userAsset}
      userField="uassUserId"
      idField="uassId"
      userId={userId}
      fetchMax={1000}
      pageSize={userAsset.pageSize}
      deleted={view.texts.deleted}
      fetchError={t('loadUserAssetsFailed')}
      subject={(r) => r.uassMass?.massName}
      columns={[{ title: view.labels['uassMass.massName'], key: 'asset', render: (_, r) => r.uassMass?.massName }]}
      addLine={(rows, reload) => (
        <>
          {/* assets searched by name (spec 001 §7: GET /master/asset with findField=massName) */}
          <MasterPicker<AssetRow & Record<string, unknown>>
            def={companyAssets}
            valueField="massId"
            labelField="massName"
            max={1000}
            finds={{ massCompId: companyIds }}
            enabled={companyIds.length > 0}
            disabled={companyIds.length === 0}
            exclude={rows.map((r) => r.uassMassId)}
            placeholder={companyIds.length ? t('chooseAsset') : t('companyFirst')}
            errorToast={t('loadAssetsFailed')}
            value={massId}
            onChange={(v) => setMassId(v as number | undefined)}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={massId === undefined}
            loading={add.busy}
            onClick={async () => {
              const ok = await add.run(userAsset, { uassUserId: userId, uassMassId: massId }, t('assetAdded'), reload);
              if (ok) setMassId(undefined);
            }}
          >
            {t('add')}
          </Button>
        </>
      )}
    />
  );
}
