import type { LineStatus } from './adf/translate';
import type { PageAddress } from './addresses';

/** A line as the gateway shows it: where it is, its name, status and (when OK) value. */
export interface LineView {
  hexacode: string;
  department: number;
  subDepartment: number;
  page: number;
  number: number;
  name: string;
  status: LineStatus;
  /** Present only when status is OK. */
  value?: string;
  unit?: string;
  /** A line of states, when OK: the state's index (its label is `value`). */
  state?: number;
  readOnly: boolean;
  isFactorySettings: boolean;
  options?: { label: string; index: number }[];
  /** Writable numeric lines: what the ADF lets an operator write. */
  limits?: { min: number | null; max: number | null; step: number; unit: string };
}

/** What says which line a LineView is, of a real or a virtual device: its place (no tenant) and its name. */
export const lineIdentity = (at: PageAddress, line: { number: number; name: string }) => ({
  hexacode: at.hexacode,
  department: at.department,
  subDepartment: at.subDepartment,
  page: at.page,
  number: line.number,
  name: line.name,
});
