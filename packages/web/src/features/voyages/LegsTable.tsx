import type { Leg, VoyagesAnswer } from '@fleet/shared/answers/voyages.ts';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTexts } from '../../api/i18n.ts';
import { at } from '../../api/zone.ts';
import { duration, num } from '../../components/format.ts';
import { RANGE_FORMAT } from '../../components/PeriodPicker.tsx';
import { voyagesTexts } from './texts.ts';

/** Where a leg runs: a named place, or "at sea"; at berth or anchor the one place. */
export function placesText(l: Pick<Leg, 'kind' | 'fromPlace' | 'toPlace'>, atSea: string): string {
  const from = l.fromPlace ?? atSea;
  const to = l.toPlace ?? atSea;
  return l.kind === 'berth' || l.kind === 'anchor' || from === to ? from : `${from} → ${to}`;
}

/** Departure and arrival as the period picker writes times: compact enough for a table of legs. */
const time = (sec: number) => at(sec * 1000).format(RANGE_FORMAT);

const KIND_COLORS: Record<Leg['kind'], string> = {
  berth: 'default',
  anchor: 'gold',
  underway: 'blue',
  towing: 'purple',
};

/** The legs of the period with their figures (server's, docs/domain.md "Voyages and legs") and a total row. */
export function LegsTable({
  answer,
  selected,
  onSelect,
  ticked,
  onTick,
}: {
  answer: VoyagesAnswer;
  selected: string | null;
  onSelect: (id: string) => void;
  ticked: string[];
  onTick: ((ids: string[]) => void) | null;
}) {
  const t = useTexts(voyagesTexts);
  const n = (l: Leg) => answer.legs.indexOf(l) + 1;
  const columns: ColumnsType<Leg> = [
    { title: t('number'), key: 'n', width: 44, render: (_, l) => n(l) },
    {
      title: t('kind'),
      key: 'kind',
      width: 120,
      render: (_, l) => (
        <span className="voyages-kind">
          <Tag color={KIND_COLORS[l.kind]}>{t(l.kind)}</Tag>
          {l.ongoing && <Tag>{t('ongoing')}</Tag>}
          {l.corrected && (
            <Tag color="magenta" data-testid="corrected-mark">
              {t('correctedMark')}
            </Tag>
          )}
        </span>
      ),
    },
    { title: t('fromTo'), key: 'places', width: 190, render: (_, l) => placesText(l, t('atSea')) },
    { title: t('departure'), key: 'start', width: 110, render: (_, l) => time(l.start) },
    { title: t('arrival'), key: 'end', width: 110, render: (_, l) => time(l.end) },
    {
      title: t('duration'),
      key: 'duration',
      width: 110,
      align: 'right',
      render: (_, l) => duration(l.durationSeconds),
    },
    { title: t('distance'), key: 'distance', width: 90, align: 'right', render: (_, l) => num(l.distanceNm, 1) },
    {
      title: t('underwayTime'),
      key: 'underway',
      width: 95,
      align: 'right',
      render: (_, l) => duration(l.underwaySeconds),
    },
    { title: t('meFuel'), key: 'me', width: 80, align: 'right', render: (_, l) => num(l.me.litres, 0) },
    { title: t('aeFuel'), key: 'ae', width: 80, align: 'right', render: (_, l) => num(l.ae.litres, 0) },
    { title: t('litresPerNm'), key: 'lnm', width: 70, align: 'right', render: (_, l) => num(l.litresPerNm, 1) },
    { title: t('litresPerHour'), key: 'lh', width: 70, align: 'right', render: (_, l) => num(l.litresPerHour, 1) },
    { title: t('avgSpeed'), key: 'speed', width: 90, align: 'right', render: (_, l) => num(l.avgSpeedKn, 1) },
    { title: t('co2'), key: 'co2', width: 70, align: 'right', render: (_, l) => num(l.co2Tonnes, 2) },
  ];
  const totals = answer.totals;
  return (
    <Table<Leg>
      size="small"
      rowKey="id"
      dataSource={answer.legs}
      columns={columns}
      pagination={false}
      scroll={{ x: 1330, y: 420 }}
      locale={{ emptyText: t('noLegs') }}
      rowClassName={(l) => (l.id === selected ? 'voyages-row-selected' : '')}
      onRow={(l) => ({ onClick: () => onSelect(l.id), style: { cursor: 'pointer' } })}
      rowSelection={
        onTick
          ? {
              selectedRowKeys: ticked,
              onChange: (keys) => onTick(keys.map(String)),
              getCheckboxProps: (l) => ({ 'aria-label': t('selectLeg', { n: n(l) }) }),
              columnWidth: 36,
            }
          : undefined
      }
      summary={() =>
        answer.legs.length ? (
          <Table.Summary fixed>
            <Table.Summary.Row className="voyages-total">
              {onTick && <Table.Summary.Cell index={0} />}
              <Table.Summary.Cell index={1} colSpan={6}>
                {t('total')}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7} align="right">
                {num(totals.distanceNm, 1)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={8} align="right">
                {duration(totals.underwaySeconds)}
              </Table.Summary.Cell>
              {/* ME and AE together: the total fuel */}
              <Table.Summary.Cell index={9} colSpan={2} align="right">
                <span title={t('totalFuel')}>{num(totals.totalLitres, 0)}</span>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={11} colSpan={3} />
              <Table.Summary.Cell index={14} align="right">
                {num(totals.co2Tonnes, 2)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}
