import { createHash } from 'node:crypto';
import { and, asc, eq, max } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { businessGroups, devices, tenants, type StoredDeviceType } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import type { AdfRegistry } from '../../gateway/adf/loader';
import { generateCredential, hashCredential, MIN_CREDENTIAL_LENGTH } from '../../gateway/credentials';
import { HEXACODE } from '../../gateway/protocol';
import type { VirtualDeviceDefinition } from '../../gateway/virtual';

/** What an administrator gives to register a real device (CLI, admin API, demo seed). */
export interface RegistrationInput {
  tenant: string;
  model: string;
  hexacode: string;
  name: string;
  /** Business group name; created in the tenant when it does not exist yet. */
  group?: string | undefined;
  /** Only the demo seed passes one (its derived demo credentials); otherwise one is generated. */
  credential?: string | undefined;
}

export interface Registered {
  hexacode: string;
  /** Shown once: only its hash is stored. */
  credential: string;
}

/** Upper-cases a hexacode and checks it against the protocol's rule (6–16 hex digits). */
export function normalizeHexacode(hexacode: string): string {
  const upper = hexacode.trim().toUpperCase();
  if (!HEXACODE.test(upper)) {
    throw badRequest('INVALID_HEXACODE', 'hexacode: Hexacode must be 6 to 16 hexadecimal digits');
  }
  return upper;
}

/** A stable, hexacode-like key for a business group (its tenant and name decide it). */
function groupHexacode(tenant: string, name: string): string {
  return createHash('sha256').update(`${tenant}\u0000${name}`).digest('hex').slice(0, 8).toUpperCase();
}

type Tx = Pick<Database, 'select' | 'insert' | 'update'>;

async function tenantIdOf(db: Tx, tenant: string): Promise<string> {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, tenant)).limit(1);
  if (!row) throw notFound('TENANT_NOT_FOUND', `No tenant named '${tenant}'`);
  return row.id;
}

/** Finds or creates the business group `name` of a tenant; returns its id. */
async function ensureGroup(db: Tx, tenantId: string, tenant: string, name: string): Promise<string> {
  const trimmed = name.trim();
  if (trimmed === '') throw badRequest('VALIDATION_FAILED', 'group: Business group name is required');
  const [found] = await db
    .select({ id: businessGroups.id })
    .from(businessGroups)
    .where(and(eq(businessGroups.tenantId, tenantId), eq(businessGroups.name, trimmed)))
    .limit(1);
  if (found) return found.id;
  const [top] = await db
    .select({ n: max(businessGroups.networkNumber) })
    .from(businessGroups)
    .where(eq(businessGroups.tenantId, tenantId));
  const [created] = await db
    .insert(businessGroups)
    .values({
      tenantId,
      name: trimmed,
      hexacode: groupHexacode(tenant, trimmed),
      networkNumber: (top?.n ?? 0) + 1,
    })
    .returning({ id: businessGroups.id });
  return created!.id;
}

async function assertFree(db: Tx, tenantId: string, hexacode: string): Promise<void> {
  const [existing] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.hexacode, hexacode)))
    .limit(1);
  if (existing) throw new AppError(409, 'DEVICE_EXISTS', `A device ${hexacode} is already registered here`);
}

/** Registers a real device: checks model and hexacode, creates the group if needed, stores the credential hash. */
export async function registerDevice(
  db: Tx,
  adfs: AdfRegistry,
  input: RegistrationInput,
): Promise<Registered> {
  if (!adfs.has(input.model)) {
    throw badRequest(
      'UNKNOWN_MODEL',
      `model: No ADF for model '${input.model}' (known: ${[...adfs.keys()].join(', ')})`,
    );
  }
  const hexacode = normalizeHexacode(input.hexacode);
  const name = input.name.trim();
  if (name === '') throw badRequest('VALIDATION_FAILED', 'name: Device name is required');
  if (input.credential !== undefined && input.credential.length < MIN_CREDENTIAL_LENGTH) {
    throw badRequest('VALIDATION_FAILED', `credential: at least ${MIN_CREDENTIAL_LENGTH} characters`);
  }
  const tenantId = await tenantIdOf(db, input.tenant);
  await assertFree(db, tenantId, hexacode);
  const businessGroupId = input.group ? await ensureGroup(db, tenantId, input.tenant, input.group) : null;
  const credential = input.credential ?? generateCredential();
  await db
    .insert(devices)
    .values({
      tenantId,
      hexacode,
      model: input.model,
      name,
      type: 'REAL_DEVICE' satisfies StoredDeviceType,
      businessGroupId,
      credentialHash: hashCredential(credential),
    })
    .onConflictDoNothing()
    .returning({ id: devices.id })
    .then((rows) => {
      // Lost a race with another registration of the same hexacode.
      if (rows.length === 0)
        throw new AppError(409, 'DEVICE_EXISTS', `A device ${hexacode} is already registered here`);
    });
  return { hexacode, credential };
}

/** Registers a virtual device (its lines computed from real devices of the tenant). */
export async function registerVirtualDevice(
  db: Tx,
  input: { tenant: string; definition: VirtualDeviceDefinition; group?: string | undefined },
): Promise<void> {
  const tenantId = await tenantIdOf(db, input.tenant);
  const hexacode = normalizeHexacode(input.definition.hexacode);
  await assertFree(db, tenantId, hexacode);
  const businessGroupId = input.group ? await ensureGroup(db, tenantId, input.tenant, input.group) : null;
  await db.insert(devices).values({
    tenantId,
    hexacode,
    model: 'VIRTUAL',
    name: input.definition.name,
    type: 'VIRTUAL_DEVICE',
    businessGroupId,
    virtualDefinition: { ...input.definition, hexacode },
  });
}

export interface ListedDevice {
  tenant: string;
  hexacode: string;
  type: StoredDeviceType;
  model: string;
  name: string;
  group: string | null;
}

/** Every device (of one tenant, or of all), for the CLI. */
export async function listDevices(db: Database, tenant?: string): Promise<ListedDevice[]> {
  const rows = await db
    .select({
      tenant: tenants.name,
      hexacode: devices.hexacode,
      type: devices.type,
      model: devices.model,
      name: devices.name,
      group: businessGroups.name,
    })
    .from(devices)
    .innerJoin(tenants, eq(tenants.id, devices.tenantId))
    .leftJoin(businessGroups, eq(businessGroups.id, devices.businessGroupId))
    .where(tenant ? eq(tenants.name, tenant) : undefined)
    .orderBy(asc(tenants.name), asc(devices.hexacode));
  return rows;
}

/** Virtual device definitions of every tenant, for the gateway at start. */
export async function loadVirtualDevices(db: Database): Promise<Map<string, VirtualDeviceDefinition[]>> {
  const rows = await db
    .select({ tenant: tenants.name, definition: devices.virtualDefinition })
    .from(devices)
    .innerJoin(tenants, eq(tenants.id, devices.tenantId))
    .where(eq(devices.type, 'VIRTUAL_DEVICE'));
  const byTenant = new Map<string, VirtualDeviceDefinition[]>();
  for (const row of rows) {
    if (!row.definition) continue;
    const list = byTenant.get(row.tenant) ?? [];
    list.push(row.definition);
    byTenant.set(row.tenant, list);
  }
  return byTenant;
}
