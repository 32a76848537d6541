/**
 * The one place the web app's locale lives (issue 27): numbers, units and dates are written for it
 * (components/format.ts). English today; the Bahasa Indonesia UI step calls `setLocale('id')`.
 */
export type Locale = 'en' | 'id';

let locale: Locale = 'en';

/** The locale texts and numbers are written in now. */
export const currentLocale = (): Locale => locale;

/** Switches the locale; screens rendered afterwards write numbers for it. */
export function setLocale(l: Locale): void {
  locale = l;
}
