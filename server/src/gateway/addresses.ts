/** Where a department, a page or a line of a tenant's device is: what the gateway's reads and writes take. */
export interface DepartmentAddress {
  tenant: string;
  hexacode: string;
  department: number;
  subDepartment: number;
}

export interface PageAddress extends DepartmentAddress {
  page: number;
}

export interface LineAddress extends PageAddress {
  line: number;
}
