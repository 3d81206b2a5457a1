import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMail } from '../../server/src/modules/mail/testing';
import { eventually } from '../../server/src/testing/wait';
import { signInAs } from './support/browser';
import { e2eServer } from './support/e2eServer';
import { useBrowserPage } from './support/session';

/** Where the e2e server mails support requests: SUPPORT_EMAIL's default, without PUBLIC_URL. */
const SUPPORT = 'support@localhost';
const SENDER = 'ops@store101.example';

/**
 * The e-mails to `address` in the server's outbox (.eml files: the e2e server has no SMTP_URL) whose text holds
 * `marker`, once there are `count` of them.
 */
async function mailsTo(address: string, marker: string, count = 1) {
  const outbox = join(e2eServer().dataDir, 'outbox');
  return eventually(
    async () => {
      const mails = [];
      for (const name of await readdir(outbox).catch(() => [] as string[])) {
        if (!name.endsWith('.eml')) continue;
        const mail = parseMail(await readFile(join(outbox, name), 'utf8'));
        if (mail.headers.to?.includes(address) && mail.text.includes(marker)) mails.push(mail);
      }
      return mails.length >= count && mails;
    },
    { what: `${count} e-mail(s) to ${address} about ${marker} in the outbox` },
  );
}

describe('support: a bug report reaches support, and its copy the sender', () => {
  const page = useBrowserPage();

  it("sends a bug report with 'send me a copy' from the account menu", async () => {
    const title = `Door alarm stays red ${Date.now()}`;
    const description = 'Case 3 shows a door alarm after the door was closed.';
    await signInAs(page(), 'operator', 'Operator123');
    await page()
      .getByRole('button', { name: /^Account menu/ })
      .click();
    await page().getByRole('menuitem', { name: 'Report a bug' }).click();
    const dialog = page().getByRole('dialog', { name: 'Report a bug' });
    // The operator has no e-mail in their settings: no copy can be asked for until one is typed.
    const copy = dialog.getByRole('checkbox', { name: 'Send me a copy' });
    expect(await copy.isDisabled()).toBe(true);
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByLabel('E-mail (optional)').fill(SENDER);
    expect(await copy.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page().getByText('Thank you, your message was sent to support').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const [toSupport] = await mailsTo(SUPPORT, title);
    expect(toSupport!.text).toContain('Bug report from operator (tenant demo)');
    expect(toSupport!.text).toContain(`Answer to: ${SENDER}`);
    expect(toSupport!.text).toContain(description);

    const [toSender] = await mailsTo(SENDER, title);
    expect(toSender!.text).toContain('Hello operator,');
    expect(toSender!.text).toContain('This is a copy of what you sent');
    expect(toSender!.text).toContain(description);
  });
});
