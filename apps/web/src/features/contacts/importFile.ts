/** Spec: one CSV or XLSX file of at most 10 MB per import. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type ImportFileProblem = 'wrongType' | 'tooLarge';

/** What is wrong with a chosen file before it is sent, or null when it may be uploaded. */
export function importFileProblem(file: Pick<File, 'name' | 'size'>): ImportFileProblem | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return 'wrongType';
  if (file.size > IMPORT_MAX_BYTES) return 'tooLarge';
  return null;
}

/** The preview's sample rows carry the contact's fields (canonical phone…), then attributes. */
const FIELD_ORDER = ['name', 'phone', 'email', 'labels', 'notes'];

/** Columns worth showing in the sample: known fields first, and none that is empty everywhere. */
export function sampleColumns(sample: readonly Record<string, string>[]): string[] {
  const keys = new Set(sample.flatMap((row) => Object.keys(row)));
  const filled = [...keys].filter((key) => sample.some((row) => (row[key] ?? '').trim() !== ''));
  const known = FIELD_ORDER.filter((key) => filled.includes(key));
  const others = filled.filter((key) => !FIELD_ORDER.includes(key)).sort();
  return [...known, ...others];
}
