import type { Locator, Page } from 'playwright-core';

/** The dialog `name` (a name or pattern) once its title shows: the dialog element itself has no box. */
export async function shownDialog(page: Page, name: string | RegExp): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('heading').first().waitFor();
  return dialog;
}

/**
 * Waits until whatever `scope` matches (and is shown) has settled: fully opaque, its ancestors too, and no finite
 * animation or transition running in it. MUI fades dialogs and menus in, and a button that turns enabled fades from
 * its dimmed look: in between, colours are blends with what lies beneath, which axe reads as too faint a contrast.
 */
export async function settled(page: Page, scope: string): Promise<void> {
  await page.waitForFunction((scope) => {
    const shown = Array.from(document.querySelectorAll(scope)).filter((element) =>
      element.checkVisibility({ visibilityProperty: true }),
    );
    const opaque = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement)
        if (getComputedStyle(node).opacity !== '1') return false;
      return true;
    };
    const moving = document.getAnimations().some((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      return (
        animation.playState === 'running' &&
        // A fade or a button's transition, not a toast's countdown: waiting that out would see the toast gone.
        Number(animation.effect?.getComputedTiming().endTime) <= 1_000 &&
        target instanceof Element &&
        shown.some((element) => element.contains(target))
      );
    });
    return shown.every(opaque) && !moving;
  }, scope);
}

export async function fromAccountMenu(page: Page, entry: string): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

/** The sidebar: beside the content on a wide screen, in the navigation drawer (opened here) on a narrow one. */
export async function sidebar(page: Page): Promise<Page | Locator> {
  const menu = page.getByRole('button', { name: 'Open navigation' });
  if (!(await menu.isVisible())) return page;
  await menu.click();
  return shownDialog(page, 'Dashboards and devices');
}

/** Clicks a widget's header action `name`: a button on a wide widget, an item of its folded menu on a narrow one. */
export async function widgetAction(page: Page, widget: Locator, name: string | RegExp): Promise<void> {
  const button = widget.getByRole('button', { name });
  const folded = widget.getByRole('button', { name: /^Widget actions for/ });
  await button.or(folded).first().waitFor();
  if (await button.isVisible()) return button.click();
  await folded.click();
  await page.getByRole('menuitem', { name }).click();
}

/** A dashboard file of `widgets`, named as the wizard proposes. */
const uploadFile = (widgets: unknown[]) => ({
  name: 'upload.json',
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify({ name: 'Uploaded', widgets })),
});
/** Longer than the 120 characters the server stores: it refuses the import, the wizard stays open. */
export const REFUSED_NAME = 'x'.repeat(121);

/** The wizard's mapping step for a file of `widgets`. */
export async function uploadMapping(page: Page, widgets: unknown[]) {
  await fromAccountMenu(page, 'Upload dashboard');
  const wizard = await shownDialog(page, 'Upload dashboard');
  await wizard.getByLabel('Dashboard file').setInputFiles(uploadFile(widgets));
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('textbox', { name: 'Dashboard name' }).waitFor();
  return wizard;
}

/**
 * Whether the toast saying `text` shows uncovered at its middle (a backdrop would dim it): answers nothing when it
 * does, else what covers it. Checked in the page the frame the toast appears, so call it before what raises the toast:
 * a toast hides 1.5 s later by itself (SPEC §9), sooner than a loaded machine's round trips to the page come back.
 */
export const toastCoverage = (page: Page, text: string): Promise<string[]> =>
  page
    .waitForFunction(
      (text) => {
        const toast = Array.from(
          document.querySelectorAll('[aria-label="Notifications"] [role="status"]'),
        ).find((shown) => shown.textContent?.includes(text));
        if (!toast) return false;
        const box = toast.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        // An array, never falsy: waitForFunction waits on until its function gives something truthy.
        return top && toast.contains(top) ? [] : [`${text}: covered by ${top?.outerHTML.slice(0, 80)}`];
      },
      text,
      { polling: 'raf' },
    )
    .then((found) => found.jsonValue() as Promise<string[]>);

/**
 * Escape until no dialog or menu is open, one layer a press. A press right after a layer closed may reach none
 * (the one beneath takes the keyboard a moment later): it is pressed again.
 */
export async function closeDialogs(page: Page) {
  const open = page.getByRole('dialog').or(page.getByRole('menu'));
  for (let count = await open.count(), presses = 0; count > 0; count = await open.count()) {
    if (++presses > 10) throw new Error(`Escape leaves ${count} dialogs or menus open`);
    await page.keyboard.press('Escape');
    await open
      .nth(count - 1)
      .waitFor({ state: 'detached', timeout: 1_000 })
      .catch(() => undefined);
  }
}
