import type { FastifyPluginAsync } from 'fastify';
import type * as v from 'valibot';
import {
  AccountSettings,
  AccountSettingsUpdate,
  ErrorBody,
  LANGUAGE_CHOICES,
  LanguageChoices,
} from '#contracts';
import { ThemeSettings } from '#contracts/themeSettings';
import { contract } from '../../http/contracts';
import type { AccountService } from './service';

export const accountRoutes: FastifyPluginAsync<{ account: AccountService }> = async (app, { account }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/v2/account/settings',
    {
      schema: contract({
        summary: 'Personal settings (defaults for anything never changed)',
        tags: ['account'],
        security: true,
        response: { 200: AccountSettings, 401: ErrorBody },
      }),
    },
    async (request) => account.get(request.tenant.id, request.session!.user.id),
  );

  app.get(
    '/api/v2/account/settings/languages',
    {
      schema: contract({
        summary: 'The languages of the interface, each named in itself',
        tags: ['account'],
        security: true,
        response: { 200: LanguageChoices, 401: ErrorBody },
      }),
    },
    async () => LANGUAGE_CHOICES,
  );

  app.post<{ Body: v.InferOutput<typeof AccountSettingsUpdate> }>(
    '/api/v2/account/settings',
    {
      schema: contract({
        summary: 'Change some settings; answers the full settings',
        tags: ['account'],
        security: true,
        body: AccountSettingsUpdate,
        response: { 200: AccountSettings, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      }),
    },
    async (request) => account.change(request.session!, request.body),
  );

  app.post<{ Body: ThemeSettings }>(
    '/api/v2/account/settings/theme',
    {
      schema: contract({
        summary: 'Change the theme font and size; answers the full settings',
        tags: ['account'],
        security: true,
        body: ThemeSettings,
        response: { 200: AccountSettings, 400: ErrorBody, 401: ErrorBody },
      }),
    },
    async (request) => account.saveTheme(request.session!, request.body),
  );
};
