import type { FastifyPluginAsync } from 'fastify';
import { ErrorBody, HistoryQuery, HistoryResult } from '#contracts';
import { contract } from '../../http/contracts';
import { requireGrant } from '../auth/authenticate';
import type { HistoryService } from './service';

/** POST /api/v2/history/query: the one history read of every historical widget. */
export const historyRoutes: FastifyPluginAsync<{ history: HistoryService }> = async (app, { history }) => {
  app.addHook('onRequest', app.authenticate);
  app.post<{ Body: HistoryQuery }>(
    '/api/v2/history/query',
    {
      preHandler: requireGrant('DEVICES', 'READ'),
      config: { changesState: false },
      schema: contract({
        tags: ['history'],
        security: true,
        summary:
          'Recorded samples of buffers over a range (and a comparison range) in buckets of min, max and average, ' +
          'at most maxPoints a series; a PC number the user may not use is 403 PC_NUMBER_NOT_ALLOWED',
        body: HistoryQuery,
        response: { 200: HistoryResult, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      }),
    },
    async (request) => history.query(request.session!, request.body),
  );
};
