import type { AnyActorRef } from 'xstate';
import type { ClientMessage, Topic } from '#contracts';

export interface Subscription {
  key: string;
  topic: Topic;
  subscribers: AnyActorRef[];
}

/** One key per topic; hexacodes compare case-insensitively (the server may echo either case). */
export const topicKey = (topic: Pick<Topic, 'kind' | 'hexacode' | 'department' | 'subDepartment' | 'page'>) =>
  [topic.kind, topic.hexacode.toUpperCase(), topic.department, topic.subDepartment, topic.page].join(':');

export const clientMessage = (type: ClientMessage['type'], topic: Topic): string =>
  JSON.stringify({ type, payload: topic } satisfies ClientMessage);

export function addSubscriber(list: Subscription[], topic: Topic, subscriber: AnyActorRef): Subscription[] {
  const key = topicKey(topic);
  const found = list.find((s) => s.key === key);
  if (!found) return [...list, { key, topic, subscribers: [subscriber] }];
  if (found.subscribers.includes(subscriber)) return list;
  return list.map((s) => (s === found ? { ...s, subscribers: [...s.subscribers, subscriber] } : s));
}

export function removeSubscriber(
  list: Subscription[],
  topic: Topic,
  subscriber: AnyActorRef,
): Subscription[] {
  const key = topicKey(topic);
  return list
    .map((s) => (s.key === key ? { ...s, subscribers: s.subscribers.filter((r) => r !== subscriber) } : s))
    .filter((s) => s.subscribers.length > 0);
}
