/** What the gateway needs to know about a registered real device. The database-backed registry comes later. */
export interface DeviceRecord {
  tenant: string;
  hexacode: string;
  name: string;
  model: string;
}

export interface DeviceDirectory {
  find(tenant: string, hexacode: string): Promise<DeviceRecord | undefined>;
}

export class MemoryDeviceDirectory implements DeviceDirectory {
  private readonly records = new Map<string, DeviceRecord>();

  constructor(records: Iterable<DeviceRecord> = []) {
    for (const r of records) this.set(r);
  }

  set(record: DeviceRecord): void {
    this.records.set(`${record.tenant}/${record.hexacode}`, record);
  }

  delete(tenant: string, hexacode: string): void {
    this.records.delete(`${tenant}/${hexacode}`);
  }

  async find(tenant: string, hexacode: string): Promise<DeviceRecord | undefined> {
    return this.records.get(`${tenant}/${hexacode}`);
  }
}
