/** The types the server accepts for identity photos. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png'];
/** The largest photo the server accepts (512 KiB, as the server's `kyc_form::photo` checks). */
export const PHOTO_BYTES_MAX = 512 * 1024;

/** Why a photo cannot be sent. */
export type PhotoProblem = 'kyc.photoType' | 'kyc.photoTooLarge';

/** Why `file` cannot be sent, as a translation key; `null` when it can. */
export function photoProblem(file: File): PhotoProblem | null {
  if (!PHOTO_TYPES.includes(file.type)) return 'kyc.photoType';
  if (file.size > PHOTO_BYTES_MAX) return 'kyc.photoTooLarge';
  return null;
}
