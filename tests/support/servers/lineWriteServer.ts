import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import { ErrorBody, LineWriteRequest, LineWriteResult, type LineWriteRequest as LineWrite } from '#contracts';
import { server } from '../../ui/setup';

/**
 * The device behind `PUT /api/v2/devices/pages/lines` for the line edit path tests: each write is parsed by its
 * contract, recorded, and held until the path's next event answers it (accepted, refused, or a network error).
 */
export interface LineWriteServer {
  /** Bodies the server received, in order. */
  writes: LineWrite[];
  /** Whether a write waits for its answer. */
  waiting(): boolean;
  accept(): Promise<void>;
  /** SPEC §8: a write that did not happen (refused, out of range, no answer in time, device offline). */
  refuse(kind: Refusal): Promise<void>;
  /** The connection drops: no HTTP answer at all. */
  fail(): Promise<void>;
}

/** How the real server answers a write that did not happen (server/src/modules/devices/line-writing.ts). */
const REFUSALS = {
  refused: { status: 409, code: 'LINE_WRITE_REFUSED', result: { result: 'REFUSED', reason: 'READ_ONLY' } },
  outOfRange: {
    status: 409,
    code: 'LINE_WRITE_REFUSED',
    result: { result: 'REFUSED', reason: 'OUT_OF_RANGE' },
  },
  noAnswer: { status: 504, code: 'LINE_WRITE_TIMEOUT', result: { result: 'TIMEOUT' } },
  offline: {
    status: 409,
    code: 'DEVICE_UNAVAILABLE',
    result: { result: 'UNAVAILABLE', status: 'DEVICE_CAN_RECEIVED' },
  },
} as const;
export type Refusal = keyof typeof REFUSALS;

const refusal = (kind: Refusal) => {
  const { status, code, result } = REFUSALS[kind];
  const body = v.parse(ErrorBody, {
    statusCode: status,
    code,
    error: code,
    message: `Not written (${kind})`,
  });
  return HttpResponse.json({ ...body, ...v.parse(LineWriteResult, result) }, { status });
};

export function lineWriteServer(): LineWriteServer {
  const writes: LineWrite[] = [];
  let respond: ((response: Response) => void) | null = null;
  server.use(
    http.put('*/api/v2/devices/pages/lines', async ({ request }) => {
      writes.push(v.parse(LineWriteRequest, await request.json()));
      return new Promise<Response>((resolve) => (respond = resolve));
    }),
  );
  const answer = async (response: Response) => {
    await vi.waitFor(() => expect(respond, 'a line write waits for the device').not.toBeNull());
    respond!(response);
    respond = null;
  };
  return {
    writes,
    waiting: () => respond !== null,
    accept: () => answer(HttpResponse.json(v.parse(LineWriteResult, { result: 'ACCEPTED' }))),
    refuse: (kind) => answer(refusal(kind)),
    fail: () => answer(HttpResponse.error()),
  };
}
