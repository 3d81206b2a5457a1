import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { selectElements, selectError } from '../../machines/widgetEditor/widgetEditor.selectors';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import type { WidgetEditorActor } from './types';
import { FieldNote } from '../primitives/FieldNote';

const selectElementsError = selectError('elements');

function IconButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      variant="quiet"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className="px-2 py-1"
    >
      {children}
    </Button>
  );
}

/** The chosen type's elements: edit (element step), move up or down, remove, and add. */
export function ElementList({ actor }: { actor: WidgetEditorActor }) {
  const t = useT();
  const elements = useSelector(actor, selectElements);
  const error = useSelector(actor, selectElementsError);
  return (
    <section aria-labelledby="widget-elements" className="flex flex-col gap-2">
      <h3 id="widget-elements" className="text-sm font-medium">
        {t('widgetEditor.elements')}
      </h3>
      <ol className="flex flex-col gap-1">
        {elements.map((element, index) => {
          const number = index + 1;
          const line = element.name ?? element.dataName;
          return (
            <li key={element.id} className="flex items-center gap-2 rounded border border-muted/30 px-3 py-1">
              <span className="flex-1 truncate">
                {line
                  ? t('widgetEditor.elementSummary', { label: element.label ?? '', line })
                  : t('widgetEditor.noLine')}
              </span>
              <IconButton
                label={t('widgetEditor.editElement', { number })}
                onClick={() => actor.send({ type: 'element.edit', index })}
              >
                ✎
              </IconButton>
              <IconButton
                label={t('widgetEditor.moveUp', { number })}
                disabled={index === 0}
                onClick={() => actor.send({ type: 'element.move', index, offset: -1 })}
              >
                ↑
              </IconButton>
              <IconButton
                label={t('widgetEditor.moveDown', { number })}
                disabled={index === elements.length - 1}
                onClick={() => actor.send({ type: 'element.move', index, offset: 1 })}
              >
                ↓
              </IconButton>
              <IconButton
                label={t('widgetEditor.removeElement', { number })}
                onClick={() => actor.send({ type: 'element.remove', index })}
              >
                ✕
              </IconButton>
            </li>
          );
        })}
      </ol>
      <FieldNote>{error && t(error)}</FieldNote>
      <div>
        <Button variant="quiet" onClick={() => actor.send({ type: 'element.add' })}>
          {t('widgetEditor.addElement')}
        </Button>
      </div>
    </section>
  );
}
