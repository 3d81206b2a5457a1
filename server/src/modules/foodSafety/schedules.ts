import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { auditTarget, type ReportSchedule, type ReportScheduleInput } from '#contracts';
import type { Clock } from '../../clock';
import { dueUnclaimedIds, leaseEnd } from '../../db/claims';
import type { Database } from '../../db/client';
import {
  businessGroups,
  reportSchedules,
  reportSendings,
  tenants,
  type ReportScheduleRow,
} from '../../db/schema';
import { AppError } from '../../errors';
import type { AuthSession } from '../auth/service';
import type { Outbox } from '../mail/outbox';
import type { MailMessage } from '../mail/transport';
import { recordFoodSafetyChange } from './audit';
import { reportPdf } from './pdf';
import { nextRunAfter, periodBefore } from './periods';
import { buildReport, type ReportDeps } from './report';
import { wording } from './wording';

export interface ScheduleDeps {
  db: Database;
  clock: Clock;
  outbox: Outbox;
  report: ReportDeps;
  /** The sender of report e-mail (the no-reply address: answers reach nobody). */
  from: string;
  /** Mail queued: send now rather than at the next poll. */
  wakeMail: () => void;
}

/** A claim outlasts building and queueing the slowest report; a crashed instance's claim runs out. */
const LEASE_MS = 5 * 60_000;

const scheduleNotFound = () => new AppError(404, 'SCHEDULE_NOT_FOUND', 'id: No report schedule with this id');

/**
 * Scheduled reports: a store's PDF e-mailed every day, week or month through the mail outbox. Every instance runs
 * the job; a due row is claimed with SKIP LOCKED and a lease, and moved on to its next run in the transaction that
 * queues its mail and records the sending, so each period is sent once however many instances there are.
 */
