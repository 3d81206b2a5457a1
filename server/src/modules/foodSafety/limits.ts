import type { FoodSafetyLimit } from '#contracts';
import { AppError } from '../../errors';
import type { CompiledKind } from '../../gateway/adf/loader';
import type { AdfFoodSafety } from '../../gateway/adf/schema';

/**
 * The default limits of the two classes of food (docs/decisions/food-safety-limits.md): chilled food at 5 °C or
 * below (FDA Food Code 3-501.16), quick-frozen food at −18 °C or below with brief rises of up to 3 °C allowed in
 * retail display (EU Directive 89/108). A rise tolerated by the grace lasts at most half an hour.
 */
const CLASS_LIMITS = {
  chilled: { class: 'chilled', high: 5, low: null, graceDegrees: 2, graceMinutes: 30 },
  frozen: { class: 'frozen', high: -18, low: null, graceDegrees: 3, graceMinutes: 30 },
} as const satisfies Record<string, Omit<FoodSafetyLimit, 'line'>>;

/** The line a limit watches: the product probe when the model has one, else the air. */
export function defaultLimit(food: AdfFoodSafety, setpoint: number | null): FoodSafetyLimit {
  const frozen = setpoint !== null && setpoint < food.frozenBelow;
  return { ...CLASS_LIMITS[frozen ? 'frozen' : 'chilled'], line: food.product ? 'product' : 'air' };
}

/** The ADF address of a food-safety line of a kind (page and line number), or null when it has none. */
export function lineOf(kind: CompiledKind, key: string | undefined): { page: number; line: number } | null {
  const found = key === undefined ? undefined : kind.byKey.get(key);
  return found ? { page: found.page, line: found.line.number } : null;
}

export const notAFoodCase = (field: string) =>
  new AppError(404, 'FOOD_SAFETY_CASE_NOT_FOUND', `${field}: No case that holds food at this address`);

export const lineNotOnModel = () =>
  new AppError(400, 'FOOD_SAFETY_LINE_UNKNOWN', 'line: This case has no product probe; choose air');
