import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AdfError, loadAdfs, parseAdf } from './loader';
import { checkRawWrite, encodeWrite, translateRaw } from './translate';

describe('ADFs', () => {
  it('loads the three shipped models', async () => {
    const adfs = await loadAdfs();
    expect([...adfs.keys()].sort()).toEqual(['BC-300', 'CC-410', 'PK-850']);
    const cc = adfs.get('CC-410')!;
    expect(cc.kindOf(1, 0)?.line(2, 1)?.key).toBe('setpoint');
  });

  it('names the file and the field of a bad ADF', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'adf-'));
    const good = (await loadAdfs()).get('CC-410')!.doc;
    const bad = structuredClone(good);
    (bad.kinds[0]!.pages[1]!.lines[0]!.scale as { factor: unknown }).factor = 'x';
    await writeFile(join(dir, 'CC-410.json'), JSON.stringify(bad));
    await expect(loadAdfs(dir)).rejects.toThrow(
      /CC-410\.json: kinds\.0\.pages\.1\.lines\.0\.scale\.factor: /,
    );
    await writeFile(join(dir, 'CC-410.json'), '{ nope');
    await expect(loadAdfs(dir)).rejects.toThrow(/CC-410\.json: not valid JSON/);
    await writeFile(join(dir, 'CC-410.json'), JSON.stringify({ ...good, model: 'OTHER' }));
    await expect(loadAdfs(dir)).rejects.toThrow(/model "OTHER" must match the file name/);
  });

  it('reads the catalogues beside the ADFs, and names a bad one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'adf-'));
    await writeFile(join(dir, 'CC-410.json'), JSON.stringify((await loadAdfs()).get('CC-410')!.doc));
    await mkdir(join(dir, 'i18n', 'de'), { recursive: true });
    await writeFile(join(dir, 'i18n', 'de', 'CC-410.json'), JSON.stringify({ Door: 'Tür' }));
    const adf = (await loadAdfs(dir)).get('CC-410')!;
    expect(adf.in('de').kindOf(1, 0)?.line(1, 6)?.name).toBe('Tür');
    // A text the catalogue lacks stays English; a language without a catalogue is English.
    expect(adf.in('DE').kindOf(1, 0)?.line(1, 1)?.name).toBe('Air temperature');
    expect(adf.in('fr')).toBe(adf);
    await writeFile(join(dir, 'i18n', 'de', 'CC-410.json'), JSON.stringify({ Door: 7 }));
    await expect(loadAdfs(dir)).rejects.toThrow(/i18n\/de\/CC-410\.json: Door: a translation must be text/);
  });

  it('refuses a writable numeric line without limits and a department of an unknown kind', () => {
    const doc = {
      model: 'X-1',
      name: 'x',
      version: 1,
      kinds: [
        {
          kind: 'k',
          name: 'k',
          pages: [
            { number: 1, name: 'p', lines: [{ number: 1, key: 'a', name: 'A', unit: '', readOnly: false }] },
          ],
        },
      ],
      departments: [{ department: 1, subDepartment: 0, name: 'd', kind: 'k' }],
    };
    expect(() => parseAdf(doc, 'x.json')).toThrow(AdfError);
    expect(() => parseAdf(doc, 'x.json')).toThrow(
      /x\.json: kinds\.0\.pages\.0\.lines\.0: a writable numeric line needs min and max/,
    );
    const kindless = {
      ...doc,
      kinds: [{ ...doc.kinds[0], pages: [] }],
      departments: [{ ...doc.departments[0], kind: 'zz' }],
    };
    expect(() => parseAdf(kindless, 'x.json')).toThrow(/every department must name a kind/);
  });
});

describe('ADF alarms', () => {
  it('names the alarm codes of a model, and refuses a code that is not one', async () => {
    const cc = (await loadAdfs()).get('CC-410')!;
    expect(cc.alarms.DOOR_OPEN).toEqual({
      name: 'Door open too long',
      delaySeconds: 0,
      suppressedByDefrost: false,
    });
    // Temperature alarms wait for the evaporator's defrost and its recovery (issue 31).
    expect(cc.alarms.HIGH_TEMPERATURE?.suppressedByDefrost).toBe(true);
    expect(cc.kindOf(1, 0)?.doc.defrost).toEqual({ line: 'defrostState', recoverySeconds: 1200 });
    expect(cc.alarmName('LONG_DEFROST')).toBe('Defrost too long');
    expect(cc.alarmName('FROST')).toBeUndefined();
    expect(() => parseAdf({ ...cc.doc, alarms: { 'high temp': { name: 'x' } } }, 'x.json')).toThrow(
      /x\.json: alarms.*alarm codes must be upper-case/,
    );
    expect(() => parseAdf({ ...cc.doc, alarms: { FROST: {} } }, 'x.json')).toThrow(/alarms\.FROST\.name/);
    const { alarms: _none, ...withoutAlarms } = cc.doc;
    expect(parseAdf(withoutAlarms, 'x.json').alarms).toEqual({});
  });
});

describe('translation', async () => {
  const adfs = await loadAdfs();
  const kind = adfs.get('CC-410')!.kindOf(1, 0)!;
  const air = kind.line(1, 1)!;
  const door = kind.line(1, 6)!;
  const setpoint = kind.line(2, 1)!;
  const mode = kind.line(1, 9)!;

  it('scales raw values and formats them with the ADF decimals', () => {
    expect(translateRaw(air, -182)).toEqual({ status: 'OK', value: '-18.2', unit: '°C' });
    expect(translateRaw(air, 0)).toEqual({ status: 'OK', value: '0.0', unit: '°C' });
    expect(translateRaw(air, null)).toEqual({ status: 'NO_DATA' });
    expect(translateRaw(door, 1)).toEqual({ status: 'OK', value: 'Open', unit: '' });
    expect(translateRaw(door, 7)).toEqual({ status: 'ERROR' });
  });

  it('encodes writes and refuses read-only, out-of-limit and invalid values with distinct reasons', () => {
    expect(encodeWrite(setpoint, '-1.5')).toEqual({ ok: true, raw: -15 });
    expect(encodeWrite(setpoint, 4)).toEqual({ ok: true, raw: 40 });
    expect(encodeWrite(air, '3')).toMatchObject({ ok: false, reason: 'READ_ONLY' });
    expect(encodeWrite(setpoint, '11')).toMatchObject({ ok: false, reason: 'OUT_OF_RANGE' });
    expect(encodeWrite(setpoint, 'warm')).toMatchObject({ ok: false, reason: 'INVALID_VALUE' });
    expect(encodeWrite(mode, 'Night')).toEqual({ ok: true, raw: 1 });
    expect(encodeWrite(mode, 2)).toEqual({ ok: true, raw: 2 });
    expect(encodeWrite(mode, 9)).toMatchObject({ ok: false, reason: 'INVALID_OPTION' });
  });

  it('checks raw writes on the device side', () => {
    expect(checkRawWrite(setpoint, -300)).toEqual({ ok: true });
    expect(checkRawWrite(setpoint, -301)).toEqual({ ok: false, reason: 'OUT_OF_RANGE' });
    expect(checkRawWrite(air, 10)).toEqual({ ok: false, reason: 'READ_ONLY' });
    expect(checkRawWrite(mode, 4)).toEqual({ ok: false, reason: 'INVALID_OPTION' });
  });
});
