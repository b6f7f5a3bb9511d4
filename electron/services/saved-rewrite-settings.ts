/**
 * The rewriting settings saved in a workspace (its 'rewrite-settings' preference), read
 * back. Fields saved by an older version that lacked some take the defaults; anything
 * else that does not parse is an error the Model screen shows, never a silently
 * different setting.
 */
import { AppError } from '../../shared/errors.js';
import { rewriteSettingsSchema } from '../../shared/ipc/schemas.js';
import { DEFAULT_REWRITE_SETTINGS, type RewriteSettings } from '../../shared/ipc/types.js';

const DAMAGED = 'The saved rewriting settings in the workspace are damaged. Set them again on the Model screen and save.';

/** The settings of a saved row (`undefined`: none saved, the defaults). Throws AppError when it is damaged. */
export function parseSavedRewriteSettings(saved: string | undefined): RewriteSettings {
  if (saved === undefined) return DEFAULT_REWRITE_SETTINGS;
  let value: unknown;
  try {
    value = JSON.parse(saved);
  } catch {
    throw new AppError('index-corrupt', DAMAGED);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new AppError('index-corrupt', DAMAGED);
  const parsed = rewriteSettingsSchema.safeParse({ ...DEFAULT_REWRITE_SETTINGS, ...value });
  if (!parsed.success) throw new AppError('index-corrupt', DAMAGED);
  return parsed.data;
}
