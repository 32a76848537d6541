import type { MasterEventRow } from '@fleet/shared/answers/resource-rows.ts';
import { masterEvent } from '@fleet/shared/resources/master-event.ts';
import { Space, Typography } from 'antd';
import { useState } from 'react';
import { useTexts } from '../../../api/i18n.ts';
import type { Row } from '../../../api/resources.ts';
import { useResourceDef } from '../../../components/resource/language.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { EventOwner, MasterEventDetail } from './MasterEventDetail.tsx';
import { PriorityTag } from './PriorityTag.tsx';
import { ThresholdsEditor } from './ThresholdsEditor.tsx';
import { eventsTexts } from './texts.ts';
import { parseThresholds, serializeThresholds, thresholdsProblem } from './thresholds.ts';
import '../admin.css';

/** The devices a master event watches, as its list shows them: "name (thresholds)", comma separated. */
const thresholdsText = (v: unknown) =>
  parseThresholds(v as string)
    .map((d) => `${d.name} (${d.rows.length})`)
    .join(', ');

/**
 * Master Event list (spec 001 §2): search on event type, priority filter (All, High, Normal) and Apply;
 * the add/edit modal with the thresholds editor; a detail view of the event; delete. Issue 28: a tag under the type
 * tells the shared events (read-only to a tenant administrator: no Edit or Delete) from the company's own.
 */
export default function MasterEvent() {
  const t = useTexts(eventsTexts);
  const view = useResourceDef(masterEvent);
  const [detail, setDetail] = useState<MasterEventRow | null>(null);
  return (
    <>
      <ResourcePage
        def={masterEvent}
        search={{ field: 'mevtType', label: view.fields.mevtType.label, placeholder: t('searchEventType') }}
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
        columnTitles={{ mevtThresholds: t('devicesColumn'), mevtTriggerDuration: t('triggerDurationColumn') }}
        render={{
          // the owner under the type, not a column of its own: the list still fits 1440 px with its actions
          mevtType: (v, row) => (
            <Space orientation="vertical" size={2}>
              <Typography.Text strong>{v}</Typography.Text>
              <EventOwner record={row as MasterEventRow} />
            </Space>
          ),
          mevtIsPriority: (v) => <PriorityTag value={v} />,
          mevtDescription: (v) => (
            <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 240 }}>
              {v || '-'}
            </Typography.Text>
          ),
          mevtThresholds: (v) => thresholdsText(v) || '-',
        }}
        sheet={{ mevtThresholds: (v) => thresholdsText(v) || null }}
        onDetail={(row) => setDetail(row as MasterEventRow)}
        // a system event (ROB Below Zero) is written by the server itself: the server refuses every change
        canEdit={(row) => !row.mevtSystem}
        canDelete={(row) => !row.mevtSystem}
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
