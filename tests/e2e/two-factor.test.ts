import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { totpAt } from '../../server/src/modules/auth/totp';
import { signIn, signInAs, waitUntilSignedIn } from './support/browser';
import { openAccountSettings, saveAccountSettings } from './support/accountSettings';
import { useBrowserPage } from './support/session';

/** The otpauth URI of the QR code the page shows: its pixels, drawn on a canvas in the page, decoded here. */
async function scan(qr: Locator): Promise<URL> {
  const pixels = await qr.evaluate(async (element) => {
    const image = element as HTMLImageElement;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  });
  const decoded = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
  expect(decoded, 'the QR code decodes').not.toBeNull();
  return new URL(decoded!.data);
}

describe('two-factor authentication', () => {
  const page = useBrowserPage();

  it('is turned on by scanning the QR code and a code, asks for a code at sign-in, and turns off again', async () => {
    const p = page();
    // demo's admin has an e-mail linked (SPEC §5: two-factor needs one) and this file's server to itself.
    await signInAs(p, 'admin', 'Admin123');

    const settings = await openAccountSettings(p);
    // Ticking the box starts the setup: it stays unticked until a code is verified.
    await settings.getByRole('checkbox', { name: 'Two-factor authentication' }).click();
    const setup = p.getByRole('dialog', { name: 'Two-factor authentication' });
    const uri = await scan(setup.getByRole('img', { name: /QR code/ }));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Coldwatch Demo:admin');
    expect(uri.searchParams.get('issuer')).toBe('Coldwatch Demo');
    const secret = uri.searchParams.get('secret')!;

    // Step 2 shows the same secret for typing by hand.
    await setup.getByRole('button', { name: 'Next' }).click();
    await setup.getByText(secret, { exact: true }).waitFor();
    await setup.getByRole('button', { name: 'Next' }).click();
    await setup.getByRole('textbox', { name: 'Security code' }).fill(await totpAt(secret, new Date()));
    await setup.getByRole('button', { name: 'Verify' }).click();
    await setup.waitFor({ state: 'detached' });
    expect(await settings.getByRole('checkbox', { name: 'Two-factor authentication' }).isChecked()).toBe(
      true,
    );
    // The confirmed code turned it on, and the product says so: closing the settings without saving keeps it.
    await settings.getByRole('status').filter({ hasText: 'Two-factor authentication is on' }).waitFor();
    await settings.getByRole('button', { name: 'Cancel' }).click();
    await settings.waitFor({ state: 'detached' });

    await p.getByRole('button', { name: 'Account menu' }).click();
    await p.getByRole('menuitem', { name: 'Logout' }).click();
    await signIn(p, 'admin', 'Admin123');
    const code = p.getByRole('textbox', { name: 'Security code' });
    // The code that finished the setup is spent: sign in with the next one (the server allows one step ahead).
    await code.fill(await totpAt(secret, new Date(Date.now() + 30_000)));
    await p.getByRole('button', { name: 'Verify' }).click();
    await waitUntilSignedIn(p, 'admin');

    const again = await openAccountSettings(p);
    await again.getByRole('checkbox', { name: 'Two-factor authentication' }).uncheck();
    await saveAccountSettings(again);
    await p.getByRole('button', { name: 'Account menu' }).click();
    await p.getByRole('menuitem', { name: 'Logout' }).click();
    await signInAs(p, 'admin', 'Admin123');
  });
});
