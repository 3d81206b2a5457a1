import { describe, expect, it } from 'vitest';
import { translatorFor } from './messages';

const subject = (languageCode: string) =>
  translatorFor(languageCode).formatMessage(
    { id: 'alarmMail.subject.raised' },
    { alarm: 'High temperature', device: 'Case 4', department: 'Dairy' },
  );

describe("the e-mails' language", () => {
  it("is the recipient's, whatever case the code is stored in", () => {
    expect(subject('DA')).toBe('Alarm: High temperature på Case 4, Dairy');
    expect(subject('de')).not.toBe(subject('en'));
    expect(subject('EN')).toBe('Alarm: High temperature on Case 4, Dairy');
  });

  it('is English for a code the product has no catalogue for', () => {
    expect(subject('xx')).toBe(subject('en'));
  });
});
