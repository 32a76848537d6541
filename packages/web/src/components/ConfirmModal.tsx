import { ExclamationCircleFilled } from '@ant-design/icons';
import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTexts } from '../api/i18n.ts';
import { componentsTexts } from './texts.ts';

/** Spec 000 §2: the delete confirmation text (English; the modal shows the language in force). */
export const DELETE_CONFIRM_TEXT = componentsTexts.en.deleteConfirm;

/**
 * A confirmation that Esc and clicks outside do not dismiss; the OK button shows progress
 * while `confirming`.
 */
export function ConfirmModal({
  open,
  title,
  children,
  okText,
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
  const t = useTexts(componentsTexts);
  return (
    <Modal
      open={open}
      title={
        <span>
          <ExclamationCircleFilled style={{ color: danger ? '#ff4d4f' : '#faad14', marginRight: 8 }} />
          {title ?? t('deleteConfirm')}
        </span>
      }
      okText={okText ?? t('delete')}
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
