import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { IMAGE_TEXTS, imageProblem } from '../../api/assets.ts';
import { assetBody, enumValues } from './AssetFormModal.tsx';

// spec 000 §3 (fields schema), §5 (image types), docs/api.md (5 MB)
describe('asset form', () => {
  it('reads the options of an enum type', () => {
    expect(enumValues("enum('0','1')")).toEqual(['0', '1']);
    expect(enumValues("enum('it''s','b')")).toEqual(["it's", 'b']);
    expect(enumValues('varchar')).toBeNull();
  });
  it('sends dates as ISO 8601; blanks are left out on add and cleared on edit', () => {
    const fields = [
      { Field: 'massName', Label: 'Asset Name', Type: 'varchar', Required: true },
      { Field: 'massMatyId', Label: 'Asset Type', Type: 'int', Required: false, Ref: 'asset_type' },
      { Field: 'massBuilt', Label: 'Built', Type: 'date', Required: false },
    ];
    const values = { massName: 'TB One', massMatyId: undefined, massBuilt: dayjs('2020-01-02T03:04:05Z') };
    expect(assetBody(fields, values, false)).toEqual({ massName: 'TB One', massBuilt: '2020-01-02T03:04:05.000Z' });
    expect(assetBody(fields, { massName: '', massMatyId: null }, true)).toEqual({
      massName: '',
      massMatyId: null,
      massBuilt: null,
    });
  });
  it('accepts only .jpeg, .jpg and .png up to 5 MB', () => {
    expect(imageProblem({ name: 'ship.PNG', size: 10 })).toBeNull();
    expect(imageProblem({ name: 'ship.jpeg', size: 5 * 1024 * 1024 })).toBeNull();
    expect(imageProblem({ name: 'ship.gif', size: 10 })).toBe(IMAGE_TEXTS.type);
    expect(imageProblem({ name: 'ship.jpg', size: 5 * 1024 * 1024 + 1 })).toBe(IMAGE_TEXTS.size);
  });
});
