import { Empty, Pagination, Spin } from 'antd';
import type { ReactNode } from 'react';

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
  empty = 'No data to be displayed',
}: {
  items: T[];
  rowKey: (item: T) => string | number;
  renderCard: (item: T) => ReactNode;
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  empty?: string;
}) {
  return (
    <Spin spinning={loading}>
      {items.length === 0 && !loading ? (
        <div className="admin-card-surface">
          <Empty description={empty} />
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
