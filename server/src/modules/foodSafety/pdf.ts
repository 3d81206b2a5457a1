import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { chartSpan, DAY_FIGURE_COLUMNS, type FoodSafetyDepartment, type FoodSafetyReport } from '#contracts';
import type { Wording } from './wording';

/*
 * The report as a PDF (pdfkit): a header, then a section a case with a chart of the period and its limits, the
 * daily table and the excursions with their actions and sign-offs; a footer on every page says how it was made.
 * DejaVu Sans is embedded (subset) from node_modules: it writes all eleven languages, Russian included.
 */

const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = readFileSync(join(fontDir, 'DejaVuSans.ttf'));
const BOLD = readFileSync(join(fontDir, 'DejaVuSans-Bold.ttf'));

const MARGIN = 40;
const FOOTER_SPACE = 36;
const RED = '#c62828';
const BLUE = '#1565c0';
const GREY = '#757575';

type Doc = PDFKit.PDFDocument;

export async function reportPdf(report: FoodSafetyReport, words: Wording): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    bufferPages: true,
    info: { Title: `${words.t('foodSafety.title')}: ${report.scope.name}`, Creator: 'Coldwatch' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);

  doc
    .font('bold')
    .fontSize(16)
    .text(`${words.t('foodSafety.title')}: ${report.scope.name}`);
  const period = {
    from: words.dateTime(report.from),
    to: words.dateTime(report.to),
    timeZone: report.timeZone,
  };
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(GREY)
    .text(words.t('foodSafety.period', period))
    .fillColor('black');
  report.departments.forEach((d, i) => {
    if (i > 0) doc.addPage();
    else doc.moveDown();
    section(doc, d, report, words);
  });
  footers(doc, report, words);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function section(doc: Doc, d: FoodSafetyDepartment, report: FoodSafetyReport, words: Wording): void {
  doc
    .font('bold')
    .fontSize(13)
    .text(`${d.name} — ${d.deviceName} (${d.hexacode} ${d.department}.${d.subDepartment})`);
  doc
    .font('regular')
    .fontSize(9)
    .text(`${words.t('foodSafety.limit')}: ${words.limit(d.limit)}`);
  doc.text(
    words.t('foodSafety.grace', {
      degrees: words.number(d.limit.graceDegrees),
      minutes: d.limit.graceMinutes,
    }),
  );
  if (d.interval === null) doc.fillColor(RED).text(words.t('foodSafety.notRecorded')).fillColor('black');
  doc.moveDown(0.5);
  chart(doc, d, Date.parse(report.from), Date.parse(report.to), words);
  dailyTable(doc, d, words);
  excursionList(doc, d, words);
}

/** Hourly (or coarser) min–max bars of the period, the limits as red lines; hours without data stay empty. */
function chart(doc: Doc, d: FoodSafetyDepartment, from: number, to: number, words: Wording): void {
  const width = doc.page.width - 2 * MARGIN;
  const height = 90;
  const top = doc.y;
  const { lo, hi } = chartSpan(d);
  const y = (x: number) => top + height - ((x - lo) / (hi - lo)) * height;
  const x = (at: number) => MARGIN + ((at - from) / (to - from)) * width;
  doc.lineWidth(0.5).strokeColor(GREY).rect(MARGIN, top, width, height).stroke();
  // One path of all the bars, stroked once: a stroke a bar costs a set of PDF operators each.
  for (const [at, min, max] of d.chart)
    doc.moveTo(x(at), y(min)).lineTo(x(at), Math.min(y(max), y(min) - 0.5));
  doc.lineWidth(1).strokeColor(BLUE).stroke();
  doc.strokeColor(RED).dash(3, { space: 2 });
  for (const limit of [d.limit.high, d.limit.low]) {
    if (limit !== null)
      doc
        .moveTo(MARGIN, y(limit))
        .lineTo(MARGIN + width, y(limit))
        .stroke();
  }
  doc.undash().strokeColor('black').fillColor(GREY).fontSize(7);
  doc.text(`${hi} °C`, MARGIN + 2, top + 2, { lineBreak: false });
  doc.text(`${lo} °C`, MARGIN + 2, top + height - 9, { lineBreak: false });
  doc.text(words.dateTime(from), MARGIN, top + height + 2, { lineBreak: false });
  doc.text(words.dateTime(to), MARGIN, top + height + 2, { width, align: 'right', lineBreak: false });
  doc.fillColor('black').text('', MARGIN, top + height + 14);
}

