import { Empty, Pagination, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTexts } from '../../../api/i18n.ts';
import { companiesTexts } from './texts.ts';

/** Cards three per row with a pager under them (Group Detail companies, Company Asset List). */
export function CardGrid<T>({
  items,
  rowKey,
  renderCard,
  loading,
  page,
  pageSize,
  total,
  onPage,
  empty,
}: {
  items: T[];
  rowKey: (item: T) => string | number;
  renderCard: (item: T) => ReactNode;
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** default 'No data to be displayed' */
  empty?: string;
}) {
  const t = useTexts(companiesTexts);
  return (
    <Spin spinning={loading}>
      {items.length === 0 && !loading ? (
        <div className="admin-card-surface">
          <Empty description={empty ?? t('noCards')} />
        </div>
      ) : (
        <div className="admin-card-grid">
          {items.map((item) => (
            <div key={rowKey(item)}>{renderCard(item)}</div>
          ))}
        </div>
      )}
      {total > pageSize && (
        <div className="admin-pager">
          <Pagination current={page} pageSize={pageSize} total={total} onChange={onPage} showSizeChanger={false} />
        </div>
      )}
    </Spin>
  );
}
