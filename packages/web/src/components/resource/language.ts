import type { FieldOption, ResourceDef } from '@fleet/shared/resources/define.ts';
import { indonesianDef, indonesianMessage, indonesianOption } from '@fleet/shared/resources/indonesian.ts';
import i18next from 'i18next';
import { useLanguage } from '../../api/i18n.ts';
import type { Locale } from '../../api/locale.ts';

/**
 * A resource's texts in the language in force (issue 27). A definition carries its Bahasa Indonesia beside its
 * English (@fleet/shared/resources/indonesian.ts); these read it for the screens. In a component: `useResourceDef`
 * (renders again when the language changes); outside one (a toast, a column built in a callback): `resourceIn`.
 */

/** The language in force now, outside a component. */
export const languageNow = (): Locale => (i18next.language === 'id' ? 'id' : 'en');

/** The definition with its texts (labels, columns, titles, toasts, options, hints, placeholders) in `language`. */
export function resourceIn<D extends ResourceDef>(def: D, language: Locale = languageNow()): D {
  return language === 'id' ? indonesianDef(def) : def;
}

/** The definition in the language in force; the component renders again when it changes. */
export function useResourceDef<D extends ResourceDef>(def: D): D {
  return resourceIn(def, useLanguage());
}

/** An option's label and hint in `language`. */
export function optionIn(option: FieldOption, language: Locale = languageNow()): FieldOption {
  return language === 'id' ? indonesianOption(option) : option;
}

/**
 * A message of a resource's schemas, rules or constraints (the client checks', or the server's) in `language`:
 * 'Asset Name is required' → 'Nama Aset wajib diisi'. A message without an Indonesian stays as it is.
 */
export function messageIn(message: string, language: Locale = languageNow()): string {
  return language === 'id' ? (indonesianMessage(message) ?? message) : message;
}
