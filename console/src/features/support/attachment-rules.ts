// The Support dialog's attachment rules, as the server checks them (it also checks each file's content).
export const MAX_FILES = 5;
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_TOTAL_BYTES = 10 * 1024 * 1024;
export const ACCEPT = '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf';

/** Why these files cannot be sent, or null. */
export function attachmentProblem(files: File[]): string | null {
  if (files.length > MAX_FILES) return `Attach at most ${MAX_FILES} files`;
  for (const file of files) {
    if (!/\.(png|jpe?g|pdf)$/i.test(file.name)) return `${file.name} is not a PNG, JPEG or PDF file`;
    if (file.size > MAX_FILE_BYTES) return `${file.name} is larger than 5 MB`;
  }
  if (files.reduce((sum, f) => sum + f.size, 0) > MAX_TOTAL_BYTES)
    return 'The attachments together are larger than 10 MB';
  return null;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
