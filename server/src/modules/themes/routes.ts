import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { Theme } from '#contracts';
import type { Tenant } from '../../db/schema';
import { contract } from '../../http/contracts';
import { manifestOf, maskableIconOf } from './manifest';
import { THEME_ASSET_URLS, themeOf } from './service';

/** Themes change rarely but may change: browsers revalidate after five minutes. Host picks the tenant. */
function cacheByTenant(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', 'public, max-age=300').header('Vary', 'Host');
}

export const themeRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/themes',
    {
      schema: contract({
        summary: "The theme of the host's tenant",
        tags: ['themes'],
        response: { 200: Theme },
      }),
    },
    async (request, reply) => {
      cacheByTenant(reply);
      return themeOf(request.tenant);
    },
  );

  const svg = (url: string, pick: (tenant: Tenant) => string) =>
    app.get(url, { schema: { hide: true } }, async (request, reply) =>
      cacheByTenant(reply).type('image/svg+xml').send(pick(request.tenant)),
    );
  svg(THEME_ASSET_URLS.loginLogo, (tenant) => tenant.theme.loginLogoSvg);
  svg(THEME_ASSET_URLS.sidebarLogo, (tenant) => tenant.theme.sidebarLogoSvg);
  svg(THEME_ASSET_URLS.favicon, (tenant) => tenant.theme.faviconSvg);
  svg(THEME_ASSET_URLS.maskableIcon, maskableIconOf);

  app.get(THEME_ASSET_URLS.manifest, { schema: { hide: true } }, async (request, reply) =>
    cacheByTenant(reply)
      .type('application/manifest+json')
      .send(JSON.stringify(manifestOf(request.tenant))),
  );
};
