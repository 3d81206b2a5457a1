import type { ComponentType, ReactNode } from 'react';
import type { MessageId } from '../../../i18n/messages';
import { PICTOGRAPH_ICON_NAMES, type PictographIconName } from '#contracts';
import { OutlineIcon } from '../../icons/OutlineIcon';

/** What an icon may reflect of the live value. */
interface PictographIconProps {
  /** The equipment runs (a non-zero value, or a state other than the first: on, open): the fan spins. */
  active: boolean;
  /** Where the value sits between the element's min and max (0 to 1), when both are set. */
  level: number | null;
}

export interface PictographIconEntry {
  /** Catalogue id of the icon's name (for the widget editor), with its values. */
  label: MessageId;
  labelValues?: Record<string, string>;
  Icon: ComponentType<PictographIconProps>;
}

/** A pictograph's outline: it fills the element's box, drawn with the current colour so the element's colour applies. */
function Outline({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <OutlineIcon
      className={`h-full w-full ${className ?? ''}`}
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </OutlineIcon>
  );
}

const BELL = 'M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0';

type DigitIconName = Extract<PictographIconName, `box-${string}` | `circle-${string}`>;
type OutlineName = Exclude<PictographIconName, 'fan' | 'thermometer' | DigitIconName>;

/** Path data of the icons that do not change with the value: every other name of the contract has one. */
const OUTLINES: Record<OutlineName, string> = {
  valve: 'M3 7v10l9-5zM21 7v10l-9-5zM12 12V5M8 5h8',
  compressor: 'M4 8h16v12H4zM8 8V5h8v3M9 14a3 3 0 1 0 6 0 3 3 0 1 0-6 0',
  snowflake: 'M12 2v20M3.3 7l17.4 10M3.3 17 20.7 7M9 4l3 2 3-2M9 20l3-2 3 2',
  flame: 'M12 22a7 7 0 0 0 7-7c0-4-3-6-4-10-2 2-3 4-3 6-1-1-2-2-2-4-3 3-5 5-5 8a7 7 0 0 0 7 7z',
  drop: 'M12 3s6 7 6 11a6 6 0 0 1-12 0c0-4 6-11 6-11z',
  'door-open': 'M4 21h16M6 21V3h8v18M14 4l5 2v15M11 12h.01',
  'door-closed': 'M4 21h16M6 21V3h12v18M15 12h.01',
  light: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-4 10.5c1 1 1 2 1 3h6c0-1 0-2 1-3A6 6 0 0 0 12 3z',
  bell: BELL,
  alarm: `${BELL}M3 8a9 9 0 0 1 3-5M21 8a9 9 0 0 0-3-5`,
  power: 'M12 3v9M6.3 6.3a8 8 0 1 0 11.4 0',
  gauge: 'M4 18a8 8 0 1 1 16 0zM12 18l4-6',
  pump: 'M6 12a6 6 0 1 0 12 0 6 6 0 1 0-12 0M12 6h8v4M7 17l-2 4h14l-2-4',
  defrost: 'M12 2v11M7 5l5 3 5-3M7 11l5-3 5 3M12 15s3 3 3 4.5a3 3 0 0 1-6 0c0-1.5 3-4.5 3-4.5z',
  heater: 'M5 5h14v14H5zM9 5v14M12 5v14M15 5v14M7 21v-2M17 21v-2',
  cabinet: 'M4 3h16v18H4zM4 9h16M4 15h16M12 15v6',
  'cold-room': 'M3 21V9l9-6 9 6v12zM9 21v-7h6v7M10 10h4',
  'switch-on': 'M2 12a5 5 0 0 1 5-5h10a5 5 0 0 1 0 10H7a5 5 0 0 1-5-5zM14 12a3 3 0 1 0 6 0 3 3 0 1 0-6 0',
  'switch-off': 'M2 12a5 5 0 0 1 5-5h10a5 5 0 0 1 0 10H7a5 5 0 0 1-5-5zM4 12a3 3 0 1 0 6 0 3 3 0 1 0-6 0',
  wind: 'M3 8h11a3 3 0 1 0-3-3M3 12h16a3 3 0 1 1-3 3M3 16h8',
  sun: 'M8 12a4 4 0 1 0 8 0 4 4 0 1 0-8 0M12 2v2M12 20v2M2 12h2M20 12h2M5 5l1.4 1.4M17.6 17.6 19 19M5 19l1.4-1.4M17.6 6.4 19 5',
  moon: 'M20 14A8 8 0 1 1 10 4a6 6 0 0 0 10 10z',
  battery: 'M3 7h16v10H3zM21 10v4M6 10v4M10 10v4',
  plug: 'M9 2v5M15 2v5M6 7h12v4a6 6 0 0 1-12 0zM12 17v5',
  warning: 'M12 3 2 21h20zM12 10v5M12 18h.01',
  check: 'M4 12l5 5L20 6',
  cross: 'M5 5l14 14M19 5 5 19',
  'arrow-up': 'M12 20V4M5 11l7-7 7 7',
  'arrow-down': 'M12 4v16M5 13l7 7 7-7',
};

