import { Alert, Checkbox, DatePicker, Modal, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useAssets } from '../../api/assets.ts';
import { useTexts } from '../../api/i18n.ts';
import { pickedRange, shownEnd } from '../../api/period.ts';
import { at, fromPicker, now, toPicker } from '../../api/zone.ts';
import { NumberInput, numberProblem } from '../../components/number-input/NumberInput.tsx';
import { RANGE_FORMAT } from '../../components/PeriodPicker.tsx';
import { type ChartDraft, type IntervalUnit, isValid, pointsFor, type SavedChart } from './model.ts';
import { customChartTexts } from './texts.ts';

const UNITS: IntervalUnit[] = ['MINUTE', 'HOUR', 'DAY', 'WEEK', 'MONTH'];
const UNIT_TEXT = {
  MINUTE: 'unitMinute',
  HOUR: 'unitHour',
  DAY: 'unitDay',
  WEEK: 'unitWeek',
  MONTH: 'unitMonth',
} as const satisfies Record<IntervalUnit, keyof typeof customChartTexts.en>;

/** The form's whole-number boxes. */
type NumberKey = 'intervalLength' | 'order';

/** Spec 002 §9: default chart range the last 6 hours; automatic interval in minutes. */
function emptyDraft(order: number): Partial<ChartDraft> {
  const end = now();
  return {
    dateRange: { start: end.subtract(6, 'hour').valueOf(), end: end.valueOf() },
    devicesData: [],
    intervalUnit: 'MINUTE',
    intervalLength: 8, // 6 h = 360 min > 50 points: ceil(360 / 50)
    order,
  };
}

