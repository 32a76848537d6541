import { message } from 'antd';
import '../app/AntdProvider.tsx';

/** antd's toasts, loaded the first time a toast is shown. */
export { message };
