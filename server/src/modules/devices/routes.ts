import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  DepartmentNamesRequest,
  DepartmentNamesResponse,
  DeviceConfigurationSave,
  DeviceTree,
  ErrorBody,
  LinesRequest,
  LinesResponse,
  LineWriteRequest,
  LineWriteResult,
  PagesRequest,
  PagesResponse,
  trimmed,
} from '#contracts';
import { contract } from '../../http/contracts';
import { requireGrant } from '../auth/authenticate';
import type { AuthSession } from '../auth/service';
import type { DevicesService } from './service';

/** POST /api/v2/admin/devices: what an administrator gives to register a real device in the host's tenant. */
const DeviceRegistrationRequest = v.object({
  model: trimmed('model'),
  hexacode: trimmed('hexacode'),
  name: trimmed('name'),
  group: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(120))),
});
const DeviceRegistrationResponse = v.object({ hexacode: v.string(), credential: v.string() });

const WriteRefusalBody = v.object({ ...ErrorBody.entries, ...LineWriteResult.entries });

/** Routes here run after app.authenticate, so the session is there. */
const session = (request: FastifyRequest) => request.session!;

export const devicesRoutes: FastifyPluginAsync<{ devices: DevicesService }> = async (app, { devices }) => {
  app.addHook('onRequest', app.authenticate);
  const read = { preHandler: requireGrant('DEVICES', 'READ') };
  const write = { preHandler: requireGrant('DEVICES', 'WRITE') };
  const common = { tags: ['devices'], security: true };

  for (const url of ['/api/v2/devices/', '/api/v2/devices']) {
    app.get(
      url,
      {
        ...read,
        schema: {
          ...contract({
            ...common,
            summary: 'The device tree: business groups with members, real and virtual devices, live status',
            response: { 200: DeviceTree, 401: ErrorBody, 403: ErrorBody },
          }),
          ...(url.endsWith('/') ? {} : { hide: true }),
        },
      },
      async (request) => devices.tree(session(request)),
    );
  }

  /** A read of the device API: POST of a body contract, its answer, and the errors every read can give. */
  const readRoute = <B extends v.GenericSchema, A extends v.GenericSchema>(
    url: string,
    summary: string,
    body: B,
    answer: A,
    handle: (session: AuthSession, body: v.InferOutput<B>) => Promise<v.InferOutput<A>>,
  ) =>
    app.post<{ Body: v.InferOutput<B> }>(
      url,
      {
        ...read,
        config: { changesState: false },
        schema: contract({
          ...common,
          summary,
          body,
          response: { 200: answer, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
        }),
      },
      async (request) => handle(session(request), request.body),
    );

  readRoute(
    '/api/v2/devices/departments/names',
    "Departments' names (the user's label, else the ADF's) and live status",
    DepartmentNamesRequest,
    DepartmentNamesResponse,
    (user, body) => devices.departmentNames(user, body),
  );
  readRoute(
    '/api/v2/devices/departments/pages',
    'Pages of a department, with a line status (DEVICE_NOT_FOUND, DEVICE_CAN_RECEIVED…)',
    PagesRequest,
    PagesResponse,
    (user, body) => devices.pages(user, body),
  );
  readRoute(
    '/api/v2/devices/pages/lines',
    'Lines of a page, translated through the ADF, each with its status',
    LinesRequest,
    LinesResponse,
    (user, body) => devices.lines(user, body),
  );
  readRoute(
    '/api/v2/devices/pages/lines/refresh',
    'Asks the device to republish the department (refresh command), then answers the lines',
    LinesRequest,
    LinesResponse,
    (user, body) => devices.lines(user, body, { refresh: true }),
  );

  app.put<{ Body: LineWriteRequest }>(
    '/api/v2/devices/pages/lines',
    {
      ...write,
      schema: contract({
        ...common,
        summary: 'Writes a line value: 200 only when the device accepted it',
        body: LineWriteRequest,
        response: {
          200: LineWriteResult,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: WriteRefusalBody,
          409: WriteRefusalBody,
          504: WriteRefusalBody,
        },
      }),
    },
    async (request) => devices.writeLine(session(request), request.body),
  );

  app.post<{ Body: v.InferOutput<typeof DeviceConfigurationSave> }>(
    '/api/v2/account/settings/devices',
    {
      ...read,
      schema: contract({
        tags: ['account'],
        security: true,
        summary: "The user's device names and order, and the device-configuration sorting",
        body: DeviceConfigurationSave,
        response: { 200: DeviceConfigurationSave, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      }),
    },
    async (request) => devices.saveConfiguration(session(request), request.body),
  );

  app.post<{ Body: v.InferOutput<typeof DeviceRegistrationRequest> }>(
    '/api/v2/admin/devices',
    {
      preHandler: requireGrant('SYSTEM', 'WRITE'),
      schema: contract({
        tags: ['admin'],
        security: true,
        summary: 'Registers a device in this tenant; the credential is shown only in this answer',
        body: DeviceRegistrationRequest,
        response: {
          201: DeviceRegistrationResponse,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          409: ErrorBody,
        },
      }),
    },
    async (request, reply) => {
      const { model, hexacode, name, group } = request.body;
      const registered = await devices.register(request.tenant.name, {
        model,
        hexacode,
        name,
        group: group ?? undefined,
      });
      return reply.code(201).send(registered);
    },
  );
};
