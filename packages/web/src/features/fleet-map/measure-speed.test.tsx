import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import '../../test/setup.ts';
import { setLocale } from '../../api/locale.ts';
import { CoordinatesPanel } from './MeasureTool.tsx';

/** One leg of 60 NM due north (one degree of latitude). */
const LINE = [
  { lat: 0, lng: 0 },
  { lat: 1, lng: 0 },
];

const panel = () => render(<CoordinatesPanel lines={[LINE]} current={0} setCurrent={() => {}} onClose={() => {}} />);
const speedBox = () => screen.getByLabelText(/^(Speed|Kecepatan)$/) as HTMLInputElement;

// issue 28: the speed box reads a decimal comma, and refuses what is not a number instead of reading something else
describe("the measure tool's speed", () => {
  afterEach(async () => {
    setLocale('en');
    await act(() => i18next.changeLanguage('en'));
  });

  it("reads '12,5' as 12.5 knots", () => {
    panel();
    fireEvent.change(speedBox(), { target: { value: '12,5' } });
    expect(screen.getByText('12.5 knot')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a text that is not a number, and a speed below 0, with a message', () => {
    panel();
    fireEvent.change(speedBox(), { target: { value: '12 kn' } });
    expect(screen.getByRole('alert').textContent).toBe('Not a number: write it like 1.5');
    expect(speedBox().value).toBe('12 kn');
    fireEvent.change(speedBox(), { target: { value: '-3' } });
    expect(screen.getByRole('alert').textContent).toBe('Write 0 or more');
  });

  it('in Bahasa Indonesia', async () => {
    setLocale('id');
    await act(() => i18next.changeLanguage('id'));
    panel();
    expect(speedBox().value).toBe('1');
    fireEvent.change(speedBox(), { target: { value: '12,5' } });
    expect(screen.getByText('12,5 knot')).toBeTruthy();
    fireEvent.change(speedBox(), { target: { value: 'abc' } });
    expect(screen.getByRole('alert').textContent).toBe('Bukan angka: tulis seperti 1,5');
    fireEvent.change(speedBox(), { target: { value: '-1' } });
    expect(screen.getByRole('alert').textContent).toBe('Tulis 0 atau lebih');
  });
});
