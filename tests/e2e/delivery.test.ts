import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tenantUrl } from './support/browser';
import { useBrowserPage } from './support/session';

describe('the built app as the browser receives it', () => {
  const page = useBrowserPage();

  it('arrives brotli-compressed from the build, hashed files cached for a year and the page never', async () => {
    const responses: Response[] = [];
    page().on('response', (response) => responses.push(response));
    const document = await page().goto(tenantUrl('demo', '/login'));
    await page().getByRole('button', { name: 'Sign in' }).waitFor();

    expect(await document?.headerValue('cache-control')).toBe('no-cache');
    const scripts = responses.filter((response) =>
      /\/assets\/[^/]+\.js$/.test(new URL(response.url()).pathname),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(await script.headerValue('content-encoding'), script.url()).toBe('br');
      expect(await script.headerValue('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });
});
