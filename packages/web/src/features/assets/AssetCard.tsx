import type { AssetRow } from '@fleet/shared/answers/resource-rows.ts';
import { Card, Descriptions } from 'antd';
import { assetImageUrl } from '../../api/assets.ts';
import { ButtonGroup } from '../../components/ButtonGroup.tsx';
import { ShipPicture } from './ShipPicture.tsx';

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
  const image = assetImageUrl(asset);
  return (
    <Card
      data-testid="asset-card"
      className="asset-card"
      cover={
        <button type="button" className="asset-card-cover" onClick={onOpen} aria-label={`Open ${asset.massName}`}>
          {image ? <img alt={asset.massName} src={image} /> : <ShipPicture />}
        </button>
      }
      actions={[
        <button type="button" key="devices" className="asset-card-link" onClick={onDevices}>
          See Device
        </button>,
        <ButtonGroup
          key="manage"
          permission="master_asset"
          compact
          subject={asset.massName}
          onDelete={onDelete}
          onEdit={onEdit}
        />,
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
            <Descriptions.Item label="Installation Type">{asset.massSystemType || '—'}</Descriptions.Item>
            <Descriptions.Item label="Asset Type">{asset.massMaty?.matyName || '—'}</Descriptions.Item>
          </Descriptions>
        }
      />
    </Card>
  );
}
