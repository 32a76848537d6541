import type { AssetRow, CompanyRow } from '@fleet/shared/answers/resource-rows.ts';
import { asset } from '@fleet/shared/resources/asset.ts';
import { company } from '@fleet/shared/resources/company.ts';
import { columnLabel } from '@fleet/shared/resources/define.ts';
import { Card, Descriptions, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTexts } from '../../../api/i18n.ts';
import { companyAssets, useResourceList, useResourceRow } from '../../../api/resources.ts';
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
/** what an asset's card shows, as the columns of the cards' download (issue 31), titled as the card labels them */
const CARD_COLUMNS = ['massName', 'massSystemType', 'massMaty.matyName'];

/**
 * Company Detail (spec 000 §2): the company's data (its edit form is hidden on this screen; editing is on the
 * Company List) and the 'Company Asset List', cards three per row, ten per page; a card opens Asset Detail.
 */
export default function CompanyDetail() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const t = useTexts(companiesTexts);
  const admin = useTexts(adminTexts);
  const C = useResourceDef(company).fields;
  const A = useResourceDef(asset).fields;
  const canReadAssets = useCan('master_asset', 'read');
  const [page, setPage] = useState(1);

  const row = useResourceRow<CompanyRow>(company, id);
  // every company of the user, not only the active one (GET /master/company_asset)
  const assetParams = { finds: { massCompId: id }, orders: { massName: 'asc' as const } };
  const assets = useResourceList<AssetRow>(companyAssets, { page, pageSize: PAGE_SIZE, ...assetParams }, canReadAssets);
  const assetView = useResourceDef(companyAssets);
  const c = row.data;

  if (isNotFound(row.error)) {
    return (
      <Page title={t('companyDetail')}>
        <NotFoundState title={t('companyNotFound')} onBack={() => navigate(routeNames.Company())} />
      </Page>
    );
  }

  return (
    <Page
      title={c ? c.compName : t('companyDetail')}
      extra={
        <ButtonGroup
          permission={company.permission}
          onBack={() => navigate(routeNames.Company())}
          onRefresh={() => Promise.all([row.refetch(), assets.refetch()]).then(toastRefreshed(admin('refreshed')))}
          refreshing={row.isFetching || assets.refreshing}
        />
      }
    >
      {row.isLoading ? (
        <Skeleton active />
      ) : (
        c && (
          <Descriptions bordered size="small" column={{ xs: 1, md: 3 }} className="admin-table">
            <Descriptions.Item label={C.compGrcpId.label}>
              {c.compGrcp ? (
                <Typography.Link onClick={() => navigate(routeNames.GroupDetail(c.compGrcpId))}>
                  {c.compGrcp.grcpName}
                </Typography.Link>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={C.compStatus.label}>
              <CompanyStatusTag value={c.compStatus} />
            </Descriptions.Item>
            <Descriptions.Item label={C.compPhone.label}>{c.compPhone || '—'}</Descriptions.Item>
            <Descriptions.Item label={C.compAddress.label}>{c.compAddress || '—'}</Descriptions.Item>
            <Descriptions.Item label={C.compPIC.label}>{c.compPIC || '—'}</Descriptions.Item>
            <Descriptions.Item label={C.compPICPhone.label}>{c.compPICPhone || '—'}</Descriptions.Item>
            <Descriptions.Item label={C.compTimezone.label}>{c.compTimezone || '—'}</Descriptions.Item>
          </Descriptions>
        )
      )}

      <div className="admin-section-head">
        <Typography.Title level={4} className="admin-section-title">
          {t('companyAssets')}
        </Typography.Title>
        {canReadAssets && (
          <ExportButtons
            disabled={assets.total === 0}
            sheet={() =>
              resourceExport(companyAssets, assetView, assetParams, CARD_COLUMNS, [
                columnLabel(assetView, 'massName'),
                A.massSystemType.label,
                A.massMatyId.label,
              ])
            }
            fileName={(ext) => resourceFileName(`${c?.compName ?? id}_${t('companyAssets')}`, [], ext)}
          />
        )}
      </div>
      <CardGrid
        items={assets.rows}
        rowKey={(a) => a.massId}
        loading={assets.loading || assets.refreshing}
        page={page}
        pageSize={PAGE_SIZE}
        total={assets.total}
        onPage={setPage}
        renderCard={(a) => (
          <Card
            hoverable
            data-testid="asset-card"
            onClick={() => navigate(routeNames.AssetDetail(a.massId))}
            cover={
              a.massImage ? (
                <img className="asset-card-image" alt={a.massName} src={`/api/${a.massImage}`} />
              ) : (
                <div className="asset-card-placeholder" aria-hidden>
                  ⚓
                </div>
              )
            }
          >
            <Card.Meta
              title={a.massName}
              description={
                <Descriptions size="small" column={1} colon={false}>
                  <Descriptions.Item label={A.massSystemType.label}>{a.massSystemType || '—'}</Descriptions.Item>
                  <Descriptions.Item label={A.massMatyId.label}>{a.massMaty?.matyName || '—'}</Descriptions.Item>
                </Descriptions>
              }
            />
          </Card>
        )}
      />
    </Page>
  );
}
