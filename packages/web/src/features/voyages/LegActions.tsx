import type { Leg, VoyageCorrectionRequest } from '@fleet/shared/answers/voyages.ts';
import { Button, DatePicker, Form, Input, Radio, Tooltip } from 'antd';
import { useState } from 'react';
import { useTexts } from '../../api/i18n.ts';
import { toast } from '../../api/toast.ts';
import { fromPicker, toPicker } from '../../api/zone.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { dateTime } from '../../components/format.ts';
import { voyagesTexts } from './texts.ts';
import { useCorrect } from './voyages-api.ts';

type Which = Extract<VoyageCorrectionRequest, { action: 'rename' }>['which'];
type Merge = Extract<VoyageCorrectionRequest, { action: 'merge' }>;

/**
 * The ticked legs when they are two or more consecutive ones, oldest first, and the merge that joins them: from the
 * first leg's own start to the last one's own end (`legStart`, `legEnd`: a leg the period clips keeps its own
 * boundaries, which are what the server's legs have, docs/domain.md §37.5); else null.
 */
export function mergeRange(
  legs: readonly Leg[],
  ticked: readonly string[],
): { first: Leg; last: Leg; request: Merge } | null {
  const at = ticked.map((id) => legs.findIndex((l) => l.id === id)).sort((a, b) => a - b);
  if (at.length < 2 || at[0] < 0) return null;
  for (let i = 1; i < at.length; i++) if (at[i] !== at[i - 1] + 1) return null;
  const first = legs[at[0]];
  const last = legs[at.at(-1)!];
  return { first, last, request: { action: 'merge', start: first.legStart, end: last.legEnd } };
}

/** Merge the ticked legs (with confirmation). Shown only to users with update on `voyages`. */
export function MergeButton({
  assetId,
  legs,
  ticked,
  onDone,
}: {
  assetId: number;
  legs: readonly Leg[];
  ticked: string[];
  onDone: () => void;
}) {
  const t = useTexts(voyagesTexts);
  const { make } = useCorrect(assetId);
  const [open, setOpen] = useState(false);
  const range = mergeRange(legs, ticked);
  return (
    <>
      <Tooltip title={range ? undefined : t('mergeHint')}>
        <Button disabled={!range} onClick={() => setOpen(true)}>
          {t('merge')}
        </Button>
      </Tooltip>
      {range && (
        <ConfirmModal
          open={open}
          danger={false}
          title={t('mergeTitle', { count: ticked.length })}
          okText={t('merge')}
          confirming={make.isPending}
          onCancel={() => setOpen(false)}
          onConfirm={() =>
            make.mutate(range.request, {
              onSuccess: () => {
                toast.success(t('saved'));
                setOpen(false);
                onDone();
              },
            })
          }
        >
          {t('mergeBody', { from: dateTime(range.request.start), to: dateTime(range.request.end) })}
        </ConfirmModal>
      )}
    </>
  );
}

/** Split the leg at a time (the replay's time first) or rename its place, each with confirmation. */
export function LegCorrections({
  assetId,
  leg,
  replayTime,
}: {
  assetId: number;
  leg: Leg;
  /** the replay's time when the dialog opens: the split's first proposal */
  replayTime: () => number;
}) {
  const t = useTexts(voyagesTexts);
  const { make } = useCorrect(assetId);
  const [dialog, setDialog] = useState<'split' | 'rename' | null>(null);
  // the leg's own boundaries (§37.5): a split may fall in a part the period clips away
  const inside = (ts: number) => ts > leg.legStart && ts < leg.legEnd;
  const [at, setAt] = useState(0);
  const [place, setPlace] = useState('');
  const stays = leg.kind === 'berth' || leg.kind === 'anchor';
  const [which, setWhich] = useState<Which>('both');

  const openSplit = () => {
    const time = replayTime();
    setAt(Math.floor(inside(time) ? time : (leg.start + leg.end) / 2));
    setDialog('split');
  };
  const openRename = () => {
    setPlace((stays ? leg.fromPlace : leg.toPlace) ?? '');
    setWhich(stays ? 'both' : 'to');
    setDialog('rename');
  };
  const send = (c: VoyageCorrectionRequest) =>
    make.mutate(c, {
      onSuccess: () => {
        toast.success(t('saved'));
        setDialog(null);
      },
    });
  const placeOk = place.trim().length > 0 && place.trim().length <= 100;

  return (
    <>
      <Button onClick={openSplit} disabled={leg.legEnd - leg.legStart < 2}>
        {t('split')}
      </Button>
      <Button onClick={openRename}>{t('rename')}</Button>
      <ConfirmModal
        open={dialog === 'split'}
        danger={false}
        title={t('splitTitle')}
        okText={t('split')}
        confirming={make.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => inside(at) && send({ action: 'split', at })}
      >
        <p>{t('splitBody')}</p>
        <Form layout="vertical">
          <Form.Item
            label={t('splitAt')}
            validateStatus={inside(at) ? undefined : 'error'}
            help={inside(at) ? `${dateTime(leg.legStart)} – ${dateTime(leg.legEnd)}` : t('splitOutside')}
          >
            <DatePicker
              showTime={{ format: 'HH:mm:ss' }}
              format="DD-MM-YYYY HH:mm:ss"
              allowClear={false}
              value={toPicker(at * 1000)}
              onChange={(d) => d && setAt(Math.floor(fromPicker(d) / 1000))}
              aria-label={t('splitAt')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Form>
      </ConfirmModal>
      <ConfirmModal
        open={dialog === 'rename'}
        danger={false}
        title={t('renameTitle')}
        okText={t('confirm')}
        confirming={make.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => placeOk && send({ action: 'rename', start: leg.legStart, place: place.trim(), which })}
      >
        <Form layout="vertical">
          <Form.Item
            label={t('placeName')}
            validateStatus={placeOk ? undefined : 'error'}
            help={placeOk ? undefined : t('placeRequired')}
          >
            <Input
              value={place}
              maxLength={100}
              onChange={(e) => setPlace(e.target.value)}
              aria-label={t('placeName')}
            />
          </Form.Item>
          <Form.Item label={t('which')}>
            <Radio.Group
              value={which}
              onChange={(e) => setWhich(e.target.value)}
              options={[
                { value: 'from', label: t('whichFrom') },
                { value: 'to', label: t('whichTo') },
                { value: 'both', label: t('whichBoth') },
              ]}
            />
          </Form.Item>
        </Form>
      </ConfirmModal>
    </>
  );
}
