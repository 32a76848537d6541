import type { TrackerStatus } from '@fleet/shared/answers/tracker.ts';
import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import { api } from '../../api/client.ts';
import { DatalogPanel } from './DatalogPanel.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 90_000 });

const TRACKER: TrackerStatus = {
  devcId: 5,
  devcUniqueId: '356307042441013',
  devcName: 'FMB920 Alpha',
  devcMassId: null,
  online: true,
  connectedTime: null,
  lastFrameTime: null,
};

/** The aggregate lengths the panel asked the trail with. */
function serve() {
  const get = vi.spyOn(api, 'get').mockResolvedValue({ series: [] } as never);
  return () => get.mock.calls.map((c) => (c[1] as { query: { aggregatedLength: number } }).query.aggregatedLength);
}

// issue 28: the Aggregate Length box reads what is typed; what is not a whole number from 1 is refused, not clamped
describe("the datalog trail's Aggregate Length", () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await act(() => i18next.changeLanguage('en'));
  });

  it('applies a typed whole number', async () => {
    const asked = serve();
    render(<DatalogPanel tracker={TRACKER} onClose={() => {}} onShowPoint={() => {}} />);
    await waitFor(() => expect(asked()).toEqual([15]));
    fireEvent.change(screen.getByLabelText('Aggregate Length'), { target: { value: '5' } });
    fireEvent.click(screen.getByText('Apply Filter'));
    await waitFor(() => expect(asked()).toEqual([15, 5]));
  });

  it('refuses a fraction, a text and 0 with a message, and loads nothing', async () => {
    const asked = serve();
    render(<DatalogPanel tracker={TRACKER} onClose={() => {}} onShowPoint={() => {}} />);
    await waitFor(() => expect(asked()).toEqual([15]));
    const box = screen.getByLabelText('Aggregate Length');
    for (const [typed, message] of [
      ['1,5', 'Write a whole number, without decimals'],
      ['abc', 'Write a whole number, without decimals'],
      ['0', 'Write a whole number from 1'],
      ['-2', 'Write a whole number from 1'],
    ]) {
      fireEvent.change(box, { target: { value: typed } });
      fireEvent.click(screen.getByText('Apply Filter'));
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(asked()).toEqual([15]);
  });

  it('says so in Bahasa Indonesia', async () => {
    serve();
    await act(() => i18next.changeLanguage('id'));
    render(<DatalogPanel tracker={TRACKER} onClose={() => {}} onShowPoint={() => {}} />);
    fireEvent.change(screen.getByLabelText('Panjang Agregasi'), { target: { value: '0' } });
    fireEvent.click(screen.getByText('Terapkan Filter'));
    expect(await screen.findByText('Tulis bilangan bulat mulai dari 1')).toBeTruthy();
  });
});
