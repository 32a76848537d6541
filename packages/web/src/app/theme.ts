import type { ThemeConfig } from 'antd';

/** Sea blue on white; the navigation bar is deep navy. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0e6ba8',
    colorInfo: '#0e6ba8',
    colorLink: '#0e6ba8',
    borderRadius: 8,
    fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Menu: {
      darkItemBg: 'transparent',
      darkItemSelectedBg: 'rgba(255,255,255,0.14)',
      itemHeight: 56,
      itemPaddingInline: 14,
    },
    Layout: { headerBg: '#0b3d5c' },
  },
};
