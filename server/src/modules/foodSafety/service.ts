import {
  caseKey,
  auditTarget,
  type CaseAddress,
  type CorrectiveActionBody,
  type FoodSafetyCase,
  type FoodSafetyCasesQuery,
  type FoodSafetyLimit,
  type FoodSafetyReport,
  type Review,
  type SignOffBody,
} from '#contracts';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { AuthSession } from '../auth/service';
import { recordFoodSafetyChange } from './audit';
import { caseShown } from './cases';
import { lineNotOnModel, notAFoodCase } from './limits';
import { DAY_MS } from '../history/packing';
import { buildReport, casesWithLimits, type ReportDeps } from './report';
import {
  createFoodSafetyRepository,
  type FoodSafetyRepository,
  type ReportScope,
  type ReviewRow,
} from './repository';

export interface FoodSafetyServiceDeps extends ReportDeps {
  db: Database;
  clock: Clock;
}

const scopeNotFound = (by: { device?: string | undefined }) =>
  by.device !== undefined
    ? new AppError(404, 'DEVICE_NOT_FOUND', 'device: No device with this hexacode')
    : new AppError(404, 'BUSINESS_GROUP_NOT_FOUND', 'businessGroup: No store with this hexacode');

const reviewOf = (row: ReviewRow | null): Review => ({
  correctiveAction: row?.correctiveAction ?? null,
  correctiveActionBy: row?.correctiveActionBy ?? null,
  reviewedBy: row?.reviewedBy ?? null,
  reviewedAt: row?.reviewedAt?.toISOString() ?? null,
});

/** An excursion id: its case and its start in ms ("1A0102.1.0.1768446300000"). */
function parseExcursion(id: string): CaseAddress {
  const [hexacode, department, subDepartment] = id.split('.');
  return { hexacode: hexacode!, department: Number(department), subDepartment: Number(subDepartment) };
}
const excursionStart = (id: string) => Number(id.split('.')[3]);

/** The latest date it is anywhere now (UTC+14): a later day has begun nowhere, so it has no records yet. */
const latestDateNow = (now: Date) => new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);

/** Records are acted on and signed off once they exist: what has not begun yet is refused. */
function refuseWhatHasNotBegun(body: CorrectiveActionBody | SignOffBody, now: Date): void {
  if ('excursion' in body) {
    if (excursionStart(body.excursion) > now.getTime())
      throw new AppError(400, 'FOOD_SAFETY_NOT_YET', 'excursion: This excursion has not begun yet');
  } else if (body.date > latestDateNow(now)) {
    throw new AppError(400, 'FOOD_SAFETY_NOT_YET', 'date: This day has not begun yet');
  }
}

