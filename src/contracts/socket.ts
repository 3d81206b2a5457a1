import * as v from 'valibot';
import { HEXACODE } from './common';
import {
  DepartmentStatusEvent,
  DeviceSilenceEvent,
  DeviceStatusEvent,
  FreshnessEvent,
  LineValuesEvent,
  MappingStatusEvent,
} from './devices';

/** Path of the live socket; the token goes in the `Authorization` query parameter. */
export const SOCKET_PATH = '/client-connect';
/**
 * The close code (WebSocket's "Service Restart") of a server going down on purpose (a deploy, a scale-in): the
 * SPA reconnects at once, to the instance that carries on, instead of waiting as after a drop.
 */
export const SERVER_RESTARTING = { code: 1012, reason: 'server restarting' } as const;
/** A department's report time advancing is pushed at most this often (its staleness changing, at once). */
export const REPORTED_RESEND_MS = 10_000;
/**
 * The close code of a socket refused because its session already holds as many live sockets as one may (a few
 * tabs' worth; 4429: HTTP's 429 in the range left to applications). The SPA says so and tries again much later
 * instead of every 15 s.
 */
export const TOO_MANY_CONNECTIONS = { code: 4429, reason: 'too many live sockets for this session' } as const;
/** The heartbeat text: the client sends it, the server echoes it unchanged. */
export const HEARTBEAT = 'ping';

export const SessionIdEvent = v.object({
  type: v.literal('SessionId'),
  payload: v.object({ id: v.string() }),
});

/** Every JSON message the server pushes (a frame carries one, or several: `messagesOfFrame`). */
export const ServerMessage = v.variant('type', [
  SessionIdEvent,
  DeviceStatusEvent,
  DepartmentStatusEvent,
  MappingStatusEvent,
  LineValuesEvent,
  FreshnessEvent,
  DeviceSilenceEvent,
]);
export type ServerMessage = v.InferOutput<typeof ServerMessage>;

/** What a client watches live: one device page (widgets add their own kinds later). */
export const PageTopic = v.object({
  kind: v.literal('page'),
  hexacode: v.pipe(v.string(), v.regex(HEXACODE, 'hexacode is invalid')),
  department: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  subDepartment: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type PageTopic = v.InferOutput<typeof PageTopic>;

export const Topic = v.variant('kind', [PageTopic]);
export type Topic = v.InferOutput<typeof Topic>;

/**
 * Client → server. `Subscribe` answers at once with the current values of the topic (a LineValues message, with
 * no lines for a topic the user may not read), then pushes changes; `Unsubscribe` stops them.
 */
export const ClientMessage = v.variant('type', [
  v.object({ type: v.literal('Subscribe'), payload: Topic }),
  v.object({ type: v.literal('Unsubscribe'), payload: Topic }),
]);
export type ClientMessage = v.InferOutput<typeof ClientMessage>;

/**
 * The messages of one parsed frame. A frame carries one message, or several as a JSON array: a flush of live
 * values sends all of a client's pages in one frame (one for the browser to receive and parse, not one a page).
 */
export const messagesOfFrame = <T>(frame: T | T[]): T[] => (Array.isArray(frame) ? frame : [frame]);
