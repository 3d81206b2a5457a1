import { fromPromise, type InputFrom, type OutputFrom } from 'xstate';
import type { Api, DepartmentNamesQuery, LinesQuery, PagesQuery } from '../services/api';
import { notProvided } from './notProvided';

/**
 * The devices API's lookups that a device picker walks down: the tree, a device's department names, a
 * department's pages, a page's lines. The device tree and the widget editor's element step both invoke them, each
 * under its own actor names.
 */
export type DeviceLookupsApi = Pick<Api, 'getDeviceTree' | 'departmentNames' | 'pages' | 'lines'>;

export const deviceLookups = (api: DeviceLookupsApi) => ({
  tree: fromPromise(() => api.getDeviceTree()),
  names: fromPromise(({ input }: { input: DepartmentNamesQuery }) => api.departmentNames(input)),
  pages: fromPromise(({ input }: { input: PagesQuery }) => api.pages(input)),
  lines: fromPromise(({ input }: { input: LinesQuery }) => api.lines(input)),
});

type DeviceLookups = ReturnType<typeof deviceLookups>;

/** A lookup's default in a machine's setup, typed as the lookup: it fails loudly under the actor's name. */
const notProvidedLookup =
  <K extends keyof DeviceLookups>() =>
  (actor: string) =>
    notProvided<OutputFrom<DeviceLookups[K]>, InputFrom<DeviceLookups[K]>>(actor);

/** The lookups' defaults until `provide()` gives the live ones (deviceLookups). */
export const deviceLookupsNotProvided = {
  tree: notProvidedLookup<'tree'>(),
  names: notProvidedLookup<'names'>(),
  pages: notProvidedLookup<'pages'>(),
  lines: notProvidedLookup<'lines'>(),
};
