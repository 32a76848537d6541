import { EnvironmentOutlined, PhoneOutlined, UserOutlined } from '@ant-design/icons';
import type { CompanyRow, GroupRow } from '@fleet/shared/answers/resource-rows.ts';
import { company } from '@fleet/shared/resources/company.ts';
import { columnLabel } from '@fleet/shared/resources/define.ts';
import { groupCompany } from '@fleet/shared/resources/group-company.ts';
import { Card, Descriptions, Input, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTexts } from '../../../api/i18n.ts';
import { useResourceList, useResourceRow } from '../../../api/resources.ts';
import { toastRefreshed } from '../../../api/toast.ts';
import { useCan } from '../../../auth/permissions.ts';
import { ButtonGroup } from '../../../components/ButtonGroup.tsx';
import { ExportButtons } from '../../../components/ExportButtons.tsx';
import { Page } from '../../../components/Page.tsx';
import { resourceExport, resourceFileName } from '../../../components/resource/export.ts';
import { useResourceDef } from '../../../components/resource/language.ts';
import { routeNames } from '../../../routing/route-names.ts';
import { isNotFound, NotFoundState } from '../NotFoundState.tsx';
import { adminTexts } from '../texts.ts';
import { CardGrid } from './CardGrid.tsx';
import { CompanyStatusTag } from './CompanyStatusTag.tsx';
import { companiesTexts } from './texts.ts';
import '../admin.css';

const PAGE_SIZE = 10;
/** what a company's card shows, as the columns of the cards' download (issue 31), titled by the fields' labels */
const CARD_FIELDS = ['compName', 'compStatus', 'compAddress', 'compPhone', 'compPIC'];

/** Group Detail (spec 001 §2): the group's data and a card per company; a card opens Company Detail. */
export default function GroupDetail() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const t = useTexts(companiesTexts);
  const admin = useTexts(adminTexts);
  const G = useResourceDef(groupCompany).fields;
  const canReadCompanies = useCan(company.permission, 'read');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');

  const group = useResourceRow<GroupRow>(groupCompany, id);
  const companyParams = {
    finds: { compGrcpId: id },
    findField: search ? 'compName' : undefined,
    findValue: search || undefined,
  };
  const companies = useResourceList<CompanyRow>(
    company,
    { page, pageSize: PAGE_SIZE, ...companyParams },
    canReadCompanies,
  );
  const C = useResourceDef(company);
  const g = group.data;

  if (isNotFound(group.error)) {
    return (
      <Page title={t('groupDetail')}>
        <NotFoundState title={t('groupNotFound')} onBack={() => navigate(routeNames.Group())} />
      </Page>
    );
  }

  return (
    <Page
      title={g ? g.grcpName : t('groupDetail')}
      extra={
        <ButtonGroup
          permission={groupCompany.permission}
          onBack={() => navigate(routeNames.Group())}
          onRefresh={() => Promise.all([group.refetch(), companies.refetch()]).then(toastRefreshed(admin('refreshed')))}
          refreshing={group.isFetching || companies.refreshing}
        />
      }
    >
      {group.isLoading ? (
        <Skeleton active />
      ) : (
        g && (
          <Descriptions bordered size="small" column={{ xs: 1, md: 3 }} className="admin-table">
            <Descriptions.Item label={G.grcpNickName.label}>{g.grcpNickName || '—'}</Descriptions.Item>
            <Descriptions.Item label={G.grcpCity.label}>{g.grcpCity || '—'}</Descriptions.Item>
            <Descriptions.Item label={G.grcpTelp.label}>{g.grcpTelp || '—'}</Descriptions.Item>
            <Descriptions.Item label={G.grcpAddress.label} span={2}>
              {g.grcpAddress || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={G.grcpFax.label}>{g.grcpFax || '—'}</Descriptions.Item>
          </Descriptions>
        )
      )}

      <div className="admin-section-head">
        <Typography.Title level={4} className="admin-section-title">
          {t('companies')}
        </Typography.Title>
        <Space wrap className="admin-section-tools">
          {canReadCompanies && (
            <ExportButtons
              disabled={companies.total === 0}
              sheet={() =>
                resourceExport(
                  company,
                  C,
                  companyParams,
                  CARD_FIELDS,
                  CARD_FIELDS.map((f) => columnLabel(C, f)),
                )
              }
              fileName={(ext) => resourceFileName(`${g?.grcpName ?? id}_${t('companies')}`, [search], ext)}
            />
          )}
          <Input.Search
            aria-label={t('searchCompany')}
            placeholder={t('searchCompany')}
            allowClear
            onSearch={(v) => {
              setSearch(v.trim());
              setPage(1);
            }}
            style={{ width: 260, maxWidth: '100%' }}
          />
        </Space>
      </div>
      <CardGrid
        items={companies.rows}
        rowKey={(c) => c.compId}
        loading={companies.loading || companies.refreshing}
        page={page}
        pageSize={PAGE_SIZE}
        total={companies.total}
        onPage={setPage}
        renderCard={(c) => (
          <Card hoverable onClick={() => navigate(routeNames.CompanyDetail(c.compId))} data-testid="company-card">
            <Space orientation="vertical" size={6} style={{ width: '100%' }}>
              <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                <Typography.Text strong>{c.compName}</Typography.Text>
                <CompanyStatusTag value={c.compStatus} />
              </Space>
              <Typography.Text type="secondary">
                <EnvironmentOutlined /> {c.compAddress || t('noAddress')}
              </Typography.Text>
              <Typography.Text type="secondary">
                <PhoneOutlined /> {c.compPhone || '—'}
                {c.compPIC && (
                  <>
                    {'  '}
                    <UserOutlined /> {c.compPIC}
                  </>
                )}
              </Typography.Text>
            </Space>
          </Card>
        )}
      />
    </Page>
  );
}
