import type { SnapshotFrom } from 'xstate';
import {
  selectElementNumber,
  selectElementValue,
} from '../../machines/dashboardEditor/dashboardEditor.selectors';
import type { dashboardEditorMachine } from '../../machines/dashboardEditor/dashboardEditorMachine';

// Widget-only selectors over the dashboard's live values, kept beside the renderers that need them; each
// returns a primitive so a renderer re-renders only when what it shows changes.
type DashboardEditorSnapshot = SnapshotFrom<typeof dashboardEditorMachine>;

const latest = (s: DashboardEditorSnapshot, key: string | null) =>
  key === null ? undefined : s.context.values[key];

/** Status of the line's latest value (SPEC §4), '' until one arrives. */
export const selectElementStatus =
  (key: string | null) =>
  (s: DashboardEditorSnapshot): string =>
    latest(s, key)?.status ?? '';

/** Unit of the line's latest OK value, '' when it has none. */
export const selectElementUnit =
  (key: string | null) =>
  (s: DashboardEditorSnapshot): string => {
    const current = latest(s, key);
    return current?.status === 'OK' ? (current.unit ?? '') : '';
  };

/** Like selectElementValue, without the unit: the raw value when OK (tables showing only values). */
const selectElementBareValue =
  (key: string | null) =>
  (s: DashboardEditorSnapshot): string => {
    const current = latest(s, key);
    return current?.status === 'OK' ? (current.value ?? '') : selectElementValue(key)(s);
  };

/**
 * What an element shows, as one primitive so that it follows the dashboard once: '' until a value arrives, the
 * status's message id ('lineStatus.…') when it is not OK, else the value as `localize` writes it, with its unit
 * when `withUnit` and the line has one.
 */
export const selectElementShown =
  (key: string | null, localize: (value: string) => string, withUnit: boolean) =>
  (s: DashboardEditorSnapshot): string => {
    const value = selectElementBareValue(key)(s);
    if (value === '' || value.startsWith('lineStatus.')) return value;
    const unit = withUnit ? selectElementUnit(key)(s) : '';
    return unit ? `${localize(value)} ${unit}` : localize(value);
  };

/**
 * The numeric values of several lines (null where none) as one primitive, a JSON array, so a chart of all of
 * them re-renders only when one of them changes.
 */
export const selectElementNumbers =
  (keys: readonly (string | null)[]) =>
  (s: DashboardEditorSnapshot): string =>
    JSON.stringify(keys.map((key) => selectElementNumber(key)(s)));
