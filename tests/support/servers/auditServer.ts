import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { AuditChain, AuditPage, AuditQuery, type AuditEntry } from '#contracts';
import { server } from '../../ui/setup';
import { heldRequests } from './heldRequests';
import { unavailable } from './refusals';

/** A query as "key=value" pairs in the contract's order ("action=limit.change limit=51 format=json"). */
const summaryOf = (query: AuditQuery) =>
  Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(' ');

/**
 * GET /api/v2/audit and its /chain behind the app: each request is checked against its contract, recorded (the
 * trail's by its query, the chain's as "chain"), and held until the test answers it.
 */
export function auditServer() {
  const requests: string[] = [];
  const { hold, waiting, answer } = heldRequests('a call');
  server.use(
    http.get('*/api/v2/audit', ({ request }) => {
      requests.push(summaryOf(v.parse(AuditQuery, Object.fromEntries(new URL(request.url).searchParams))));
      return hold();
    }),
    http.get('*/api/v2/audit/chain', () => {
      requests.push('chain');
      return hold();
    }),
  );
  return {
    requests,
    waiting,
    entries: (entries: AuditEntry[]) => answer(HttpResponse.json(v.parse(AuditPage, { entries }))),
    csv: (text: string) =>
      answer(
        new HttpResponse(text, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="audit.csv"',
          },
        }),
      ),
    chain: (chain: AuditChain) => answer(HttpResponse.json(v.parse(AuditChain, chain))),
    unavailable: () => answer(unavailable()),
  };
}

export type AuditServer = ReturnType<typeof auditServer>;
