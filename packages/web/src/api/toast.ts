import { message } from 'antd';

/** Toasts usable outside React (the API client); the theme reaches them through ConfigProvider.config. */
export const toast = {
  error: (text: string) => void message.error(text),
  success: (text: string) => void message.success(text),
  info: (text: string) => void message.info(text),
  warning: (text: string) => void message.warning(text),
};
