/**
 * Bahasa Indonesia of the resource definitions' texts (labels, titles, fixed and unique messages), issue 27.
 * PLACEHOLDER of the server helper's worktree: only the entries the server's tests use. The admin helper's full
 * file, with the same export, replaces it at merge.
 */
const ID: Record<string, string> = {
  'Fuel Type Name': 'Nama Jenis BBM',
  'Fuel Type': 'Jenis BBM',
  'A fuel type with this name already exists': 'Jenis BBM dengan nama ini sudah ada',
  Status: 'Status',
};

/** The Indonesian of an English resource text, or undefined when it has none. */
export function indonesianOf(english: string): string | undefined {
  return Object.hasOwn(ID, english) ? ID[english] : undefined;
}
