import * as v from 'valibot';
import { AccountSettings } from './settings';

/**
 * POST /api/v2/account/settings/theme (SPEC §7): the theme dialog's font and size, both required (SPEC §5), each
 * one of SPEC §3's lists. Picked from the account settings so the two cannot disagree; any other field sent is
 * dropped, so this call changes nothing but the theme. The answer is the full AccountSettings.
 */
export const ThemeSettings = v.pick(AccountSettings, ['themeFont', 'themeSize']);
export type ThemeSettings = v.InferOutput<typeof ThemeSettings>;
export type ThemeFont = ThemeSettings['themeFont'];
export type ThemeSize = ThemeSettings['themeSize'];
