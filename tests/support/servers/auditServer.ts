import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { AuditPage, AuditQuery, type AuditEntry } from '#contracts';
import { server } from '../../ui/setup';
import { heldRequests } from './heldRequests';
import { unavailable } from './refusals';

/**
 * GET /api/v2/audit behind the app: each request is checked against its contract, recorded as its query, and
 * held until the test answers it (the entries as JSON, or a CSV file).
 */
export function auditServer() {
  const requests: AuditQuery[] = [];
  const { hold, waiting, answer } = heldRequests('a call');
  server.use(
    http.get('*/api/v2/audit', ({ request }) => {
      requests.push(v.parse(AuditQuery, Object.fromEntries(new URL(request.url).searchParams)));
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
    unavailable: () => answer(unavailable()),
  };
}

export type AuditServer = ReturnType<typeof auditServer>;
