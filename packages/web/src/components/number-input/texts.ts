import { defineTexts } from '../../api/i18n.ts';

/** The number input's texts (issue 28: a decimal comma is read, or refused with this message). */
export const numberInputTexts = defineTexts(
  'components.number-input',
  {
    notANumber: 'Not a number: write it like {{example}}',
    notAWholeNumber: 'Write a whole number, without decimals',
  },
  {
    notANumber: 'Bukan angka: tulis seperti {{example}}',
    notAWholeNumber: 'Tulis bilangan bulat, tanpa desimal',
  },
);