/** 'Create New Chart' / 'Edit Chart' (spec 002 §2.13, §5). */
export function ChartForm({
  open,
  editing,
  nextOrder,
  onSave,
  onClose,
}: {
  open: boolean;
  editing: SavedChart | null;
  nextOrder: number;
  onSave: (d: ChartDraft) => Promise<void>;
  onClose: () => void;
}) {
  const t = useTexts(customChartTexts);
  const assets = useAssets();
  const [draft, setDraft] = useState<Partial<ChartDraft>>(() => emptyDraft(nextOrder));
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  // the whole numbers' boxes: a typed text that is not a whole number, kept as typed and refused (issue 28)
  const [typed, setTyped] = useState<Partial<Record<NumberKey, string>>>({});

  useEffect(() => {
    if (!open) return;
    setFailed(false);
    setTyped({});
    setDraft(editing ? { ...editing } : emptyDraft(nextOrder));
  }, [open, editing, nextOrder]);

  const asset = assets.data?.find((a) => a.massId === draft.asset?.massId);
  /** Why a number box's value is refused: not a whole number, or below 0 (the boxes took no negative number). */
  const problemOf = (key: NumberKey) =>
    numberProblem(typed[key], true) ?? ((draft[key] ?? 0) < 0 ? t('notNegative') : null);
  const numbersValid = !problemOf('intervalLength') && !problemOf('order');
  const valid = isValid(draft) && numbersValid;
  const numberBox = (key: NumberKey) => {
    const problem = problemOf(key);
    return (
      <div className="report-filter-field">
        <span>{t(key)}</span>
        <NumberInput
          aria-label={t(key)}
          whole
          value={typed[key] ?? draft[key] ?? null}
          onChange={(v) => {
            setTyped((x) => ({ ...x, [key]: typeof v === 'string' ? v : undefined }));
            if (typeof v !== 'string') setDraft((d) => ({ ...d, [key]: v ?? undefined }));
          }}
        />
        {problem && (
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        )}
      </div>
    );
  };
  const selected = (devcId: number) => draft.devicesData?.find((d) => d.devcId === devcId)?.selectedDataPoints ?? [];

  const setPoints = (dev: NonNullable<typeof asset>['massDevice'][number], points: string[]) =>
    setDraft((d) => {
      const rest = (d.devicesData ?? []).filter((x) => x.devcId !== dev.devcId);
      return {
        ...d,
        devicesData: points.length
          ? [
              ...rest,
              {
                devcId: dev.devcId,
                devcName: dev.devcName,
                devcUniqueId: dev.devcUniqueId,
                devcType: dev.devcType,
                devcLabel: dev.devcLabel,
                selectedDataPoints: points,
              },
            ]
          : rest,
      };
    });

  return (
    <Modal
      open={open}
      title={editing ? t('editChart') : t('createNewChart')}
      onCancel={onClose}
      keyboard={false}
      maskClosable={false}
      okText={t('save')}
      okButtonProps={{ disabled: !valid, loading: saving }}
      width={760}
      onOk={async () => {
        if (!valid) return;
        setSaving(true);
        setFailed(false);
        try {
          // an emptied Order box: first
          await onSave({ ...draft, order: draft.order ?? 0 } as ChartDraft);
        } catch (e) {
          console.error(e);
          setFailed(true);
        } finally {
          setSaving(false);
        }
      }}
    >
      {!isValid(draft) && <Alert type="warning" showIcon message={t('required')} style={{ marginBottom: 12 }} />}
      {failed && <Alert type="error" showIcon message={t('saveFailed')} style={{ marginBottom: 12 }} />}
      <div className="report-filter" style={{ padding: 0 }}>
        <div className="report-filter-field report-filter-asset">
          <span>{t('asset')}</span>
          <Select
            aria-label={t('chartAsset')}
            showSearch
            optionFilterProp="label"
            style={{ minWidth: 220 }}
            value={draft.asset?.massId}
            placeholder={t('selectAsset')}
            options={(assets.data ?? []).map((a) => ({ value: a.massId, label: a.massName }))}
            onChange={(massId) => {
              const a = assets.data?.find((x) => x.massId === massId);
              // changing the asset clears the selected devices (spec 002 §5)
              setDraft((d) => ({
                ...d,
                asset: a ? { massId: a.massId, massName: a.massName } : undefined,
                devicesData: [],
              }));
            }}
          />
        </div>
        <div className="report-filter-field report-filter-range">
          <span>{t('dateRange')}</span>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format={RANGE_FORMAT}
            value={draft.dateRange ? [toPicker(draft.dateRange.start), toPicker(shownEnd(draft.dateRange.end))] : null}
            onChange={(v) => {
              // docs/domain.md §1: a picked end of 23:59 asks up to the next 00:00
              const [a, b] = (v ?? []) as [Dayjs | null, Dayjs | null];
              setDraft((d) => ({
                ...d,
                dateRange: a && b ? pickedRange(at(fromPicker(a)), at(fromPicker(b))) : undefined,
              }));
            }}
          />
        </div>
        <div className="report-filter-field">
          <span>{t('intervalUnit')}</span>
          <Select
            aria-label={t('intervalUnit')}
            value={draft.intervalUnit}
            style={{ minWidth: 110 }}
            options={UNITS.map((u) => ({ value: u, label: t(UNIT_TEXT[u]) }))}
            onChange={(intervalUnit) => setDraft((d) => ({ ...d, intervalUnit }))}
          />
        </div>
        {numberBox('intervalLength')}
        {numberBox('order')}
      </div>
      <div className="chart-form-devices">
        {asset ? (
          asset.massDevice
            .filter((dev) => pointsFor(dev).length > 0)
            .map((dev) => (
              <fieldset key={dev.devcId} className="datalog-category">
                <legend>
                  {dev.devcName} <small>({dev.devcType})</small>
                </legend>
                <Checkbox.Group
                  value={selected(dev.devcId)}
                  onChange={(v) => setPoints(dev, v as string[])}
                  options={pointsFor(dev).map((p) => ({ value: p.key, label: p.label }))}
                />
              </fieldset>
            ))
        ) : (
          <p>{t('selectAssetFirst')}</p>
        )}
      </div>
    </Modal>
  );
}
