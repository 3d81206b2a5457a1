import { assign, setup } from 'xstate';
import { REPORT_MAX_DAYS, type FoodSafetyReport, type Review, type SignOffBody } from '#contracts';
import type { ReportsFailure } from '../../services/api/reports';
import { failureOf } from '../serviceFailure';
import type { ReportChoice, ReportsEvent } from './reports.events';
import { limitsMachine } from './limitsMachine';
import { schedulesMachine } from './schedulesMachine';
import { isUnsigned, mergeReview, type ReportQuery } from './reviews';
import { notProvided } from '../notProvided';

export interface StoreOption {
  hexacode: string;
  name: string;
}

/** What a finished step left for the user to read: a failure, or that a review was stored. */
export type ReportNotice =
  | { step: 'load' | 'download' | 'action' | 'signOff'; failure: ReportsFailure }
  | { step: 'action' | 'signOff'; failure: null };

export interface ReportsContext {
  stores: StoreOption[];
  choice: ReportChoice;
  report: FoodSafetyReport | null;
  notice: ReportNotice | null;
  /** The excursion or day being reviewed, and the corrective action being written. */
  pending: { target: SignOffBody; text: string };
}

const DAY_MS = 86_400_000;

/** The Reports screen's actors, guards and actions (the machine is reportsMachine.ts). */
export const reportsSetup = setup({
  types: { context: {} as ReportsContext, events: {} as ReportsEvent },
  actors: {
    // The stores to choose from and the choice the address holds (provided, see provideReports).
    loadChoices: notProvided<{ stores: StoreOption[]; choice: ReportChoice }>('loadChoices'),
    loadReport: notProvided<FoodSafetyReport, ReportQuery>('loadReport'),
    downloadReport: notProvided<{ fileName: string; blob: Blob }, ReportQuery & { format: 'pdf' | 'csv' }>('downloadReport'),
    writeCorrectiveAction: notProvided<Review, { excursion: string; text: string }>('writeCorrectiveAction'),
    signOff: notProvided<Review, SignOffBody>('signOff'),
    schedules: schedulesMachine,
    limits: limitsMachine,
  },
  guards: {
    hasStore: (_, params: { choice: ReportChoice }) => params.choice.store !== null,
    isChoiceValid: ({ context }) => {
      const { store, from, to } = context.choice;
      const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
      return store !== null && days >= 0 && days < REPORT_MAX_DAYS;
    },
    hasText: (_, params: { text: string }) => params.text.trim() !== '',
    // Signed once is signed: a second sign-off would only replace who and when.
    isUnsigned: ({ context }, params: { target: SignOffBody }) => isUnsigned(context.report, params.target),
  },
  actions: {
    assignChoices: assign((_, params: { stores: StoreOption[]; choice: ReportChoice }) => params),
    chooseStore: assign(({ context }, params: { store: string }) => ({
      choice: { ...context.choice, store: params.store },
    })),
    choosePeriod: assign(({ context }, params: { from: string; to: string }) => ({
      choice: { ...context.choice, ...params },
    })),
    assignReport: assign((_, params: { report: FoodSafetyReport }) => ({ report: params.report })),
    mergeReview: assign(({ context }, params: { review: Review }) => ({
      report: context.report && mergeReview(context.report, context.pending.target, params.review),
    })),
    noteFailure: assign((_, params: { step: ReportNotice['step']; error: unknown }) => ({
      notice: { step: params.step, failure: failureOf<ReportsFailure>(params.error) },
    })),
    noteStored: assign((_, params: { step: 'action' | 'signOff' }) => ({
      notice: { step: params.step, failure: null },
    })),
    clearNotice: assign({ notice: null }),
    assignPending: assign((_, params: { target: SignOffBody; text?: string }) => ({
      pending: { target: params.target, text: params.text?.trim() ?? '' },
    })),
    // Writes the choice into the address, so a link or a reload opens the same report (provided).
    rememberChoice: (_, _params: ReportChoice) => {},
    // Hands the downloaded document to the browser (provided).
    saveFile: (_, _params: { fileName: string; blob: Blob }) => {},
  },
});
