/**
 * What the isolation sweep looks for in an answer: the victims' markers and ids, and whether an answer to a victim's
 * id differs from the answer to an id nobody has.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { Probe } from './callers';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The victims' markers in the answer (headers included: a file name) and their ids the request did not send. */
export function secretsIn(
  response: LightMyRequestResponse,
  probe: Probe,
  secrets: { markers: readonly string[]; ids: readonly string[] },
): { markers: string[]; ids: string[] } {
  const answer = `${JSON.stringify(response.headers)}${response.body}`;
  const sent = `${probe.path}?${probe.query ?? ''} ${probe.body ?? ''}`;
  return {
    markers: secrets.markers.filter((marker) => answer.includes(marker)),
    ids: secrets.ids.filter((id) => answer.includes(id) && !sent.includes(id)),
  };
}

/**
 * An answer with what legitimately differs between two requests taken out: the aimed id itself, fresh ids and
 * numbers (an import's new ids and order, versions).
 */
export const comparable = (response: LightMyRequestResponse, id: string): string =>
  `${response.statusCode} ${response.body.replaceAll(id, '<id>').replace(UUID, '<uuid>').replace(/\d+/g, '0')}`;
