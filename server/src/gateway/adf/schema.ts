import * as v from 'valibot';
import { ALARM_PRIORITIES } from '#contracts/escalation';

/**
 * The ADF (application description file) of one device model: which departments the model can have, which pages
 * each kind of department shows and which lines each page holds, with the scaling from the raw integers a device
 * reports to the engineering values an operator sees.
 */

const int = (name: string, min: number, max: number) =>
  v.pipe(
    v.number(`${name} must be a number`),
    v.integer(`${name} must be an integer`),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
  );

const text = (name: string) =>
  v.pipe(v.string(`${name} must be a string`), v.nonEmpty(`${name} is required`));

const AdfScale = v.object({
  factor: v.pipe(
    v.number('factor must be a number'),
    v.check((f) => f !== 0 && Number.isFinite(f), 'factor must be a non-zero finite number'),
  ),
  offset: v.number('offset must be a number'),
  decimals: int('decimals', 0, 6),
});

const AdfOption = v.object({ label: text('label'), index: int('index', -2147483648, 2147483647) });

export const AdfLine = v.pipe(
  v.strictObject({
    number: int('number', 1, 9999),
    /** Stable symbolic name inside the department kind (used by simulators and virtual devices). */
    key: v.pipe(v.string(), v.regex(/^[a-z][A-Za-z0-9]*$/, 'key must be camelCase letters and digits')),
    name: text('name'),
    unit: v.string('unit must be a string'),
    scale: v.optional(AdfScale, { factor: 1, offset: 0, decimals: 0 }),
    options: v.optional(v.array(AdfOption)),
    readOnly: v.boolean('readOnly must be true or false'),
    factorySettings: v.optional(v.boolean('factorySettings must be true or false'), false),
    /** Write limits in engineering units (after scaling). */
    min: v.optional(v.number('min must be a number')),
    max: v.optional(v.number('max must be a number')),
  }),
  v.check((l) => l.min === undefined || l.max === undefined || l.min <= l.max, 'min must not exceed max'),
  v.check(
    (l) => !l.options || new Set(l.options.map((o) => o.index)).size === l.options.length,
    'option indexes must be unique',
  ),
  v.check((l) => !l.options || l.options.length > 0, 'options must not be empty when present'),
  v.check(
    (l) => l.readOnly || l.options !== undefined || (l.min !== undefined && l.max !== undefined),
    'a writable numeric line needs min and max write limits',
  ),
);
export type AdfLine = v.InferOutput<typeof AdfLine>;

export const AdfPage = v.pipe(
  v.strictObject({ number: int('number', 1, 999), name: text('name'), lines: v.array(AdfLine) }),
  v.check((p) => unique(p.lines.map((l) => l.number)), 'line numbers must be unique within a page'),
);
export type AdfPage = v.InferOutput<typeof AdfPage>;

const lineKey = v.pipe(
  v.string(),
  v.regex(/^[a-z][A-Za-z0-9]*$/, 'a line key is camelCase letters and digits'),
);

/**
 * A kind that holds food: the lines a food-safety report reads, by key (docs/decisions/food-safety-limits.md).
 * The case is chilled by default and frozen when its recorded setpoint is below `frozenBelow` °C.
 */
export const AdfFoodSafety = v.strictObject({
  air: lineKey,
  product: v.optional(lineKey),
  defrost: v.optional(lineKey),
  setpoint: v.optional(lineKey),
  frozenBelow: v.optional(v.number('frozenBelow must be a number'), -10),
});
export type AdfFoodSafety = v.InferOutput<typeof AdfFoodSafety>;

