import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import {
  DepartmentNamesRequest,
  DepartmentNamesResponse,
  DeviceTree,
  LinesRequest,
  PagesRequest,
  PagesResponse,
  type DeviceTreeItem,
} from '#contracts';
import type { DepartmentName } from '../../../src/services/api';
import { server } from '../../ui/setup';

/** One endpoint whose requests are parsed by their contract, recorded, and held until the test answers them. */
interface HeldEndpoint<Body> {
  /** Bodies received, in order. */
  requests: Body[];
  waiting(): boolean;
  /** Answers the oldest waiting request. */
  answer(response: Response): Promise<void>;
}

function held<Body>(parse: (body: unknown) => Body) {
  const requests: Body[] = [];
  const waiting: ((response: Response) => void)[] = [];
  const respond = async ({ request }: { request: Request }) => {
    requests.push(parse(request.method === 'GET' ? undefined : await request.json()));
    return new Promise<Response>((resolve) => waiting.push(resolve));
  };
  const endpoint: HeldEndpoint<Body> = {
    requests,
    waiting: () => waiting.length > 0,
    answer: async (response) => {
      await vi.waitFor(() => expect(waiting.length, 'a request waits for its answer').toBeGreaterThan(0));
      waiting.shift()!(response);
    },
  };
  return { respond, endpoint };
}

/**
 * The devices API behind the sidebar's tree for its path tests: the tree, department names and pages are held
 * until the path answers them (from the shared contracts); line loads are only recorded (the tree never asks).
 */
export function deviceTreeServer() {
  const tree = held(() => 'GET');
  const names = held((body) => v.parse(DepartmentNamesRequest, body).map(({ key }) => key));
  const pages = held((body) => v.parse(PagesRequest, body));
  const lines: unknown[] = [];
  server.use(
    http.get('*/api/v2/devices/', tree.respond),
    http.post('*/api/v2/devices/departments/names', names.respond),
    http.post('*/api/v2/devices/departments/pages', pages.respond),
    http.post('*/api/v2/devices/pages/lines*', async ({ request }) => {
      lines.push(v.parse(LinesRequest, await request.json()));
      return HttpResponse.error();
    }),
  );
  return {
    tree: tree.endpoint,
    /** Keys of the departments each names request asked for. */
    names: names.endpoint,
    pages: pages.endpoint,
    lines,
  };
}
export type DeviceTreeServer = ReturnType<typeof deviceTreeServer>;

export const treeAnswer = (items: DeviceTreeItem[]) => HttpResponse.json(v.parse(DeviceTree, items));
export const namesAnswer = (names: DepartmentName[]) =>
  HttpResponse.json(v.parse(DepartmentNamesResponse, names));
export const pagesAnswer = (body: unknown) => HttpResponse.json(v.parse(PagesResponse, body));
/** The connection drops: no HTTP answer at all. */
export const noAnswer = () => HttpResponse.error();
