/**
 * The runtime fields of valibot's schema objects that the sweeps read (valibot 1.x: `type` names the kind,
 * `pipe[0]` is the schema the pipe extends, then its actions), and the requirements of those actions. Typed here
 * once, as valibot's own types are per kind.
 */
export interface ActionNode {
  kind: 'schema' | 'validation' | 'transformation' | 'metadata';
  type: string;
  requirement?: unknown;
}

export interface SchemaNode {
  kind: 'schema';
  type: string;
  pipe?: readonly ActionNode[];
  /** object, loose_object, strict_object, object_with_rest */
  entries?: Record<string, SchemaNode>;
  /** array */
  item?: SchemaNode;
  /** tuple */
  items?: readonly SchemaNode[];
  /** record */
  key?: SchemaNode;
  value?: SchemaNode;
  /** optional, nullable, nullish, exact_optional */
  wrapped?: SchemaNode;
  /** picklist and enum: the values; union and variant: the schemas */
  options?: readonly unknown[];
  literal?: unknown;
  /** lazy */
  getter?: (input: unknown) => SchemaNode;
}

/** What a pipe asks of a value, as far as generating one goes. */
export interface Limits {
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  integer?: boolean;
  regex?: RegExp;
  format?: string;
}

/** The actions of a schema's pipe, with those of pipes it extends (v.pipe(int32, v.minValue(0))) first. */
export const actionsOf = (node: SchemaNode): ActionNode[] =>
  (node.pipe ?? []).flatMap((item) =>
    item.kind === 'schema' ? actionsOf(item as unknown as SchemaNode) : [item],
  );

/** The requirements of a pipe, the tightest one winning when a pipe repeats a kind (int32 then minValue(0)). */
export function limitsOf(pipe: readonly ActionNode[]): Limits {
  const limits: Limits = {};
  const raiseFloor = (key: 'min' | 'minLength', value: number) =>
    (limits[key] = Math.max(limits[key] ?? -Infinity, value));
  const lowerCeiling = (key: 'max' | 'maxLength', value: number) =>
    (limits[key] = Math.min(limits[key] ?? Infinity, value));
  for (const { type, requirement } of pipe) {
    const n = requirement as number;
    if (type === 'min_value') raiseFloor('min', n);
    else if (type === 'max_value') lowerCeiling('max', n);
    else if (type === 'min_length') raiseFloor('minLength', n);
    else if (type === 'max_length') lowerCeiling('maxLength', n);
    else if (type === 'length') {
      raiseFloor('minLength', n);
      lowerCeiling('maxLength', n);
    } else if (type === 'non_empty') raiseFloor('minLength', 1);
    else if (type === 'integer') limits.integer = true;
    else if (type === 'regex') limits.regex = requirement as RegExp;
    else if (['email', 'url', 'iso_timestamp', 'iso_date', 'uuid'].includes(type)) limits.format = type;
  }
  return limits;
}

/** Whether the contract checks more than its type (generated values are then filtered through it). */
export const hasChecks = (node: SchemaNode) => actionsOf(node).some((action) => action.kind === 'validation');
