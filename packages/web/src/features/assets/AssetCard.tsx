import type { AssetRow } from '@fleet/shared/answers/resource-rows.ts';
import { Card, Descriptions } from 'antd';
import { assetImageUrl } from '../../api/assets.ts';
import { useTexts } from '../../api/i18n.ts';
import { useCan } from '../../auth/permissions.ts';
import { ButtonGroup } from '../../components/ButtonGroup.tsx';
import { ShipPicture } from './ShipPicture.tsx';
import { assetsTexts } from './texts.ts';

/** One asset of the Asset List (spec 000 §2): image, name, Installation Type, Asset Type; See Device, Delete, Edit. */
export function AssetCard({
  asset,
  onOpen,
  onDevices,
  onEdit,
  onDelete,
}: {
  asset: AssetRow;
  onOpen: () => void;
  onDevices: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useTexts(assetsTexts);
  const image = assetImageUrl(asset);
  // a card the user may only read has no Edit / Delete slot (issue 28: it showed empty)
  const canUpdate = useCan('master_asset', 'update');
  const canDelete = useCan('master_asset', 'delete');
  return (
    <Card
      data-testid="asset-card"
      className="asset-card"
      cover={
        <button
          type="button"
          className="asset-card-cover"
          onClick={onOpen}
          aria-label={t('open', { name: asset.massName })}
        >
          {image ? <img alt={asset.massName} src={image} /> : <ShipPicture />}
        </button>
      }
      actions={[
        <button type="button" key="devices" className="asset-card-link" onClick={onDevices}>
          {t('seeDevice')}
        </button>,
        ...(canUpdate || canDelete
          ? [
              <ButtonGroup
                key="manage"
                permission="master_asset"
                compact
                subject={asset.massName}
                onDelete={onDelete}
                onEdit={onEdit}
              />,
            ]
          : []),
      ]}
    >
      <Card.Meta
        title={
          <button type="button" className="asset-card-title" onClick={onOpen}>
            {asset.massName}
          </button>
        }
        description={
          <Descriptions size="small" column={1} colon={false}>
            <Descriptions.Item label={t('installationType')}>{asset.massSystemType || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('assetType')}>{asset.massMaty?.matyName || '—'}</Descriptions.Item>
          </Descriptions>
        }
      />
    </Card>
  );
}