const outlineIcon = (d: string) =>
  function OutlineIcon() {
    return (
      <Outline>
        <path d={d} />
      </Outline>
    );
  };

/** Three blades around a hub; they spin while the fan runs (unless the operator asked for reduced motion). */
function FanIcon({ active }: PictographIconProps) {
  return (
    <Outline className={active ? 'motion-safe:animate-spin' : ''}>
      <path d="M12 10c-1-4 0-7 3-7 2 0 2 3-1 6M14 12c4-1 7 0 7 3 0 2-3 2-6-1M11 14c-3 3-6 4-7 2s1-4 5-4" />
      <circle cx="12" cy="12" r="2" />
    </Outline>
  );
}

/** A tube filled up to the value's level between min and max. */
function ThermometerIcon({ level }: PictographIconProps) {
  const height = 10 * (level ?? 0);
  return (
    <Outline>
      <path d="M10 4a2 2 0 0 1 4 0v10.3a4 4 0 1 1-4 0z" />
      <circle cx="12" cy="17.5" r="2" fill="currentColor" />
      {level !== null && (
        <rect x="11" y={15 - height} width="2" height={height} fill="currentColor" stroke="none" />
      )}
    </Outline>
  );
}

/** A digit in a box or a circle (box-0…box-9, circle-0…circle-9). */
const digitIcon = (shape: 'box' | 'circle', digit: string) =>
  function DigitIcon() {
    return (
      <Outline>
        {shape === 'box' ? (
          <rect x="3" y="3" width="18" height="18" rx="3" />
        ) : (
          <circle cx="12" cy="12" r="9" />
        )}
        <text x="12" y="16.5" textAnchor="middle" fontSize="12" fill="currentColor" stroke="none">
          {digit}
        </text>
      </Outline>
    );
  };

const isDigitIconName = (name: PictographIconName): name is DigitIconName => /^(box|circle)-\d$/.test(name);

const entriesOf = <Name extends PictographIconName>(
  names: readonly Name[],
  entryOf: (name: Name) => PictographIconEntry,
) => Object.fromEntries(names.map((name) => [name, entryOf(name)])) as Record<Name, PictographIconEntry>;

/** The pictograph's icons by name (the element's `icon`): exactly the contract's names, so none lacks one. */
export const PICTOGRAPH_ICONS: Readonly<Record<PictographIconName, PictographIconEntry>> = {
  fan: { label: 'widgets.icon.fan', Icon: FanIcon },
  thermometer: { label: 'widgets.icon.thermometer', Icon: ThermometerIcon },
  ...entriesOf(Object.keys(OUTLINES) as OutlineName[], (name) => ({
    label: `widgets.icon.${name}`,
    Icon: outlineIcon(OUTLINES[name]),
  })),
  ...entriesOf(PICTOGRAPH_ICON_NAMES.filter(isDigitIconName), (name) => {
    const [shape, digit] = name.split('-') as ['box' | 'circle', string];
    return { label: `widgets.icon.${shape}`, labelValues: { digit }, Icon: digitIcon(shape, digit) };
  }),
};

/**
 * The icon named `name`. Only the table's own entries count: a name such as 'constructor' or '__proto__'
 * would otherwise find Object.prototype's members.
 */
export function pictographIcon(name: string): PictographIconEntry {
  if (!Object.hasOwn(PICTOGRAPH_ICONS, name)) throw new Error(`Unknown pictograph icon "${name}"`);
  return PICTOGRAPH_ICONS[name as PictographIconName];
}
