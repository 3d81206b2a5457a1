import type { CaseAddress, FoodSafetyReport, Review, SignOffBody } from '#contracts';
import { midnightOf } from '../dateRange/dateText';
import type { ReportChoice } from './reports.events';

/** The report a choice asks for: its days from the first day's midnight to the midnight after the last (local). */
export interface ReportQuery {
  businessGroup: string;
  from: string;
  to: string;
}

export const reportRequest = (choice: ReportChoice): ReportQuery => ({
  businessGroup: choice.store ?? '',
  from: midnightOf(choice.from),
  to: midnightOf(choice.to, 1),
});

/** The case's day a day sign-off is about. */
export const dayOf = (event: CaseAddress & { date: string }): SignOffBody => ({
  hexacode: event.hexacode,
  department: event.department,
  subDepartment: event.subDepartment,
  date: event.date,
});

const sameCase = (a: CaseAddress, b: CaseAddress) =>
  a.hexacode === b.hexacode && a.department === b.department && a.subDepartment === b.subDepartment;

/** The report with the review the server stored on an excursion or a case's day. */
export function mergeReview(report: FoodSafetyReport, target: SignOffBody, review: Review): FoodSafetyReport {
  const departments = report.departments.map((department) => {
    if ('excursion' in target)
      return {
        ...department,
        excursions: department.excursions.map((e) => (e.id === target.excursion ? { ...e, ...review } : e)),
      };
    if (!sameCase(department, target)) return department;
    const { reviewedBy, reviewedAt } = review;
    return {
      ...department,
      days: department.days.map((d) => (d.date === target.date ? { ...d, reviewedBy, reviewedAt } : d)),
    };
  });
  return { ...report, departments };
}

/** Whether the excursion or the case's day is in the report and nobody has signed it off yet. */
export function isUnsigned(report: FoodSafetyReport | null, target: SignOffBody): boolean {
  const departments = report?.departments ?? [];
  if ('excursion' in target)
    return departments.some((d) => d.excursions.some((e) => e.id === target.excursion && !e.reviewedBy));
  return departments.some(
    (d) => sameCase(d, target) && d.days.some((day) => day.date === target.date && !day.reviewedBy),
  );
}
