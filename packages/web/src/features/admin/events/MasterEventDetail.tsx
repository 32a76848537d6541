import type { AssetEventRow, MasterEventRow } from '@fleet/shared/answers/resource-rows.ts';
import { assetEvent } from '@fleet/shared/resources/asset-event.ts';
import { CONFIG_EVENT_ACTIVE } from '@fleet/shared/resources/config-event.ts';
import { columnLabel } from '@fleet/shared/resources/define.ts';
import { masterEvent } from '@fleet/shared/resources/master-event.ts';
import { Descriptions, Drawer, Empty, List, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTexts } from '../../../api/i18n.ts';
import { useResourceList } from '../../../api/resources.ts';
import { useCan } from '../../../auth/permissions.ts';
import { useResourceDef } from '../../../components/resource/language.ts';
import { routeNames } from '../../../routing/route-names.ts';
import { formatDateTime, optionLabel } from '../admin-ui.ts';
import { PriorityTag } from './PriorityTag.tsx';
import { eventsTexts } from './texts.ts';
import { parseThresholds } from './thresholds.ts';

/**
 * Who owns a master event (issue 28): 'Shared' (every tenant's, a platform administrator's to change) or 'Own' (the
 * company's, named in the tooltip); `long`: the company's name itself.
 */
export function EventOwner({ record, long = false }: { record: MasterEventRow; long?: boolean }) {
  const t = useTexts(eventsTexts);
  if (record.mevtCompId === null) return <Tag title={t('sharedEventHint')}>{t('sharedEvent')}</Tag>;
  const company = record.mevtComp?.compName ?? String(record.mevtCompId);
  return (
    <Tag color="green" title={t('ownEventHint', { company })}>
      {long ? company : t('ownEvent')}
    </Tag>
  );
}

/**
 * Detail of a master event: its fields, its thresholds laid out per device, and the event configurations
 * that use it. (Spec 001 §2 sends Detail to the user detail route, a leftover: docs/spec-deviations.md.)
 */
export function MasterEventDetail({ record, onClose }: { record: MasterEventRow | null; onClose: () => void }) {
  const t = useTexts(eventsTexts);
  const view = useResourceDef(masterEvent);
  const F = view.fields;
  const canReadConfigs = useCan('master_config_event', 'read');
  const usedIn = useResourceList<AssetEventRow>(
    assetEvent,
    { page: 1, pageSize: 1000, finds: { asevMevtId: record?.mevtId } },
    !!record && canReadConfigs,
  );
  const devices = parseThresholds(record?.mevtThresholds);

  return (
    <Drawer open={!!record} onClose={onClose} size={560} title={record?.mevtType ?? ''} destroyOnHidden>
      {record && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={F.mevtType.label}>{record.mevtType}</Descriptions.Item>
            <Descriptions.Item label={F.mevtCompId.label}>
              <EventOwner record={record} long />
            </Descriptions.Item>
            <Descriptions.Item label={F.mevtIsPriority.label}>
              <PriorityTag value={record.mevtIsPriority} />
            </Descriptions.Item>
            <Descriptions.Item label={F.mevtTriggerDuration.label}>{record.mevtTriggerDuration}</Descriptions.Item>
            <Descriptions.Item label={F.mevtDescription.label}>{record.mevtDescription || '—'}</Descriptions.Item>
            <Descriptions.Item label={columnLabel(view, 'mevtCreatedTime')}>
              {formatDateTime(record.mevtCreatedTime)}
            </Descriptions.Item>
          </Descriptions>

          <div>
            <Typography.Title level={5}>{F.mevtThresholds.label}</Typography.Title>
            {devices.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noDeviceConditions')} />
            ) : (
              devices.map((d) => (
                <div key={d.name} className="thresholds-view-device">
                  <Space>
                    <Typography.Text strong>{d.name}</Typography.Text>
                    <Tag>{d.conditionsOperator}</Tag>
                  </Space>
                  <ul className="thresholds-view-rows">
                    {d.rows.map((r) => (
                      <li key={r.key}>
                        <code>
                          {r.key} {r.operator} {r.value}
                        </code>
                      </li>
                    ))}
                  </ul>
                </div>
              ))
            )}
          </div>

          {canReadConfigs && (
            <div>
              <Typography.Title level={5}>{t('usedIn')}</Typography.Title>
              <List
                size="small"
                bordered
                loading={usedIn.loading}
                dataSource={usedIn.rows}
                locale={{ emptyText: t('notUsed') }}
                renderItem={(link) => (
                  <List.Item>
                    <Link to={routeNames.AssetEvent(link.asevMcevId)}>
                      {t('configVersion', {
                        assetId: link.asevMcev?.mcevAssetId ?? '',
                        version: link.asevMcev?.mcevVersion ?? '',
                      })}
                    </Link>
                    {link.asevMcev?.mcevIsActive === 1 && (
                      <Tag color="green">{optionLabel(CONFIG_EVENT_ACTIVE, 1)}</Tag>
                    )}
                  </List.Item>
                )}
              />
            </div>
          )}
        </Space>
      )}
    </Drawer>
  );
}
