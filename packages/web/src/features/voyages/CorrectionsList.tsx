import type { VoyageCorrection } from '@fleet/shared/answers/voyages.ts';
import { Button, Table } from 'antd';
import { useState } from 'react';
import { useTexts } from '../../api/i18n.ts';
import { toast } from '../../api/toast.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { dateTime } from '../../components/format.ts';
import { voyagesTexts } from './texts.ts';
import { useCorrect, useCorrections } from './voyages-api.ts';

type T = ReturnType<typeof useTexts<typeof voyagesTexts.en>>;

/** What a correction did, in words. */
export function correctionText(c: VoyageCorrection, t: T): string {
  const d = c.detail;
  if (d.action === 'merge') return t('mergeDetail', { from: dateTime(d.start), to: dateTime(d.end) });
  if (d.action === 'split') return t('splitDetail', { at: dateTime(d.at) });
  const which = { from: t('whichFrom'), to: t('whichTo'), both: t('whichBoth') }[d.which];
  return t('renameDetail', { place: d.place, which, start: dateTime(d.start) });
}

/** The corrections in force for the vessel, newest first, with who made them and when; undo with confirmation. */
export function CorrectionsList({ assetId, canCorrect }: { assetId: number; canCorrect: boolean }) {
  const t = useTexts(voyagesTexts);
  const list = useCorrections(assetId);
  const { undo } = useCorrect(assetId);
  const [undoing, setUndoing] = useState<VoyageCorrection | null>(null);
  const action = { merge: t('merge'), split: t('split'), rename: t('rename') };
  return (
    <>
      <Table<VoyageCorrection>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: t('noCorrections') }}
        scroll={{ x: 640 }}
        columns={[
          { title: t('action'), key: 'action', width: 120, render: (_, c) => action[c.action] },
          { title: t('detail'), key: 'detail', render: (_, c) => correctionText(c, t) },
          { title: t('by'), dataIndex: 'createdBy', width: 160 },
          { title: t('when'), key: 'when', width: 150, render: (_, c) => dateTime(c.createdTime) },
          ...(canCorrect
            ? [
                {
                  title: '',
                  key: 'undo',
                  width: 90,
                  render: (_: unknown, c: VoyageCorrection) => (
                    <Button size="small" onClick={() => setUndoing(c)}>
                      {t('undo')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <ConfirmModal
        open={undoing !== null}
        title={t('undoTitle')}
        okText={t('undo')}
        confirming={undo.isPending}
        onCancel={() => setUndoing(null)}
        onConfirm={() =>
          undoing &&
          undo.mutate(undoing.id, {
            onSuccess: () => {
              toast.success(t('undone'));
              setUndoing(null);
            },
          })
        }
      >
        {undoing && (
          <p>
            {correctionText(undoing, t)} — {t('undoBody')}
          </p>
        )}
      </ConfirmModal>
    </>
  );
}
