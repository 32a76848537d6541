import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts usable outside React (the API client). The app shell binds the instance of antd's <App>
 * so toasts follow the theme; before that the static API is used.
 */
let bound: MessageInstance | null = null;

export function bindToast(instance: MessageInstance | null) {
  bound = instance;
}

const target = (): MessageInstance => bound ?? message;

export const toast = {
  error: (text: string) => void target().error(text),
  success: (text: string) => void target().success(text),
  info: (text: string) => void target().info(text),
  warning: (text: string) => void target().warning(text),
};
