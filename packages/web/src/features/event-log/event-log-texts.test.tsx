import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../api/toast.ts';
import { envelope, jsonResponse } from '../../test/setup.ts';
import EventLog from './EventLog.tsx';
import { highEventText } from './high-events.tsx';

/** Gateways and event types empty; the mail opt-in off, switched on by a PUT. */
function fakeServer() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://t').pathname;
    if (path === '/api/log/event/mail') return jsonResponse(envelope({ enabled: init?.method === 'PUT' }));
    return jsonResponse(envelope([], { pagination: { totalData: 0 } }));
  });
}

beforeEach(() => {
  vi.spyOn(toast, 'success').mockImplementation(() => {});
  fakeServer();
});
afterEach(() => act(() => i18next.changeLanguage('en')));

describe('the Event Log in Bahasa Indonesia (issue 27)', () => {
  it('shows its filters, the device hint and the mail opt-in in Indonesian, the toast too', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <EventLog />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Please select a device to view the event log.')).toBeTruthy();

    await act(() => i18next.changeLanguage('id'));
    expect(screen.getByText('Log Kejadian', { selector: 'h1' })).toBeTruthy();
    expect(screen.getByText('Pilih perangkat untuk melihat log kejadian.')).toBeTruthy();
    expect(screen.getByText('Urutan Waktu')).toBeTruthy();
    expect(screen.getByText('Urutan Prioritas')).toBeTruthy();
    expect(screen.getByText('Semua Kejadian')).toBeTruthy();
    expect(screen.getByText('Semua Prioritas')).toBeTruthy();
    expect(screen.getByText('Semua Status')).toBeTruthy();
    expect(screen.getByText('Turun')).toBeTruthy(); // Order Time: descending
    expect(screen.getAllByText('Bawaan')).toHaveLength(2); // Order Priority and Order Status
    expect(screen.getByText('Terapkan Semua')).toBeTruthy();
    expect(screen.getByText('Muat Ulang')).toBeTruthy();
    expect(screen.queryByText('Apply All')).toBeNull();

    const mail = screen.getByLabelText('Kirimi saya e-mail kejadian prioritas Tinggi') as HTMLButtonElement;
    await waitFor(() => expect(mail.disabled).toBe(false), { timeout: 10_000 }); // the opt-in has loaded
    fireEvent.click(mail);
    await waitFor(
      () => expect(toast.success).toHaveBeenCalledWith('Kejadian prioritas Tinggi akan dikirim ke e-mail Anda'),
      { timeout: 10_000 },
    );
  }, 60_000);

  it('a High event pushed live is announced in the language in force', async () => {
    const event = { eventName: 'Engine overheat', massName: 'TB Satu' };
    expect(highEventText(event)).toBe('High priority event: Engine overheat on TB Satu');
    await act(() => i18next.changeLanguage('id'));
    expect(highEventText(event)).toBe('Kejadian prioritas Tinggi: Engine overheat di TB Satu');
  });
});
