import { ApiError } from '../errors.js';

/** SPEC.md section 2, the Support dialog's attachments: how many, how large, and of what kind. */
export const ATTACHMENT_LIMITS = {
  maxFiles: 5,
  maxFileBytes: 5 * 1024 * 1024,
  maxTotalBytes: 10 * 1024 * 1024,
} as const;

/** The kinds of file a support request takes: by extension, and the first bytes such a file starts with. */
const KINDS = [
  { contentType: 'image/png', extensions: ['png'], magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'], magic: [0xff, 0xd8, 0xff] },
  { contentType: 'application/pdf', extensions: ['pdf'], magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
] as const;

export const ACCEPTED_EXTENSIONS = KINDS.flatMap((k) => k.extensions);

export interface Attachment {
  filename: string;
  contentType: string;
  size: number;
  data: Buffer;
}

const MB = 1024 * 1024;

/**
 * Checks the files of a support request against {@link ATTACHMENT_LIMITS} and their kind by name and by
 * content (a renamed executable is not a PNG): too many is a 400 `too_many_files`, a file of another kind a
 * 400 `unsupported_file_type`, one too large a 413 `file_too_large`, all together too large a 413
 * `payload_too_large`.
 */
export async function readAttachments(files: File[]): Promise<Attachment[]> {
  if (files.length > ATTACHMENT_LIMITS.maxFiles) {
    throw new ApiError(
      400,
      'too_many_files',
      `Attach at most ${ATTACHMENT_LIMITS.maxFiles} files (got ${files.length})`,
      [{ path: 'files', message: `At most ${ATTACHMENT_LIMITS.maxFiles} files` }],
    );
  }
  const attachments: Attachment[] = [];
  let total = 0;
  for (const [index, file] of files.entries()) {
    const path = `files.${index}`;
    const filename = cleanFilename(file.name);
    if (file.size > ATTACHMENT_LIMITS.maxFileBytes) {
      throw new ApiError(
        413,
        'file_too_large',
        `${filename} is larger than ${ATTACHMENT_LIMITS.maxFileBytes / MB} MB`,
        [{ path, message: `Each file may be at most ${ATTACHMENT_LIMITS.maxFileBytes / MB} MB` }],
      );
    }
    total += file.size;
    if (total > ATTACHMENT_LIMITS.maxTotalBytes) {
      throw new ApiError(
        413,
        'payload_too_large',
        `The attachments together are larger than ${ATTACHMENT_LIMITS.maxTotalBytes / MB} MB`,
        [{ path: 'files', message: `At most ${ATTACHMENT_LIMITS.maxTotalBytes / MB} MB in all` }],
      );
    }
    const data = Buffer.from(await file.arrayBuffer());
    const kind = kindOf(filename, data);
    if (!kind) {
      throw new ApiError(400, 'unsupported_file_type', `${filename} is not a PNG, JPEG or PDF file`, [
        { path, message: `Attach ${ACCEPTED_EXTENSIONS.join(', ')} files only` },
      ]);
    }
    attachments.push({ filename, contentType: kind.contentType, size: data.length, data });
  }
  return attachments;
}

/** The kind the name promises, if the content keeps that promise. */
function kindOf(filename: string, data: Buffer): (typeof KINDS)[number] | undefined {
  const extension = filename.toLowerCase().split('.').pop() ?? '';
  const kind = KINDS.find((k) => (k.extensions as readonly string[]).includes(extension));
  if (!kind || data.length < kind.magic.length) return undefined;
  return kind.magic.every((byte, i) => data[i] === byte) ? kind : undefined;
}

/** A file name safe to show and to send back in Content-Disposition: no path, no control characters. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f && ch !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return clean || 'attachment';
}
