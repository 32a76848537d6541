import { DEVICE_TYPES } from '@fleet/shared/resources/device.ts';

/** A device type's name (spec 000 §3), or the value itself for a type the list does not know. */
export const typeLabel = (value: unknown) => DEVICE_TYPES.find((t) => t.value === value)?.label ?? String(value ?? '—');
