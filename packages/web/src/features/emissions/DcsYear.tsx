import type { DcsYear as DcsAnswer, DcsVessel } from '@fleet/shared/answers/emissions.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Select, Space, Spin } from 'antd';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { useTexts } from '../../api/i18n.ts';
import { PHONE_MAX_WIDTH } from '../../components/charts/rules.ts';
import { useWindowWidth } from '../../components/charts/useWidth.ts';
import { saveCsv } from '../../components/csv.ts';
import { saveXlsx } from '../../components/xlsx.ts';
import { CiiBadge } from './CiiBadge.tsx';
import { DCS_COLUMNS, exportRows } from './columns.ts';
import { EmissionsTable, onScreen, tableColumn } from './EmissionsTable.tsx';
import { emissionsTexts } from './texts.ts';

/** The first year the server answers (the CII's 2019 reference year). */
const FIRST_YEAR = 2019;

/** The annual IMO DCS-style summary per vessel with AER, cgDIST and the CII rating (docs/domain.md §39.2–§39.4). */
export function DcsYear() {
  const t = useTexts(emissionsTexts);
  const narrow = useWindowWidth() <= PHONE_MAX_WIDTH;
  const current = new Date().getUTCFullYear();
  const [year, setYear] = useState(current);
  const q = useQuery({
    queryKey: ['emissions', 'dcs', year],
    queryFn: ({ signal }) => api.get<DcsAnswer>(`/emissions/dcs/${year}`, { signal }),
  });
  const d = q.data;
  // the attained CII is the AER or the cgDIST beside it (its metric by type): in the download, and in the badge's tip
  const columns = onScreen(
    DCS_COLUMNS.filter((c) => c.key !== 'ciiAttained'),
    narrow,
  ).map((c) =>
    c.key === 'rating'
      ? {
          key: c.key,
          title: <span className="emissions-head">{t(c.key)}</span>,
          render: (_: unknown, v: DcsVessel) => <CiiBadge vessel={v} />,
        }
      : tableColumn(c, t(c.key)),
  );
  const years = Array.from({ length: current - FIRST_YEAR + 1 }, (_, i) => current - i);
  const fileName = `${t('fileDcs')}_${year}`;

  return (
    <div>
      <div className="emissions-filter">
        <Select
          value={year}
          onChange={setYear}
          options={years.map((y) => ({ value: y, label: String(y) }))}
          aria-label={t('year')}
          style={{ width: 110 }}
        />
        <Space wrap>
          <Button
            disabled={!d}
            onClick={() => d && void saveXlsx(exportRows(DCS_COLUMNS, d.vessels), 'Data', `${fileName}.xlsx`)}
          >
            {t('downloadXlsx')}
          </Button>
          <Button disabled={!d} onClick={() => d && saveCsv(exportRows(DCS_COLUMNS, d.vessels), `${fileName}.csv`)}>
            {t('downloadCsv')}
          </Button>
        </Space>
      </div>
      {q.isLoading && <Spin description={t('loading')} />}
      {q.isError && <Alert type="error" showIcon title={t('loadFailed')} />}
      {d && (
        <>
          <p className="emissions-note">{t(d.partial ? 'yearToDate' : 'yearFull', { year: d.year })}</p>
          <EmissionsTable<DcsVessel> className="emissions-dcs" columns={columns} rows={d.vessels} />
          <p className="emissions-note">{t('ciiNote')}</p>
        </>
      )}
    </div>
  );
}
