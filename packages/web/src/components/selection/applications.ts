import { text } from '../../api/i18n.ts';
import type { AppKey } from '../../stores/session.ts';
import { selectionTexts } from './texts.ts';

/** The six applications of spec 000 §1; fms and bunkering are enabled, the others listed disabled. */
export interface Application {
  key: AppKey;
  name: string;
  description: string;
  enabled: boolean;
  /** where confirming the app leads (spec 000 §2 Select Application) */
  home: string;
}

/** An application: its name and description in the language in force when read (getters over the catalogue). */
const application = (key: AppKey, enabled: boolean, home: string): Application => ({
  key,
  get name() {
    return text(selectionTexts, `${key}Name`);
  },
  get description() {
    return text(selectionTexts, `${key}Description`);
  },
  enabled,
  home,
});

export const APPLICATIONS: Application[] = [
  application('fms', true, '/home'),
  application('bunkering', true, '/dashboard/bunker'),
  application('ehm', false, '/home'),
  application('alert', false, '/home'),
  application('pms', false, '/home'),
  application('tlm', false, '/home'),
];

export function applicationOf(key: string | null | undefined): Application | undefined {
  return APPLICATIONS.find((a) => a.key === key);
}
