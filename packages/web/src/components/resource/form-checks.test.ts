import { bunkerLog } from '@fleet/shared/resources/bunker-log.ts';
import { configTank } from '@fleet/shared/resources/config-tank.ts';
import { describe, expect, it } from 'vitest';
import { fieldMessage, requiredCheck, ruleMessage } from './form-checks.ts';

/** The forms' client checks speak the definitions' messages, the ones the server answers. */
describe('form checks from the resource definitions', () => {
  it('a blank required field gets its schema’s message, or the form’s own wording', () => {
    expect(fieldMessage(bunkerLog, 'bklgMassId', undefined)).toBe('Asset must be selected.');
    expect(fieldMessage(bunkerLog, 'bklgStartDatetime', null, 'Start time must be filled.')).toBe(
      'Start time must be filled.',
    );
    expect(fieldMessage(bunkerLog, 'bklgStartSounding', undefined)).toBeNull();
    expect(fieldMessage(bunkerLog, 'bklgTargetBunker', 0)).toBe('Target bunker must be greater than 0.');
  });

  it('checks the rules across fields on the body as the server stores it', () => {
    const body = { bklgStartDatetime: '2026-03-01 08:00:00', bklgEndDatetime: '2026-03-01 08:00:00' };
    expect(ruleMessage(bunkerLog, 'bklgEndDatetime', body)).toBe('Start and end time must not be the same.');
    expect(ruleMessage(bunkerLog, 'bklgEndDatetime', { ...body, bklgEndDatetime: '2026-02-01 08:00:00' })).toBe(
      'End time must not be before start time.',
    );
    expect(ruleMessage(bunkerLog, 'bklgEndDatetime', { bklgEndDatetime: '2026-03-01 08:00:00' })).toBeNull();
  });

  it('requiredCheck: the blank required fields shown, with their messages', () => {
    const check = requiredCheck(configTank);
    const shown = ['mcotDeviceId', 'mcotNo', 'mcotMscaId', 'mcotTahdId'];
    expect(check({ mcotNo: ' ' }, 'create', shown)).toEqual({
      mcotDeviceId: ['Device is required'],
      mcotNo: ['Tank Number is required'],
      mcotMscaId: ['Sensor Category is required'],
      mcotTahdId: ['Tank Header is required'],
    });
    expect(check({ mcotDeviceId: 1, mcotNo: 'T1', mcotMscaId: 2, mcotTahdId: 3 }, 'create', shown)).toBeNull();
  });
});
