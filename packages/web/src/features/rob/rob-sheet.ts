import { formatDateTime } from '../../components/format.ts';
import type { Cell } from '../../components/xlsx.ts';

/**
 * A time of the ROB profiles' and adjustments' downloads as their tables write it (DD-MM-YYYY HH:mm, the company's
 * zone); none → an empty cell (the table's '-').
 */
export const sheetTime = (iso: string | null | undefined): Cell => (iso ? formatDateTime(iso) : null);
