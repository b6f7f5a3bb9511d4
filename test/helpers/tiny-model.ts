/** The tiny test model made once by test/global-setup.ts (read-only: copy it to change it). */
import { inject } from 'vitest';
import '../global-setup.js';

export function tinyModelPath(): string {
  return inject('tinyModelPath');
}
