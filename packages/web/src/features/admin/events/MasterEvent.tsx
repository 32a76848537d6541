import type { MasterEventRow } from '@fleet/shared/answers/resource-rows.ts';
import { masterEvent } from '@fleet/shared/resources/master-event.ts';
import { Typography } from 'antd';
import { useState } from 'react';
import type { Row } from '../../../api/resources.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { MasterEventDetail } from './MasterEventDetail.tsx';
import { PriorityTag } from './PriorityTag.tsx';
import { ThresholdsEditor } from './ThresholdsEditor.tsx';
import { parseThresholds, serializeThresholds, thresholdsProblem } from './thresholds.ts';
import '../admin.css';

/**
 * Master Event list (spec 001 §2): search on event type, priority filter (All, High, Normal) and Apply;
 * the add/edit modal with the thresholds editor; a detail view of the event; delete.
 */
export default function MasterEvent() {
  const [detail, setDetail] = useState<MasterEventRow | null>(null);
  return (
    <>
      <ResourcePage
        def={masterEvent}
        search={{ field: 'mevtType', label: 'Event Type', placeholder: 'Search event type' }}
        filters={['mevtIsPriority']}
        applyButton
        columns={[
          'mevtType',
          'mevtIsPriority',
          'mevtTriggerDuration',
          'mevtThresholds',
          'mevtDescription',
          'mevtCreatedTime',
        ]}
        columnTitles={{ mevtThresholds: 'Devices', mevtTriggerDuration: 'Trigger Duration (s)' }}
        render={{
          mevtType: (v) => <Typography.Text strong>{v}</Typography.Text>,
          mevtIsPriority: (v) => <PriorityTag value={v} />,
          mevtDescription: (v) => (
            <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 240 }}>
              {v || '-'}
            </Typography.Text>
          ),
          mevtThresholds: (v) =>
            parseThresholds(v)
              .map((d) => `${d.name} (${d.rows.length})`)
              .join(', ') || '-',
        }}
        onDetail={(row) => setDetail(row as MasterEventRow)}
        form={{
          width: 760,
          renderField: { mevtThresholds: () => <ThresholdsEditor /> },
          validate: (values) => {
            // the JSON is a map keyed by device and data names: a blank or repeated one would drop a row
            const problem = Array.isArray(values.mevtThresholds) ? thresholdsProblem(values.mevtThresholds) : null;
            return problem ? { mevtThresholds: [problem] } : null;
          },
          transformBody: (body: Row) =>
            Array.isArray(body.mevtThresholds)
              ? { ...body, mevtThresholds: serializeThresholds(body.mevtThresholds) }
              : body,
        }}
      />
      <MasterEventDetail record={detail} onClose={() => setDetail(null)} />
    </>
  );
}
