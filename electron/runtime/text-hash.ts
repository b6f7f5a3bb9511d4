/** The SHA-256 of a text's UTF-8 bytes, as lowercase hex: the one definition every store and report uses. */
import { createHash } from 'node:crypto';

export function sha256Text(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
