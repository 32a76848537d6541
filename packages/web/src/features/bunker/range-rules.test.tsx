import { bunkerLog } from '@fleet/shared/resources/bunker-log.ts';
import { rob } from '@fleet/shared/resources/rob.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import { fieldProblem } from '../../components/resource/form-checks.ts';
import { BunkerAdjustmentForm } from './BunkerAdjustmentForm.tsx';

/** docs/domain.md §32: the bunkering and ROB forms check ranges with the definitions' rules, before any request. */
describe('range rules of the bunkering and ROB forms', () => {
  it('gives the definition’s range message, and none inside the range', () => {
    expect(fieldProblem(bunkerLog, 'bklgStartSounding', 1e308)).toBe(
      'Start Sounding must be between 0 and 1,000,000,000 L',
    );
    expect(fieldProblem(bunkerLog, 'bklgStartSounding', 15000.5)).toBeNull();
    expect(fieldProblem(bunkerLog, 'bklgStartSounding', null)).toBeNull();
    expect(fieldProblem(rob, 'mrobInitialValue', 2e9)).toMatch(/must be between 0 and 1,000,000,000 L/);
  });

  it('shows the range message under the adjustment value and sends nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    render(<BunkerAdjustmentForm open logId={1} adjustment={null} onClose={() => {}} onSaved={() => {}} />);
    const value = await screen.findByPlaceholderText('Use negative value for subtraction');
    fireEvent.change(value, { target: { value: '170000000000' } });
    fireEvent.blur(value);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByText('Adjustment value must be between -1,000,000,000 and 1,000,000,000 L')).toBeTruthy(),
    );
    expect(fetch).not.toHaveBeenCalled();
    // zero: the form's own message once, not again from the definition's rule
    fireEvent.change(value, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Adjustment value cannot be zero.')).toHaveLength(1));
    expect(screen.queryByText(/must be between/)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    // the type's hint follows the chosen type: Reset Value's, then none for Adjust Value
    const resetHint = 'Reset Value resets the current value to the specified value.';
    expect(screen.getByText(resetHint)).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('Type'));
    const adjust = screen.getAllByTitle('Adjust Value');
    fireEvent.click(adjust[adjust.length - 1]);
    await waitFor(() => expect(screen.queryByText(resetHint)).toBeNull());
  });
});
