import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en } from '#i18n/en';
import { DEFAULT_PICTOGRAPH_ICON, PICTOGRAPH_ICON_NAMES } from '#contracts';
import { PICTOGRAPH_ICONS, pictographIcon } from '../../../src/ui/widgets/pictograph/icons';

describe('pictograph icons', () => {
  it('offer about 50 icons, the default fan, and numeric boxes and circles 0 to 9', () => {
    expect(PICTOGRAPH_ICON_NAMES.length).toBeGreaterThanOrEqual(50);
    expect(PICTOGRAPH_ICON_NAMES).toContain(DEFAULT_PICTOGRAPH_ICON);
    for (const digit of [0, 9]) {
      expect(PICTOGRAPH_ICON_NAMES).toContain(`box-${digit}`);
      expect(PICTOGRAPH_ICON_NAMES).toContain(`circle-${digit}`);
    }
  });

  it('each has a catalogue name and draws an inline, decorative SVG', () => {
    for (const name of PICTOGRAPH_ICON_NAMES) {
      const { label, Icon } = pictographIcon(name);
      expect(en[label], name).toBeTruthy();
      const { container, unmount } = render(<Icon active={false} level={null} />);
      expect(container.querySelector('svg')?.getAttribute('aria-hidden'), name).toBe('true');
      unmount();
    }
  });

  it('numeric icons show their digit', () => {
    const { Icon, labelValues } = PICTOGRAPH_ICONS['circle-7'];
    expect(labelValues).toEqual({ digit: '7' });
    const { container } = render(<Icon active={false} level={null} />);
    expect(container.textContent).toBe('7');
  });

  it('finds only names of the registry, never members of Object.prototype', () => {
    expect(Object.keys(PICTOGRAPH_ICONS)).toEqual([...PICTOGRAPH_ICON_NAMES]);
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(() => pictographIcon(name), name).toThrow(`Unknown pictograph icon "${name}"`);
    }
  });
});
