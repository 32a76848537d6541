import { message } from 'antd';
import '../theme/AntdProvider.tsx';

/** The navigation bar's height (app.css `.navbar`): toasts open below it, not over its entries (issue 28). */
export const TOAST_TOP_PX = 56 + 8;
message.config({ top: TOAST_TOP_PX });

/** antd's toasts, loaded the first time a toast is shown. */
export { message };
