import {
  ArrowLeftOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  LineChartOutlined,
  PlusOutlined,
  ReloadOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import type { Operation, PermissionKey } from '@fleet/shared/permissions.ts';
import { Button, type ButtonProps, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTexts } from '../api/i18n.ts';
import { useCan } from '../auth/permissions.ts';
import { componentsTexts } from './texts.ts';

export type GroupButton = 'edit' | 'detail' | 'analytics' | 'delete' | 'back' | 'add' | 'refresh' | 'save';

/** Which operation on the permission key each button needs (spec 000 §6); Back needs none. */
export const BUTTON_OPERATION: Record<GroupButton, Operation | null> = {
  edit: 'update',
  detail: 'read',
  analytics: 'read',
  delete: 'delete',
  back: null,
  add: 'create',
  refresh: 'read',
  save: 'update',
};

/** Each button's look; its label is the catalogue's text of the same key (the language in force). */
const LOOK: Record<GroupButton, { icon: ReactNode; props?: ButtonProps }> = {
  back: { icon: <ArrowLeftOutlined /> },
  refresh: { icon: <ReloadOutlined /> },
  detail: { icon: <EyeOutlined /> },
  analytics: { icon: <LineChartOutlined /> },
  edit: { icon: <EditOutlined /> },
  delete: { icon: <DeleteOutlined />, props: { danger: true } },
  add: { icon: <PlusOutlined />, props: { type: 'primary' } },
  save: { icon: <SaveOutlined />, props: { type: 'primary' } },
};

const ORDER: GroupButton[] = ['back', 'refresh', 'detail', 'analytics', 'edit', 'delete', 'add', 'save'];

export interface ButtonGroupProps {
  /** the resource whose operations decide which buttons show */
  permission: PermissionKey | string;
  onEdit?: () => void;
  onDetail?: () => void;
  onAnalytics?: () => void;
  onDelete?: () => void;
  onBack?: () => void;
  onAdd?: () => void;
  onRefresh?: () => void;
  onSave?: () => void;
  /** Save in add mode needs create instead of update */
  saveMode?: 'create' | 'update';
  refreshing?: boolean;
  saving?: boolean;
  size?: ButtonProps['size'];
  /** icon-only buttons (table rows); the label stays as aria-label and tooltip */
  compact?: boolean;
  /** names the row for screen readers: "Edit Tug Boat" */
  subject?: string;
}

/**
 * Edit, Detail, Analytics, Delete, Back, Add, Refresh, Save (spec 000 §2 "Button group"): a button shows
 * when its handler is given and the user holds the operation it needs on `permission`.
 */
export function ButtonGroup(props: ButtonGroupProps) {
  const t = useTexts(componentsTexts);
  const ops = {
    create: useCan(props.permission, 'create'),
    read: useCan(props.permission, 'read'),
    update: useCan(props.permission, 'update'),
    delete: useCan(props.permission, 'delete'),
  };
  const handlers: Record<GroupButton, (() => void) | undefined> = {
    edit: props.onEdit,
    detail: props.onDetail,
    analytics: props.onAnalytics,
    delete: props.onDelete,
    back: props.onBack,
    add: props.onAdd,
    refresh: props.onRefresh,
    save: props.onSave,
  };
  const visible = ORDER.filter((b) => {
    if (!handlers[b]) return false;
    const op = b === 'save' ? (props.saveMode ?? 'update') : BUTTON_OPERATION[b];
    return op === null || ops[op];
  });
  if (!visible.length) return null;
  return (
    // row buttons (compact) stay on one line: a wrapped column makes rows tall and moves buttons under the pointer
    <Space size={props.compact ? 4 : 8} wrap={!props.compact}>
      {visible.map((b) => {
        const look = LOOK[b];
        const text = t(b);
        const label = props.subject ? t(`${b}Subject`, { subject: props.subject }) : text;
        return (
          <Button
            key={b}
            size={props.size}
            icon={look.icon}
            {...look.props}
            aria-label={label}
            {...(props.compact ? { type: 'text', title: text } : {})}
            loading={(b === 'refresh' && props.refreshing) || (b === 'save' && props.saving)}
            onClick={handlers[b]}
          >
            {props.compact ? null : text}
          </Button>
        );
      })}
    </Space>
  );
}
