import { Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A screen's frame: title (an h1), optional actions on the right (usually a ButtonGroup), the content.
 * Screens of later issues that are not built yet render only their title.
 */
export function Page({
  title,
  extra,
  children,
  className,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section className={`page${className ? ` ${className}` : ''}`}>
      <div className="page-head">
        <Typography.Title level={1} className="page-title">
          {title}
        </Typography.Title>
        {extra && <div className="page-extra">{extra}</div>}
      </div>
      {children}
    </section>
  );
}
