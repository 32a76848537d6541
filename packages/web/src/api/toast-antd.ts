import { message } from 'antd';
import '../theme/AntdProvider.tsx';

/** antd's toasts, loaded the first time a toast is shown. */
export { message };