export const AdfDepartmentKind = v.pipe(
  v.strictObject({
    kind: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]*$/, 'kind must be lower-case letters, digits and -')),
    name: text('name'),
    pages: v.array(AdfPage),
    foodSafety: v.optional(AdfFoodSafety),
    /**
     * The kind's defrost, as controllers' alarm-after-defrost parameters have it: `line` (a line key) reports the
     * defrost state (0 off, anything else defrosting, dripping or fan delay); temperature alarms are held back
     * while it is on and for `recoverySeconds` after it ends.
     */
    defrost: v.optional(
      v.strictObject({
        line: v.string('line must be a string'),
        recoverySeconds: int('recoverySeconds', 0, 86_400),
      }),
    ),
  }),
  v.check(
    (k) => !k.defrost || k.pages.some((p) => p.lines.some((l) => l.key === k.defrost?.line)),
    'defrost.line must be the key of a line of the kind',
  ),
  v.check(
    (k) => unique(k.pages.map((p) => p.number)),
    'page numbers must be unique within a department kind',
  ),
  v.check(
    (k) => unique(k.pages.flatMap((p) => p.lines.map((l) => l.key))),
    'line keys must be unique within a department kind',
  ),
  v.check((k) => {
    const keys = new Set(k.pages.flatMap((p) => p.lines.map((l) => l.key)));
    const named = k.foodSafety
      ? [k.foodSafety.air, k.foodSafety.product, k.foodSafety.defrost, k.foodSafety.setpoint]
      : [];
    return named.every((key) => key === undefined || keys.has(key));
  }, 'foodSafety names a line key the kind does not have'),
);
export type AdfDepartmentKind = v.InferOutput<typeof AdfDepartmentKind>;

export const AdfDepartment = v.strictObject({
  department: int('department', 0, 255),
  subDepartment: int('subDepartment', 0, 255),
  name: text('name'),
  kind: v.string('kind must be a string'),
});
export type AdfDepartment = v.InferOutput<typeof AdfDepartment>;

/**
 * One alarm code a model raises: its name in the ADF's language (the catalogues translate `alarm.<CODE>`) and its
 * priority, which chooses the tenant's escalation policy (high when the ADF says none).
 */
export const AdfAlarm = v.strictObject({
  name: text('name'),
  priority: v.optional(v.picklist(ALARM_PRIORITIES, 'priority must be critical, high or low')),
  /** Raised only when the condition lasts this long (a tenant may set its own); 0 by default. */
  delaySeconds: v.optional(int('delaySeconds', 0, 86_400), 0),
  /** A temperature alarm: held back during its department's defrost and the recovery after it. */
  suppressedByDefrost: v.optional(v.boolean('suppressedByDefrost must be true or false'), false),
});
export type AdfAlarm = v.InferOutput<typeof AdfAlarm>;

/** Same rule as the protocol's alarm code (server/src/gateway/protocol.ts ALARM_CODE). */
const ALARM_CODE_KEY = /^[A-Z][A-Z0-9_]{0,63}$/;

/**
 * Without `staleAfterSeconds` an ADF's values are stale a minute after their last report: a model that reports
 * every few seconds should say so (docs/device-protocol.md, "Stale values").
 */
export const DEFAULT_STALE_AFTER_SECONDS = 60;

const MODEL_ID = /^[A-Z0-9][A-Z0-9-]{1,31}$/;

export const Adf = v.pipe(
  v.strictObject({
    $schema: v.optional(v.string()),
    model: v.pipe(
      v.string(),
      v.regex(MODEL_ID, 'model must be upper-case letters, digits and -, 2 to 32 long'),
    ),
    name: text('name'),
    vendor: v.optional(v.string()),
    description: v.optional(v.string()),
    version: int('version', 1, 1_000_000),
    /**
     * How long after a department's last report its values still count as current: a few of the model's report
     * periods, never hours. Older values are shown stale with their age, and a device online whose departments are
     * all stale is marked silent.
     */
    staleAfterSeconds: v.optional(int('staleAfterSeconds', 1, 86_400), DEFAULT_STALE_AFTER_SECONDS),
    kinds: v.pipe(v.array(AdfDepartmentKind), v.minLength(1, 'kinds must not be empty')),
    departments: v.pipe(v.array(AdfDepartment), v.minLength(1, 'departments must not be empty')),
    /** The alarm codes the model's devices raise, by code. */
    alarms: v.optional(
      v.record(
        v.pipe(
          v.string(),
          v.regex(ALARM_CODE_KEY, 'alarm codes must be upper-case letters, digits and _, at most 64'),
        ),
        AdfAlarm,
      ),
      {},
    ),
  }),
  v.check((a) => unique(a.kinds.map((k) => k.kind)), 'kinds must be unique'),
  v.check(
    (a) => unique(a.departments.map((d) => `${d.department}.${d.subDepartment}`)),
    'department/subDepartment pairs must be unique',
  ),
  v.check(
    (a) => a.departments.every((d) => a.kinds.some((k) => k.kind === d.kind)),
    'every department must name a kind defined in kinds',
  ),
);
export type Adf = v.InferOutput<typeof Adf>;

function unique(values: readonly unknown[]): boolean {
  return new Set(values).size === values.length;
}
