import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import { DepartmentNamesRequest, type DeviceTreeItem } from '#contracts';

/** One endpoint whose requests are parsed by their contract, recorded, and held until the path answers them. */
export interface HeldEndpoint<Body> {
  /** Bodies received, in order. */
  requests: Body[];
  waiting(): boolean;
  /** Answers the newest waiting request (an older one belongs to a page already left). */
  answer(response: Response): Promise<void>;
  /** The msw resolver that records and holds. */
  respond(info: { request: Request }): Promise<Response>;
}

export function heldEndpoint<Body>(parse: (body: unknown) => Body): HeldEndpoint<Body> {
  const requests: Body[] = [];
  const waiting: ((response: Response) => void)[] = [];
  return {
    requests,
    waiting: () => waiting.length > 0,
    answer: async (response) => {
      await vi.waitFor(() => expect(waiting.length, 'a request waits for its answer').toBeGreaterThan(0));
      waiting.pop()!(response);
    },
    respond: async ({ request }) => {
      requests.push(parse(request.method === 'GET' ? undefined : await request.json()));
      return new Promise<Response>((resolve) => waiting.push(resolve));
    },
  };
}

/** The department names the sidebar reads when it opens a device: the tree's own names and statuses. */
export const treeDepartmentNames = (tree: readonly DeviceTreeItem[]) =>
  http.post('*/api/v2/devices/departments/names', async ({ request }) => {
    const departments = tree.flatMap((item) => [item, ...item.devices]).flatMap((item) => item.departments);
    const asked = v.parse(DepartmentNamesRequest, await request.json());
    return HttpResponse.json(
      asked.map(({ key }) => {
        const { name, status } = departments.find((department) => department.key === key)!;
        return { key, name, status, configuration: null };
      }),
    );
  });
