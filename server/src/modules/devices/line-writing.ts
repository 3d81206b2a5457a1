import type * as v from 'valibot';
import { auditTarget, type LineWriteRequest, type LineWriteResult } from '#contracts';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/trail';
import type { AuthSession } from '../auth/service';
import { type AccessChecks, hex } from './access-checks';
import type { GatewayAccess } from './gateway-access';

type WriteAnswer = v.InferOutput<typeof LineWriteResult>;

/** A line write that was not accepted: the error body also carries the LineWriteResult fields. */
class WriteError extends AppError {
  constructor(statusCode: number, code: string, message: string, result: WriteAnswer) {
    super(statusCode, code, message, {}, result);
  }
}

/** What the line showed before a write, as the audit trail keeps it: its value and unit, or why it had none. */
const shown = (line: Awaited<ReturnType<GatewayAccess['gateway']['readLine']>>) =>
  'name' in line
    ? { name: line.name, value: line.value ?? null, unit: line.unit ?? null, status: line.status }
    : line;

export function createLineWriting(deps: {
  access: GatewayAccess;
  checks: AccessChecks;
  db: Database;
  clock: Clock;
}) {
  const { access, checks } = deps;
  return {
    /** 200 ACCEPTED only when the device accepted; every other outcome is an AppError with a LineWriteResult body. */
    async writeLine(session: AuthSession, request: LineWriteRequest): Promise<WriteAnswer> {
      const hexacode = hex(request.hexacode);
      if (!(await checks.known(session, hexacode))) {
        throw new WriteError(404, 'DEVICE_NOT_FOUND', 'Device is not found', {
          result: 'UNAVAILABLE',
          status: 'DEVICE_NOT_FOUND',
        });
      }
      const address = {
        tenant: session.tenant.name,
        hexacode,
        department: request.department,
        subDepartment: request.subDepartment,
        page: request.page,
        line: request.line,
      };
      const before = shown(await access.gateway.readLine(address));
      const result = await access.gateway.writeLine(address, request.value, {
        factorySettings: await checks.factorySettingsAllowed(session),
      });
      // Accepted or not, the attempt is on record: who tried to set what, and what the device said.
      await recordAudit(deps.db, {
        by: session,
        action: 'line.write',
        target: auditTarget.line({ ...request, hexacode }),
        hexacode,
        before,
        after: { value: request.value, ...result },
        at: deps.clock.now(),
      });
      switch (result.result) {
        case 'ACCEPTED':
          return { result: 'ACCEPTED' };
        case 'REFUSED':
          throw new WriteError(
            409,
            'LINE_WRITE_REFUSED',
            result.message ?? `The device refused the value (${result.reason})`,
            { result: 'REFUSED', reason: result.reason },
          );
        case 'TIMEOUT':
          throw new WriteError(504, 'LINE_WRITE_TIMEOUT', 'The device did not answer in time', {
            result: 'TIMEOUT',
          });
        case 'UNAVAILABLE':
          throw new WriteError(
            409,
            'DEVICE_UNAVAILABLE',
            result.status === 'DEVICE_CAN_RECEIVED'
              ? 'The device is offline'
              : `The line cannot be written (${result.status})`,
            { result: 'UNAVAILABLE', status: result.status },
          );
      }
    },
  };
}
