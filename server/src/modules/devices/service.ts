import type * as v from 'valibot';
import type {
  Department,
  DepartmentNamesRequest,
  DepartmentNamesResponse,
} from '../../../../src/services/contracts';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AdfRegistry } from '../../gateway/adf/loader';
import type { Gateway } from '../../gateway/gateway';
import type { AccountService } from '../account/service';
import type { AuthSession } from '../auth/service';
import type { BuffersService } from '../buffers/service';
import { createAccessChecks, hex } from './access-checks';
import { createDeviceConfiguration, defaultConfiguration } from './device-configuration';
import { createDeviceTree } from './device-tree';
import { createLineReading } from './line-reading';
import { createLineWriting } from './line-writing';
import { registerDevice, normalizeHexacode, type Registered, type RegistrationInput } from './registration';
import type { DatabaseDeviceRegistry } from './registry';
import type { DevicesRepository } from './repository';

type NamesRequest = v.InferOutput<typeof DepartmentNamesRequest>;
type NamesResponse = v.InferOutput<typeof DepartmentNamesResponse>;

/** Lets routes and the socket reach the gateway, which exists once the broker connection is made. */
export interface GatewayAccess {
  readonly gateway: Gateway;
  readonly adfs: AdfRegistry;
  readonly registry: DatabaseDeviceRegistry;
}

/** Everything the device routes do, for the signed-in user's tenant. */
export function createDevicesService(deps: {
  db: Database;
  repository: DevicesRepository;
  account: AccountService;
  access: GatewayAccess;
  /** Lines list the buffers recording them. */
  buffers: Pick<BuffersService, 'availableFor'>;
  /** When line writes are put in the audit trail. */
  clock: Clock;
}) {
  const { repository, account, access } = deps;
  const checks = createAccessChecks({ repository, account });
  const tree = createDeviceTree(access);
  const configuration = createDeviceConfiguration({ repository, account, tree });

  return {
    async tree(session: AuthSession) {
      const { configuration: stored, ...rows } = await repository.treeRows(
        session.tenant.id,
        session.user.id,
      );
      return tree.build(session, stored ?? defaultConfiguration(), rows);
    },

    async departmentNames(session: AuthSession, request: NamesRequest): Promise<NamesResponse> {
      const { labels } = await configuration.of(session);
      const byDevice = new Map<string, Promise<Department[] | undefined>>();
      const answers: NamesResponse = [];
      for (const entry of request) {
        const hexacode = hex(entry.hexacode);
        let departments = byDevice.get(hexacode);
        if (!departments) {
          departments = checks
            .known(session, hexacode)
            .then((row) => (row ? tree.departmentsOf(session, row, labels) : undefined));
          byDevice.set(hexacode, departments);
        }
        const found = (await departments)?.find(
          (d) => d.department === entry.department && d.subDepartment === entry.subDepartment,
        );
        // Only what exists in this tenant is answered: a foreign device's departments are never named.
        if (found)
          answers.push({
            key: entry.key,
            name: found.name,
            status: found.status,
            configuration: found.configuration,
          });
      }
      return answers;
    },

    /** Names of the tenant's own devices as the user sees them (their labels first); others are left out. */
    async deviceNames(session: AuthSession, hexacodes: readonly string[]): Promise<Map<string, string>> {
      const { labels } = await configuration.of(session);
      const names = new Map<string, string>();
      for (const hexacode of new Set(hexacodes.map(hex))) {
        const row = await checks.known(session, hexacode);
        if (row) names.set(hexacode, labels[hexacode] ?? row.name);
      }
      return names;
    },

    ...createLineReading({ access, checks, buffers: deps.buffers }),
    ...createLineWriting({ access, checks, db: deps.db, clock: deps.clock }),
    saveConfiguration: configuration.save,

    async register(
      tenant: string,
      input: Omit<RegistrationInput, 'tenant' | 'credential'>,
    ): Promise<Registered> {
      const registered = await registerDevice(deps.db, access.adfs, { ...input, tenant });
      access.registry.invalidate(tenant, normalizeHexacode(input.hexacode));
      return registered;
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
