import type { Language } from '../../i18n/language.ts';
import { defineTexts, text } from '../../i18n/texts.ts';

/** The longest raw User-Agent text answered when it names no browser this file knows. */
export const UNKNOWN_AGENT_LENGTH = 40;

/** Browsers, the first match wins: those built on Chrome name themselves before its `Chrome/` token. */
const BROWSERS: [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|OPT)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Headless Chrome', /\bHeadlessChrome\/(\d+)/],
  ['Chromium', /\bChromium\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//],
  ['Safari', /\bSafari\/()/],
];

/** Systems, the first match wins: Android and ChromeOS before Linux, the iPhone and iPad before the Mac. */
const SYSTEMS: [name: string, pattern: RegExp][] = [
  ['iPhone', /\biPhone\b/],
  ['iPad', /\biPad\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMacintosh\b|\bMac OS X\b/],
  ['Linux', /\bLinux\b/],
];

const texts = defineTexts({ onSystem: '{{browser}} on {{system}}' }, { onSystem: '{{browser}} di {{system}}' });

/**
 * A short readable name of a browser from its User-Agent (issue 28, User Detail → Access): "Chrome 126 on Linux",
 * "Safari 17 on iPhone", "Firefox 128" (Indonesian: "Chrome 126 di Linux"). A text that names no known browser is answered as it is, cut to
 * UNKNOWN_AGENT_LENGTH characters (a script's "curl/8.5.0" says what it is); no User-Agent: null.
 */
export function browserName(userAgent: string | null | undefined, language: Language = 'en'): string | null {
  const agent = userAgent?.trim();
  if (!agent) return null;
  const browser = BROWSERS.map(([name, p]) => [name, p.exec(agent)] as const).find(([, m]) => m);
  if (!browser) return agent.length > UNKNOWN_AGENT_LENGTH ? `${agent.slice(0, UNKNOWN_AGENT_LENGTH - 1)}…` : agent;
  const [name, match] = browser;
  const named = match?.[1] ? `${name} ${match[1]}` : name;
  const system = SYSTEMS.find(([, p]) => p.test(agent))?.[0];
  return system ? text(texts, language, 'onSystem', { browser: named, system }) : named;
}