export function createReportSchedules(deps: ScheduleDeps) {
  const { db, clock } = deps;
  const columns = {
    id: reportSchedules.id,
    businessGroup: businessGroups.hexacode,
    businessGroupName: businessGroups.name,
    frequency: reportSchedules.frequency,
    recipients: reportSchedules.recipients,
    timeZone: reportSchedules.timeZone,
    nextRunAt: reportSchedules.nextRunAt,
    lastSentAt: sql<Date | null>`(SELECT max(queued_at) FROM report_sendings s WHERE s.schedule_id = ${reportSchedules.id})`,
  };
  const shown = (
    r: { nextRunAt: Date; lastSentAt: Date | string | null } & Omit<
      ReportSchedule,
      'nextRunAt' | 'lastSentAt'
    >,
  ) => ({
    ...r,
    nextRunAt: r.nextRunAt.toISOString(),
    lastSentAt: r.lastSentAt === null ? null : new Date(r.lastSentAt).toISOString(),
  });

  async function list(session: AuthSession, businessGroup?: string): Promise<ReportSchedule[]> {
    const rows = await db
      .select(columns)
      .from(reportSchedules)
      .innerJoin(businessGroups, eq(businessGroups.id, reportSchedules.businessGroupId))
      .where(
        and(
          eq(reportSchedules.tenantId, session.tenant.id),
          businessGroup === undefined ? undefined : eq(businessGroups.hexacode, businessGroup.toUpperCase()),
        ),
      )
      .orderBy(asc(businessGroups.name), asc(reportSchedules.createdAt));
    return rows.map(shown);
  }

  /** Builds, renders and queues the report of one claimed schedule, and moves it to its next run. */
  async function send(row: ReportScheduleRow & { tenant: string }): Promise<void> {
    const runAt = row.nextRunAt.getTime();
    const period = periodBefore(row.frequency, runAt, row.timeZone);
    const [group] = await db.select().from(businessGroups).where(eq(businessGroups.id, row.businessGroupId));
    const scope = await deps.report.repository.scope(row.tenantId, { businessGroup: group!.hexacode });
    const report = await buildReport(deps.report, {
      scope: scope!,
      tenantId: row.tenantId,
      tenant: row.tenant,
      language: row.languageCode,
      ...period,
      timeZone: row.timeZone,
      now: clock.now().getTime(),
    });
    const words = wording(row);
    const pdf = await reportPdf(report, words);
    const texts = { store: group!.name, from: words.dateTime(period.from), to: words.dateTime(period.to) };
    const message: MailMessage = {
      from: deps.from,
      to: row.recipients,
      subject: words.t('foodSafety.mail.subject', texts),
      text: words.t('foodSafety.mail.text', {
        ...texts,
        createdBy: row.createdBy,
        frequency: words.t(`foodSafety.frequency.${row.frequency}`),
      }),
      attachments: [
        {
          filename: `food-safety-${group!.hexacode}-${new Date(period.from).toISOString().slice(0, 10)}.pdf`,
          content: pdf.toString('base64'),
          encoding: 'base64',
          contentType: 'application/pdf',
        },
      ],
    };
    await db.transaction(async (t) => {
      const tx = t as unknown as Database;
      const moved = await tx
        .update(reportSchedules)
        .set({
          nextRunAt: nextRunAfter(row.frequency, Math.max(runAt, clock.now().getTime()), row.timeZone),
          claimedUntil: null,
        })
        .where(and(eq(reportSchedules.id, row.id), eq(reportSchedules.nextRunAt, row.nextRunAt)))
        .returning({ id: reportSchedules.id });
      // Another instance sent this period after this one's claim ran out: nothing more to do.
      if (moved.length === 0) return;
      await deps.outbox.enqueue([{ tenantId: row.tenantId, channel: 'mail', message: { ...message } }], tx);
      await tx.insert(reportSendings).values({
        tenantId: row.tenantId,
        scheduleId: row.id,
        businessGroupId: row.businessGroupId,
        periodFrom: new Date(period.from),
        periodTo: new Date(period.to),
        recipients: row.recipients,
        bytes: pdf.length,
        queuedAt: clock.now(),
      });
    });
    deps.wakeMail();
  }

  return {
    list,

    async create(
      session: AuthSession,
      input: ReportScheduleInput,
      dateFormat: string,
    ): Promise<ReportSchedule> {
      const [group] = await db
        .select({ id: businessGroups.id })
        .from(businessGroups)
        .where(
          and(
            eq(businessGroups.tenantId, session.tenant.id),
            eq(businessGroups.hexacode, input.businessGroup.toUpperCase()),
          ),
        );
      if (!group)
        throw new AppError(404, 'BUSINESS_GROUP_NOT_FOUND', 'businessGroup: No store with this hexacode');
      const id = await db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const [row] = await tx
          .insert(reportSchedules)
          .values({
            tenantId: session.tenant.id,
            businessGroupId: group.id,
            frequency: input.frequency,
            recipients: input.recipients,
            timeZone: input.timeZone,
            languageCode: session.user.languageCode,
            dateFormat,
            createdBy: session.user.username,
            nextRunAt: nextRunAfter(input.frequency, clock.now().getTime(), input.timeZone),
          })
          .returning();
        await recordFoodSafetyChange(tx, {
          session,
          action: 'report.schedule',
          target: auditTarget.schedule(row!.id, input.businessGroup.toUpperCase()),
          hexacode: null,
          before: null,
          after: input,
          at: clock.now(),
        });
        return row!.id;
      });
      return (await list(session)).find((s) => s.id === id)!;
    },

    async remove(session: AuthSession, id: string): Promise<void> {
      await db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const [gone] = await tx
          .delete(reportSchedules)
          .where(and(eq(reportSchedules.tenantId, session.tenant.id), eq(reportSchedules.id, id)))
          .returning();
        if (!gone) throw scheduleNotFound();
        const { frequency, recipients, timeZone } = gone;
        await recordFoodSafetyChange(tx, {
          session,
          action: 'report.schedule',
          target: auditTarget.schedule(id),
          hexacode: null,
          before: { frequency, recipients, timeZone },
          after: null,
          at: clock.now(),
        });
      });
    },

    /** Claims the due schedules (at most `limit`) and sends each; answers how many were sent. */
    async runDue(limit = 5): Promise<number> {
      const now = clock.now();
      const due = dueUnclaimedIds(db, reportSchedules, {
        due: [lte(reportSchedules.nextRunAt, now)],
        order: reportSchedules.nextRunAt,
        limit,
        now,
      });
      const claimed = await db
        .update(reportSchedules)
        .set({ claimedUntil: leaseEnd(now, LEASE_MS) })
        .where(inArray(reportSchedules.id, due))
        .returning();
      const names = await db.select({ id: tenants.id, name: tenants.name }).from(tenants);
      for (const row of claimed) {
        await send({ ...row, tenant: names.find((t) => t.id === row.tenantId)!.name });
      }
      return claimed.length;
    },
  };
}

export type ReportSchedules = ReturnType<typeof createReportSchedules>;
