import type { ThemeConfig } from 'antd';

/** The user asked the system for less motion (vestibular disorders, slow machines): antd's animations are off. */
const reducedMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** Sea blue on white; the navigation bar is deep navy. */
export const theme: ThemeConfig = {
  token: {
    motion: !reducedMotion,
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
