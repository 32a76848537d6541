import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { act } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { browserLanguage, declaredTexts, setLanguage, text, useTexts } from '../api/i18n.ts';
import { currentLocale } from '../api/locale.ts';
import { profileTexts } from '../features/profile/texts.ts';

// every catalogue of the app (a catalogue is a `texts.ts` next to the screens that use it)
import.meta.glob('../**/texts.ts', { eager: true });

function Title() {
  const t = useTexts(profileTexts);
  return (
    <p>
      {t('title')} — {t('companyZoneOf', { zone: 'Asia/Makassar' })}
    </p>
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the interface texts in English and Bahasa Indonesia (issue 27)', () => {
  afterAll(() => i18next.changeLanguage('en'));

  it('has every key in both languages, with the same placeholders and no empty text', () => {
    const all = declaredTexts();
    expect(all.size).toBeGreaterThan(0);
    for (const [namespace, { en, id }] of all) {
      expect(Object.keys(id).sort(), namespace).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en)) {
        expect(en[key].trim(), `${namespace}.${key} (en)`).not.toBe('');
        expect(id[key].trim(), `${namespace}.${key} (id)`).not.toBe('');
        expect(placeholders(id[key]), `${namespace}.${key}`).toEqual(placeholders(en[key]));
      }
    }
  });

  it('renders a catalogue in the language in force, values in their place', async () => {
    render(<Title />);
    expect(screen.getByText("Profile — The company's zone: Asia/Makassar")).toBeTruthy();
    await act(() => i18next.changeLanguage('id'));
    expect(screen.getByText('Profil — Zona waktu perusahaan: Asia/Makassar')).toBeTruthy();
    // outside a component: the language in force at the call
    expect(text(profileTexts, 'companyZoneOf', { zone: 'Asia/Jayapura' })).toBe('Zona waktu perusahaan: Asia/Jayapura');
    await act(() => i18next.changeLanguage('en'));
    expect(text(profileTexts, 'saved')).toBe('Saved');
  });

  it("takes the browser's language before sign-in, and shows only a language the interface has", () => {
    expect(browserLanguage(['id-ID', 'en-US'])).toBe('id');
    expect(browserLanguage(['in'])).toBe('id');
    expect(browserLanguage(['en-GB', 'id'])).toBe('en');
    expect(browserLanguage(['fr-FR'])).toBe('en');
    // both are offered; a language the interface does not have is English
    expect(setLanguage('id')).toBe('id');
    expect(currentLocale()).toBe('id');
    expect(setLanguage('fr' as never)).toBe('en');
    expect(currentLocale()).toBe('en');
  });
});
