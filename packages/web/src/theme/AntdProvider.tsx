import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import idID from 'antd/locale/id_ID';
import type { ReactNode } from 'react';
import { installDialogTabWrap } from './dialog-focus.ts';
import { theme } from './theme.ts';

// toasts and confirm dialogs rendered outside the tree (antd's static API) follow the theme too
// Tab stays inside open dialogs (issue 27)
installDialogTabWrap();
ConfigProvider.config({ holderRender: (children) => <ConfigProvider theme={theme}>{children}</ConfigProvider> });

/**
 * antd with the product theme and the interface language's texts (pickers, tables, pagination: `en` or `id`,
 * api/i18n.ts). Each area that uses antd wraps itself in it (the signed-in layout, the selection pages, the password
 * pages), so the sign-in page itself does not download antd.
 */
export function AntdProvider({ children, language = 'en' }: { children: ReactNode; language?: 'en' | 'id' }) {
  return (
    <ConfigProvider theme={theme} locale={language === 'id' ? idID : enUS}>
      {children}
    </ConfigProvider>
  );
}
