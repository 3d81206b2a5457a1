import type * as v from 'valibot';
import type { Line, LineStatus, LinesRequest, PagesRequest } from '#contracts';
import type { LineView } from '../../gateway/gateway';
import type { AuthSession } from '../auth/service';
import type { BuffersService } from '../buffers/service';
import { type AccessChecks, hex } from './access-checks';
import type { GatewayAccess } from './gateway-access';

type PagesBody = v.InferOutput<typeof PagesRequest>;
type LinesBody = v.InferOutput<typeof LinesRequest>;

/** A gateway line as the API answers it (value and unit only when OK). */
function toLine(view: LineView): Line {
  const ok = view.status === 'OK';
  return {
    id: `${view.hexacode}-${view.department}-${view.subDepartment}-${view.page}-${view.number}`,
    number: view.number,
    lineNumber: view.number,
    status: view.status,
    value: ok ? (view.value ?? null) : null,
    unit: ok ? (view.unit ?? null) : null,
    name: view.name,
    customName: null,
    page: view.page,
    pageNumber: view.page,
    hexacode: view.hexacode,
    department: view.department,
    subDepartment: view.subDepartment,
    readOnly: view.readOnly,
    options: view.options ?? [],
    isFactorySettings: view.isFactorySettings,
    limits: view.limits ?? null,
    availableBuffers: [],
  };
}

/** Pages of a department and the lines of a page, for the tenant's own devices only. */
export function createLineReading(deps: {
  access: GatewayAccess;
  checks: AccessChecks;
  buffers: Pick<BuffersService, 'availableFor'>;
}) {
  const { access, checks, buffers } = deps;
  return {
    async pages(
      session: AuthSession,
      request: PagesBody,
    ): Promise<{ status: LineStatus; pages: { number: number; name: string }[] }> {
      const hexacode = hex(request.hexacode);
      if (!(await checks.known(session, hexacode))) return { status: 'DEVICE_NOT_FOUND', pages: [] };
      const tenant = session.tenant.name;
      const result = await access.gateway.pages(
        { tenant, hexacode, department: request.department, subDepartment: request.subDepartment },
        session.user.languageCode,
      );
      if (result.status !== 'OK') return result;
      const online = access.gateway.isVirtual(tenant, hexacode) || access.gateway.isOnline(tenant, hexacode);
      return { status: online ? 'OK' : 'DEVICE_CAN_RECEIVED', pages: result.pages };
    },

    async lines(
      session: AuthSession,
      request: LinesBody,
      options: { refresh?: boolean } = {},
    ): Promise<{ status: LineStatus; lines: Line[] }> {
      const hexacode = hex(request.hexacode);
      if (!(await checks.known(session, hexacode))) return { status: 'DEVICE_NOT_FOUND', lines: [] };
      const tenant = session.tenant.name;
      if (options.refresh) {
        await access.gateway.refresh(tenant, hexacode, request.department, request.subDepartment);
      }
      const { department, subDepartment, page } = request;
      const result = await access.gateway.readLines(
        { tenant, hexacode, department, subDepartment, page },
        {
          factorySettings: await checks.factorySettingsAllowed(session),
          language: session.user.languageCode,
        },
      );
      const recorded = await buffers.availableFor(session, { ...request, hexacode });
      const lines = result.lines.map((view) => ({
        ...toLine(view),
        availableBuffers: recorded.get(view.number) ?? [],
      }));
      return { status: result.status, lines };
    },

    /**
     * What the lines of these pages are called in the user's language (their ADF's catalogue, a virtual
     * device's own names), as a lookup; a line of a device that is not the tenant's is not named.
     */
    async lineNames(session: AuthSession, pages: readonly PageOfDevice[]): Promise<LineNameOf> {
      const names = new Map<string, Map<number, string>>();
      const known = await checks.knownAmong(session, [...new Set(pages.map((page) => hex(page.hexacode)))]);
      const tenant = session.tenant.name;
      for (const page of pages) {
        const key = pageKey(page);
        const hexacode = hex(page.hexacode);
        if (names.has(key) || !known.has(hexacode)) continue;
        const result = await access.gateway.readLines(
          { ...page, tenant, hexacode },
          { factorySettings: true, language: session.user.languageCode },
        );
        names.set(key, new Map(result.lines.map((line) => [line.number, line.name])));
      }
      return (page, line) => names.get(pageKey(page))?.get(line);
    },
  };
}

/** A page of a device, as widget elements address it. */
export interface PageOfDevice {
  hexacode: string;
  department: number;
  subDepartment: number;
  page: number;
}
/** The name of a line of one of the pages asked for, undefined when it has none. */
export type LineNameOf = (page: PageOfDevice, line: number) => string | undefined;
const pageKey = (p: PageOfDevice) => `${hex(p.hexacode)}/${p.department}.${p.subDepartment}/${p.page}`;
