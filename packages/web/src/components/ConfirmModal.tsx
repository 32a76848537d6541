import { ExclamationCircleFilled } from '@ant-design/icons';
import { Modal } from 'antd';
import type { ReactNode } from 'react';

/** Spec 000 §2: the delete confirmation text. */
export const DELETE_CONFIRM_TEXT = 'Delete this item ?';

/**
 * A confirmation that Esc and clicks outside do not dismiss; the OK button shows progress
 * while `confirming`.
 */
export function ConfirmModal({
  open,
  title = DELETE_CONFIRM_TEXT,
  children,
  okText = 'Delete',
  danger = true,
  confirming,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title?: ReactNode;
  children?: ReactNode;
  okText?: string;
  danger?: boolean;
  confirming?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={open}
      title={
        <span>
          <ExclamationCircleFilled style={{ color: danger ? '#ff4d4f' : '#faad14', marginRight: 8 }} />
          {title}
        </span>
      }
      okText={okText}
      okButtonProps={{ danger, loading: confirming }}
      cancelButtonProps={{ disabled: confirming }}
      onOk={onConfirm}
      onCancel={onCancel}
      keyboard={false}
      mask={{ closable: false }}
      closable={!confirming}
      width={420}
      centered
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
