import { DEVICE_TYPES } from '@fleet/shared/resources/device.ts';
import { text } from '../../api/i18n.ts';
import { deviceTexts } from './texts.ts';

/** The catalogue key of a device type's name: `type` + the value with a capital ('typeGps'). */
export const typeTextKey = (value: string) =>
  `type${value.charAt(0).toUpperCase()}${value.slice(1)}` as keyof typeof deviceTexts.en;

/**
 * A device type's name (spec 000 §3) in the language in force at the call, or the value itself for a type the list
 * does not know.
 */
export const typeLabel = (value: unknown) => {
  const type = DEVICE_TYPES.find((t) => t.value === value);
  if (!type) return String(value ?? '—');
  const key = typeTextKey(String(type.value));
  return key in deviceTexts.en ? text(deviceTexts, key) : type.label;
};