/** Food safety for the signed-in user's tenant: limits, reports, corrective actions and sign-offs. */
export function createFoodSafetyService(deps: FoodSafetyServiceDeps) {
  const { repository, clock, db } = deps;
  const context = (session: AuthSession) => ({
    tenantId: session.tenant.id,
    tenant: session.tenant.name,
    language: session.user.languageCode,
    now: clock.now().getTime(),
  });

  async function scopeOf(session: AuthSession, by: FoodSafetyCasesQuery): Promise<ReportScope> {
    const scope = await repository.scope(session.tenant.id, by);
    if (!scope) throw scopeNotFound(by);
    return scope;
  }

  /** The case at `address`, refused as not found when it is not a food case of the tenant's devices. */
  async function foodCase(session: AuthSession, address: CaseAddress, field: string) {
    const scope = await repository.scope(session.tenant.id, { device: address.hexacode });
    if (!scope) throw notAFoodCase(field);
    const found = (await casesWithLimits(deps, { ...context(session), scope })).find(
      (c) => caseKey(c.report) === caseKey({ ...address, hexacode: scope.hexacode }),
    );
    if (!found) throw notAFoodCase(field);
    return found;
  }

  /**
   * The case of excursion `id`, refused as not found unless its history has an excursion beginning then: a
   * corrective action or a sign-off is a record of one that happened (read as a report from its start).
   */
  async function excursionCase(session: AuthSession, id: string) {
    const address = parseExcursion(id);
    const found = await foodCase(session, address, 'excursion');
    const start = excursionStart(id);
    const { departments } = await buildReport(deps, {
      ...context(session),
      scope: await scopeOf(session, { device: address.hexacode }),
      from: start,
      to: start + DAY_MS,
      timeZone: 'UTC',
    });
    if (!departments.some((d) => d.excursions.some((e) => e.id === id)))
      throw new AppError(
        404,
        'EXCURSION_NOT_FOUND',
        'excursion: No excursion of this case began at that time',
      );
    return { address, found };
  }

  /** Runs a write and its audit entry in one transaction: the change is recorded, or neither happens. */
  const audited = <T>(work: (repo: FoodSafetyRepository, tx: Database) => Promise<T>) =>
    db.transaction((t) => {
      const tx = t as unknown as Database;
      return work(createFoodSafetyRepository(tx), tx);
    });

  async function review(
    session: AuthSession,
    address: CaseAddress,
    subject: { kind: 'excursion' | 'day'; key: string },
    fields: Parameters<FoodSafetyRepository['review']>[3],
    action: 'excursion.correctiveAction' | 'report.signOff',
  ): Promise<Review> {
    return audited(async (repo, tx) => {
      const before = await repo.reviewOf(session.tenant.id, address, subject.kind, subject.key);
      const after = await repo.review(session.tenant.id, address, subject, fields);
      await recordFoodSafetyChange(tx, {
        session,
        action,
        target: auditTarget.review(address, subject),
        hexacode: address.hexacode,
        before: before && reviewOf(before),
        after: reviewOf(after),
        at: clock.now(),
      });
      return reviewOf(after);
    });
  }

  return {
    scopeOf,

    async report(
      session: AuthSession,
      query: FoodSafetyCasesQuery & { from: string; to: string; timeZone: string },
    ): Promise<FoodSafetyReport> {
      const scope = await scopeOf(session, query);
      return buildReport(deps, {
        ...context(session),
        scope,
        from: Date.parse(query.from),
        to: Date.parse(query.to),
        timeZone: query.timeZone,
      });
    },

    async cases(session: AuthSession, query: FoodSafetyCasesQuery): Promise<FoodSafetyCase[]> {
      const scope = await scopeOf(session, query);
      return (await casesWithLimits(deps, { ...context(session), scope })).map((c) => caseShown(c.report, c));
    },

    /** Sets a case's limit (null: back to the default); answers the case as the limits list shows it. */
    async setLimit(session: AuthSession, address: CaseAddress, limit: FoodSafetyLimit | null): Promise<void> {
      const found = await foodCase(session, address, 'hexacode');
      if (limit?.line === 'product' && !found.report.food.product) throw lineNotOnModel();
      const target = { ...address, hexacode: found.report.hexacode };
      await audited(async (repo, tx) => {
        if (limit) await repo.saveLimit(session.tenant.id, target, limit, session.user.username, clock.now());
        else await repo.deleteLimit(session.tenant.id, target);
        await recordFoodSafetyChange(tx, {
          session,
          action: 'limit.change',
          target: auditTarget.case(target),
          hexacode: target.hexacode,
          before: found.isDefault ? { default: found.limit } : found.limit,
          after: limit ?? { default: 'restored' },
          at: clock.now(),
        });
      });
    },

    async correctiveAction(session: AuthSession, body: CorrectiveActionBody): Promise<Review> {
      refuseWhatHasNotBegun(body, clock.now());
      const { address } = await excursionCase(session, body.excursion);
      return review(
        session,
        address,
        { kind: 'excursion', key: body.excursion },
        {
          correctiveAction: body.text,
          correctiveActionBy: session.user.username,
          correctiveActionAt: clock.now(),
        },
        'excursion.correctiveAction',
      );
    },

    async signOff(session: AuthSession, body: SignOffBody): Promise<Review> {
      refuseWhatHasNotBegun(body, clock.now());
      const [{ address: asked, found }, subject] =
        'excursion' in body
          ? [
              await excursionCase(session, body.excursion),
              { kind: 'excursion' as const, key: body.excursion },
            ]
          : [
              { address: body, found: await foodCase(session, body, 'hexacode') },
              { kind: 'day' as const, key: body.date },
            ];
      return review(
        session,
        { hexacode: found.report.hexacode, department: asked.department, subDepartment: asked.subDepartment },
        subject,
        { reviewedBy: session.user.username, reviewedAt: clock.now() },
        'report.signOff',
      );
    },
  };
}

export type FoodSafetyService = ReturnType<typeof createFoodSafetyService>;
