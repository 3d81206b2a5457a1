import type { KeyboardEvent } from 'react';
import { Link } from 'wouter';
import type { TreeRow } from '../../machines/deviceTree/treeRows';
import type { DeviceStatus } from '#contracts';
import { useT } from '../i18n';
import { ROW_HEIGHT_PX } from './useVirtualWindow';

const DOT: Record<DeviceStatus, string> = {
  ON: 'bg-success',
  ON_ALARM: 'bg-error',
  OFF: 'bg-info opacity-60',
  OFF_ALARM: 'bg-info ring-2 ring-error',
};
/** A device online that reports nothing: the colour of a warning, apart from offline (an alarm stays red). */
const SILENT_DOT = { ON: 'bg-warning', ON_ALARM: 'bg-error ring-2 ring-warning' } as Partial<
  Record<DeviceStatus, string>
>;
const NOTICE = { offline: 'tree.offline', loading: 'tree.loadingPages', noPages: 'tree.noPages' } as const;

interface Props {
  row: TreeRow;
  index: number;
  focused: boolean;
  onToggle(row: TreeRow): void;
  onFocusRow(id: string): void;
  onKeyDown(event: KeyboardEvent<HTMLElement>, row: TreeRow): void;
  /** Live data is paused: statuses are dimmed and named as not live. */
  paused: boolean;
}

/** One treeitem: status dot, label, a chevron to expand, or the link of a page. */
export function TreeRowView({ row, index, focused, onToggle, onFocusRow, onKeyDown, paused }: Props) {
  const t = useT();
  const status = row.status
    ? [
        t(`tree.status.${row.status}`),
        ...(row.silent ? [t('tree.silent')] : []),
        ...(paused ? [t('live.unknownAge')] : []),
      ].join(', ')
    : '';
  const name = status ? `${row.label}, ${status}` : row.label;
  const dot = row.status ? (row.silent && SILENT_DOT[row.status]) || DOT[row.status] : '';
  const style = { top: index * ROW_HEIGHT_PX, height: ROW_HEIGHT_PX, paddingLeft: 8 + (row.level - 1) * 16 };
  const common = {
    id: `tree-row-${row.id}`,
    'aria-level': row.level,
    'aria-posinset': row.posInSet,
    'aria-setsize': row.setSize,
    tabIndex: focused ? 0 : -1,
    style,
    className:
      'absolute inset-x-0 flex items-center gap-2 pr-2 text-sm hover:bg-on-sidebar/10 focus-visible:bg-on-sidebar/15 [--focus-offset:-2px]',
    onFocus: () => onFocusRow(row.id),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => onKeyDown(event, row),
  } as const;

  if (row.kind === 'notice') {
    return (
      <li role="treeitem" aria-selected={false} {...common} aria-label={t(NOTICE[row.notice ?? 'loading'])}>
        <ChevronSpace />
        <span className="italic text-on-sidebar/60">{t(NOTICE[row.notice ?? 'loading'])}</span>
      </li>
    );
  }
  if (row.kind === 'page') {
    // The page the route shows is marked, as the dashboards list marks the open dashboard.
    return (
      <li
        role="treeitem"
        aria-selected={row.current}
        {...common}
        className={`${common.className} ${row.current ? 'bg-on-sidebar/15 font-medium' : ''}`}
        aria-label={row.label}
      >
        <ChevronSpace />
        <Link
          href={row.href ?? '/'}
          tabIndex={-1}
          aria-current={row.current ? 'page' : undefined}
          className="flex-1 truncate py-2 underline-offset-2 hover:underline"
        >
          {row.label}
        </Link>
      </li>
    );
  }
  return (
    // The treeitem itself is the focus stop; the chevron is its pointer target.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
    <li
      role="treeitem"
      aria-selected={false}
      {...common}
      aria-label={name}
      aria-expanded={row.expanded}
      onClick={() => onToggle(row)}
    >
      <button
        type="button"
        tabIndex={-1}
        aria-label={t(row.expanded ? 'tree.collapse' : 'tree.expand', { name: row.label })}
        className="grid size-6 shrink-0 place-items-center rounded hover:bg-on-sidebar/15"
        onClick={(event) => {
          event.stopPropagation();
          onToggle(row);
        }}
      >
        <span aria-hidden className={`transition-transform ${row.expanded ? 'rotate-90' : ''}`}>
          ›
        </span>
      </button>
      {row.status ? (
        <span
          aria-hidden
          className={`size-2.5 shrink-0 rounded-full ${dot} ${paused ? 'opacity-40' : ''}`}
          data-status={row.silent ? 'silent' : row.status}
        />
      ) : null}
      <span className="truncate">{row.label}</span>
    </li>
  );
}

/** Where a chevron would be: a leaf's text (a page, a notice) starts under its parent's name, not left of it. */
function ChevronSpace() {
  return <span aria-hidden className="size-6 shrink-0" />;
}
