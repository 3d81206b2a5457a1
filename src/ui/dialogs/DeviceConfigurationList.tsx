import { useLayoutEffect, useRef } from 'react';
import {
  nameErrorOf,
  type ConfigItem,
  type NameErrors,
} from '../../machines/deviceConfiguration/configurationModel';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { TextField } from '../primitives/TextField';

interface ListProps {
  items: readonly ConfigItem[];
  errors: NameErrors;
  canMove: boolean;
  disabled: boolean;
  onRename: (key: string, label: string) => void;
  onMove: (key: string, toIndex: number) => void;
}

/**
 * Top-level business groups and devices with their name fields. Reordering: native drag of a row, and move
 * up/down buttons for the keyboard (no drag library: the buttons are the accessible path, and a plain
 * HTML5 drag covers the mouse without a dependency).
 */
export function DeviceConfigurationList({ items, errors, canMove, disabled, onRename, onMove }: ListProps) {
  const t = useT();
  const dragged = useRef<string | null>(null);
  // Sorting by name after every keystroke may move the row being typed in; moving a node drops its focus.
  const focused = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const field = focused.current;
    if (field?.isConnected && document.activeElement === document.body) field.focus();
  }, [items]);
  return (
    <ol
      aria-label={t('deviceConfiguration.devices')}
      className="flex flex-col gap-3"
      onFocus={(event) => (focused.current = event.target)}
    >
      {items.map((item, index) => (
        <li
          key={item.key}
          draggable={canMove && !disabled}
          onDragStart={(event) => {
            dragged.current = item.key;
            event.dataTransfer.effectAllowed = 'move';
          }}
          onDragOver={(event) => {
            if (canMove && dragged.current) event.preventDefault();
          }}
          onDrop={(event) => {
            event.preventDefault();
            if (dragged.current && dragged.current !== item.key) onMove(dragged.current, index);
            dragged.current = null;
          }}
          onDragEnd={() => (dragged.current = null)}
          className={`rounded border border-muted/30 p-3 ${canMove ? 'cursor-grab' : ''}`}
        >
          <div className="flex items-start gap-2">
            <div className="flex-1">
              <ItemFields item={item} errors={errors} disabled={disabled} onRename={onRename} />
            </div>
            {canMove ? (
              <div className="flex flex-col gap-1">
                <Button
                  variant="quiet"
                  aria-label={t('deviceConfiguration.moveUp', { name: item.name })}
                  disabled={disabled || index === 0}
                  onClick={() => onMove(item.key, index - 1)}
                >
                  ↑
                </Button>
                <Button
                  variant="quiet"
                  aria-label={t('deviceConfiguration.moveDown', { name: item.name })}
                  disabled={disabled || index === items.length - 1}
                  onClick={() => onMove(item.key, index + 1)}
                >
                  ↓
                </Button>
              </div>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

function ItemFields({
  item,
  errors,
  disabled,
  onRename,
}: Pick<ListProps, 'errors' | 'disabled' | 'onRename'> & { item: ConfigItem }) {
  const t = useT();
  const errorText = (key: string) => {
    const error = nameErrorOf(errors, key);
    return error ? t(error) : null;
  };
  const label =
    item.type === 'BUSINESS_GROUP' ? 'deviceConfiguration.groupName' : 'deviceConfiguration.deviceName';
  return (
    <div className="flex flex-col gap-2">
      <TextField
        label={t(label, { name: item.name })}
        value={item.label}
        onValueChange={(value) => onRename(item.key, value)}
        error={errorText(item.key)}
        disabled={disabled}
        maxLength={120}
      />
      {item.departments.length > 0 ? (
        <div className="flex flex-col gap-2 border-l-2 border-muted/20 pl-4">
          {item.departments.map((department) => (
            <TextField
              key={department.key}
              label={t('deviceConfiguration.departmentName', { name: department.name, device: item.name })}
              value={department.label}
              onValueChange={(value) => onRename(department.key, value)}
              error={errorText(department.key)}
              disabled={disabled}
              maxLength={120}
            />
          ))}
        </div>
      ) : null}
      {item.members.length > 0 ? (
        <ul className="flex flex-col gap-3 border-l-2 border-primary/30 pl-4">
          {item.members.map((member) => (
            <li key={member.key}>
              <ItemFields item={member} errors={errors} disabled={disabled} onRename={onRename} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
