import '../../test/setup.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import i18next from 'i18next';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../api/locale.ts';
import { NumberInput, numberRule } from './NumberInput.tsx';

function RateForm({ onFinish, initial }: { onFinish: (v: { rate: unknown }) => void; initial?: number }) {
  return (
    <Form onFinish={onFinish} initialValues={{ rate: initial }}>
      <Form.Item name="rate" label="Rate by Power" rules={[numberRule()]}>
        <NumberInput />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

async function submit(typed: string) {
  let saved: unknown = 'not saved';
  render(<RateForm onFinish={(v) => (saved = v.rate)} />);
  fireEvent.change(screen.getByLabelText('Rate by Power'), { target: { value: typed } });
  fireEvent.click(screen.getByText('Save'));
  return () => saved;
}

describe('the number input (issue 28: "1,5" saved 15)', () => {
  afterEach(async () => {
    setLocale('en');
    await act(() => i18next.changeLanguage('en'));
  });

  it('saves 1.5 for "1,5" and for "1.5"', async () => {
    for (const typed of ['1,5', '1.5']) {
      const saved = await submit(typed);
      await waitFor(() => expect(saved()).toBe(1.5));
      document.body.innerHTML = '';
    }
  });

  it('refuses text that is not a number with a message, and saves nothing', async () => {
    const saved = await submit('1,2,3');
    expect(await screen.findByText('Not a number: write it like 1.5')).toBeTruthy();
    expect(saved()).toBe('not saved');
  });

  it('shows a stored value with the language decimal mark', async () => {
    setLocale('id');
    await act(() => i18next.changeLanguage('id'));
    render(<RateForm onFinish={() => {}} initial={5.5} />);
    expect((screen.getByLabelText('Rate by Power') as HTMLInputElement).value).toBe('5,5');
  });

  it('steps a number with ArrowUp / ArrowDown by its step, and leaves a text that is not a number alone', async () => {
    let saved: unknown;
    render(
      <Form onFinish={(v) => (saved = v.rate)}>
        <Form.Item name="rate" label="Rate by Time" rules={[numberRule()]}>
          <NumberInput step={0.1} />
        </Form.Item>
        <Button htmlType="submit">Save</Button>
      </Form>,
    );
    const box = screen.getByLabelText('Rate by Time') as HTMLInputElement;
    fireEvent.change(box, { target: { value: '12,5' } });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.value).toBe('12.6');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.value).toBe('12.4');
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(saved).toBe(12.4));
    fireEvent.change(box, { target: { value: 'abc' } });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.value).toBe('abc');
  });
});
