import { KeyOutlined } from '@ant-design/icons';
import { asset } from '@fleet/shared/resources/asset.ts';
import { device } from '@fleet/shared/resources/device.ts';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTexts } from '../../api/i18n.ts';
import { type Row, useResourceRow } from '../../api/resources.ts';
import { typeLabel } from '../../components/device/device-types.ts';
import { ResourcePage } from '../../components/resource/ResourcePage.tsx';
import { routeNames } from '../../routing/route-names.ts';
import { DeviceKeys } from './DeviceKeys.tsx';
import { devicesTexts } from './texts.ts';

/** The form of spec 000 §2; the gateway input bound to nothing in the spec is left out (docs/spec-deviations.md). */
const FORM_FIELDS = [
  'devcName',
  'devcLabel',
  'devcType',
  'devcStatus',
  'devcMassId',
  'devcDescription',
  'devcUniqueId',
];

/**
 * Device List (spec 000 §2): '{asset name or All Asset} Device List'; filters asset (hidden when opened for one
 * asset with ?asset={massId}) and device type; Device Name, Device Type, Label, Unique ID, Link to Asset; add, edit,
 * delete, view (Device Detail); 25 per page. Gateways have an 'Ingest keys' button.
 */
export default function Device() {
  const t = useTexts(devicesTexts);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const assetId = Number(params.get('asset')) || undefined;
  const one = useResourceRow(asset, assetId);
  const [keysOf, setKeysOf] = useState<Row | null>(null);
  const title = assetId ? t('listOf', { asset: one.data?.massName ?? '…' }) : t('listAll');

  return (
    <>
      <ResourcePage
        key={assetId ?? 'all'}
        def={device}
        title={title}
        fixedFinds={assetId ? { devcMassId: assetId } : undefined}
        filters={assetId ? ['devcType'] : ['devcMassId', 'devcType']}
        search={{ field: 'devcName', placeholder: t('searchName') }}
        onBack={assetId ? () => navigate(routeNames.AssetDevice(assetId)) : undefined}
        render={{
          devcType: (v) => <Tag>{typeLabel(v)}</Tag>,
          'devcMass.massName': (_v, row) =>
            row.devcMass ? (
              <Button type="link" size="small" onClick={() => navigate(routeNames.AssetDetail(row.devcMassId))}>
                {row.devcMass.massName}
              </Button>
            ) : (
              '—'
            ),
        }}
        sheet={{ devcType: (v) => typeLabel(v) }}
        onDetail={(row) => navigate(routeNames.DeviceDetail(row.devcId))}
        rowActions={(row) =>
          row.devcType === 'gateway' ? (
            <Button
              type="text"
              icon={<KeyOutlined />}
              title={t('ingestKeys')}
              aria-label={t('ingestKeysOf', { name: row.devcName })}
              onClick={() => setKeysOf(row)}
            />
          ) : null
        }
        form={{ fields: FORM_FIELDS, initialValues: assetId ? { devcMassId: assetId } : undefined }}
      />
      {keysOf && <DeviceKeys devcId={keysOf.devcId} devcName={keysOf.devcName} open onClose={() => setKeysOf(null)} />}
    </>
  );
}