const COLUMNS = [...DAY_FIGURE_COLUMNS, 'foodSafety.excursionCount', 'foodSafety.signedOffBy'] as const;
/** Each column's width in points: together the A4 page's width between its margins (515). */
const WIDTH: Record<(typeof COLUMNS)[number], number> = {
  'foodSafety.date': 62,
  'foodSafety.min': 38,
  'foodSafety.max': 38,
  'foodSafety.avg': 44,
  'foodSafety.inLimits': 48,
  'foodSafety.outOfLimits': 52,
  'foodSafety.defrost': 46,
  'foodSafety.withoutData': 56,
  'foodSafety.excursionCount': 50,
  'foodSafety.signedOffBy': 81,
};

function row(doc: Doc, cells: string[], font: 'regular' | 'bold', color = 'black'): void {
  const height = font === 'bold' ? 22 : 12;
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const top = doc.y;
  let left = MARGIN;
  doc.font(font).fontSize(7).fillColor(color);
  cells.forEach((cell, i) => {
    const width = WIDTH[COLUMNS[i]!];
    doc.text(cell, left, top, { width: width - 3, height, ellipsis: true });
    left += width;
  });
  doc.fillColor('black').text('', MARGIN, top + height);
}

function dailyTable(doc: Doc, d: FoodSafetyDepartment, words: Wording): void {
  row(
    doc,
    COLUMNS.map((id) => words.t(id)),
    'bold',
  );
  for (const day of d.days) {
    const without = day.gap ? `${day.minutesWithoutData} ${words.t('foodSafety.gapYes')}` : '0';
    const cells = [
      words.day(day.date),
      words.number(day.min),
      words.number(day.max),
      words.number(day.avg),
      words.number(day.timeInLimitsPct),
      String(day.minutesOutOfLimits),
      String(day.defrostMinutes),
      without,
      String(day.excursions),
      day.reviewedBy ?? '',
    ];
    row(doc, cells, 'regular', day.gap || day.minutesOutOfLimits > 0 ? RED : 'black');
  }
}

function excursionList(doc: Doc, d: FoodSafetyDepartment, words: Wording): void {
  doc.moveDown(0.5).font('bold').fontSize(10).text(words.t('foodSafety.excursions'), MARGIN);
  doc.font('regular').fontSize(8);
  if (d.excursions.length === 0) doc.text(words.t('foodSafety.noExcursions'));
  for (const e of d.excursions) {
    const lines = [
      words.t('foodSafety.excursion.when', { start: words.dateTime(e.start), end: words.dateTime(e.end) }),
      words.t('foodSafety.excursion.peak', { peak: words.number(e.peak), at: words.dateTime(e.peakAt) }),
      words.t('foodSafety.excursion.duration', {
        minutes: e.minutes,
        degreeMinutes: words.number(e.degreeMinutes),
      }),
      ...(e.interruptedByGap ? [words.t('foodSafety.excursion.gap')] : []),
      e.alarm
        ? words.t('foodSafety.excursion.alarm', {
            alarm: e.alarm.translation,
            at: words.dateTime(e.alarm.raisedAt),
          })
        : words.t('foodSafety.excursion.noAlarm'),
      e.correctiveAction
        ? words.t('foodSafety.excursion.action', { text: e.correctiveAction, by: e.correctiveActionBy ?? '' })
        : words.t('foodSafety.excursion.noAction'),
      e.reviewedBy && e.reviewedAt
        ? words.t('foodSafety.excursion.signedOff', { by: e.reviewedBy, at: words.dateTime(e.reviewedAt) })
        : words.t('foodSafety.excursion.notSignedOff'),
    ];
    doc
      .moveDown(0.3)
      .font('bold')
      .text(lines[0]!)
      .font('regular')
      .text(lines.slice(1).join('\n'), { indent: 10 });
  }
}

/** The footer of every page, written once all pages exist (it counts them). */
function footers(doc: Doc, report: FoodSafetyReport, words: Wording): void {
  const { start, count } = doc.bufferedPageRange();
  const intervals = [
    ...new Set(report.departments.flatMap((d) => (d.interval === null ? [] : [d.interval]))),
  ];
  const interval = intervals.map((seconds) => words.t('foodSafety.intervalSeconds', { seconds })).join(', ');
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const text = words.t('foodSafety.footer', {
      at: words.dateTime(report.generatedAt),
      interval: interval || '—',
      page: i - start + 1,
      pages: count,
    });
    doc.font('regular').fontSize(7).fillColor(GREY);
    doc.text(text, MARGIN, doc.page.height - MARGIN - 20, { width: doc.page.width - 2 * MARGIN });
    doc.page.margins.bottom = bottom;
  }
}
