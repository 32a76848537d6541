import type { DatePicker, GetRef } from 'antd';
import { useEffect, useRef } from 'react';
import { useTexts } from '../api/i18n.ts';
import { componentsTexts } from './texts.ts';

/** antd's RangePicker ref: focus, blur and its root element. */
type PickerRef = GetRef<typeof DatePicker.RangePicker>;

/**
 * Names the two inputs of an antd RangePicker "<label> start" and "<label> end" (issue 27: every input has an
 * accessible name). antd hands one `aria-label` to both inputs and an `id` only to the first, so a `<label for>`
 * names the start alone: this sets each input's own aria-label on its element (React does not manage that
 * attribute there, so renders keep it). `label` defaults to the text of the start input's `<label for>`, else
 * 'Period'. Returns the ref for the picker.
 */
export function useRangeInputNames(label?: string) {
  const ref = useRef<PickerRef>(null);
  // the names follow the language in force: the caller renders again when it changes, and this runs after each render
  const t = useTexts(componentsTexts);
  useEffect(() => {
    const root = ref.current?.nativeElement;
    if (!root) return;
    const [start, end] = root.querySelectorAll('input');
    const base = label ?? start?.labels?.[0]?.textContent?.trim() ?? t('period');
    start?.setAttribute('aria-label', t('rangeStart', { label: base }));
    end?.setAttribute('aria-label', t('rangeEnd', { label: base }));
  });
  return ref;
}
