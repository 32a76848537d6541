import type { ThemeConfig } from 'antd';

/** The user asked the system for less motion (vestibular disorders, slow machines): antd's animations are off. */
const reducedMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * Text colours that pass WCAG AA (4.5:1) on white and on the page surface #f4f7fa (docs/decisions.md
 * "Accessibility basics (issue 27)"). app.css repeats them as --text-secondary / --text-muted / --text-error for the
 * screens' own CSS; theme.test.ts keeps both in step and checks every ratio.
 */
export const TEXT_COLORS = {
  /** secondary text: captions, labels of filter bars (antd's colorTextSecondary) */
  secondary: 'rgba(0, 0, 0, 0.65)',
  /** the quietest text still read: descriptions, empty states, hints (antd's 0.45 was 3.3:1) */
  muted: 'rgba(0, 0, 0, 0.58)',
  /** error messages and danger buttons (antd's #ff4d4f was 3.3:1) */
  error: '#cf1322',
} as const;

/**
 * antd's preset tag colours write their text in shade 7 over shade 1; these shades 7 were below 4.5:1 and take the
 * next darker shade of the same palette that passes. Status tags (success / warning / processing) likewise.
 */
const TAG_TEXT = {
  green7: '#237804',
  gold7: '#874d00',
  orange7: '#ad4e00',
  volcano7: '#ad2102',
  cyan7: '#006d75',
  lime7: '#3f6600',
  yellow7: '#876800',
  colorSuccess: '#237804',
  colorWarning: '#ad4e00',
  colorInfo: '#0b5a8f',
};

/** Sea blue on white; the navigation bar is deep navy. */
export const theme: ThemeConfig = {
  token: {
    motion: !reducedMotion,
    colorPrimary: '#0e6ba8',
    colorInfo: '#0e6ba8',
    colorLink: '#0e6ba8',
    colorError: TEXT_COLORS.error,
    colorTextSecondary: TEXT_COLORS.secondary,
    colorTextTertiary: TEXT_COLORS.muted,
    colorTextDescription: TEXT_COLORS.muted,
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
    Tag: TAG_TEXT,
  },
};
