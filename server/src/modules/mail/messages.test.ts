import { describe, expect, it } from 'vitest';
import { departmentLabel } from './alarm-mail';
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

describe("a department's name in an e-mail", () => {
  const occurrence = {
    department: 1,
    subDepartment: 0,
    departmentName: 'Evaporator 1',
    departmentNames: { de: 'Verdampfer 1' },
  };
  const label = (languageCode: string, o: object = occurrence) =>
    departmentLabel(translatorFor(languageCode), o as Parameters<typeof departmentLabel>[1]);

  it("is the ADF's in the reader's language, else as it was stored", () => {
    expect(label('DE')).toBe('Verdampfer 1');
    expect(label('en')).toBe('Evaporator 1');
    expect(label('de', { ...occurrence, departmentNames: {}, departmentName: 'Frozen fish' })).toBe(
      'Frozen fish',
    );
  });
});
