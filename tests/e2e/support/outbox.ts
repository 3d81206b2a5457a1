import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseMail } from '../../../server/src/modules/mail/testing';
import { eventually } from '../../../server/src/testing/wait';
import { e2eServer } from './e2eServer';

/**
 * The path and query of the link in the newest e-mail to `address` in the server's outbox (the e2e server has no
 * SMTP_URL, so it writes each e-mail as an .eml file under DATA_DIR/outbox).
 */
export async function linkMailedTo(address: string): Promise<string> {
  const outbox = join(e2eServer().dataDir, 'outbox');
  return eventually(
    async () => {
      const names = (await readdir(outbox).catch(() => [] as string[])).sort();
      // An .eml.tmp is still being written: the server renames it to .eml once complete.
      for (const name of names.reverse().filter((file) => file.endsWith('.eml'))) {
        const { headers, text } = parseMail(await readFile(join(outbox, name), 'utf8'));
        const link = /https?:\/\/\S+\?token=\S+/.exec(text);
        if (headers.to?.includes(address) && link) {
          const url = new URL(link[0]);
          return `${url.pathname}${url.search}`;
        }
      }
      return undefined;
    },
    { what: `an e-mail with a link to ${address} in the outbox` },
  );
}
