import type { PublishPacket } from 'aedes';

/**
 * Counts the retained topics each device holds on the broker, so one device cannot fill the broker's memory with
 * retained messages on topics of its own (a department number is free text to the broker).
 */
export class RetainedTopics {
  private readonly byDevice = new Map<string, Set<string>>();

  constructor(private readonly maxPerDevice: number) {}

  /** Whether `device` may publish `packet`; a retained one is counted, an empty retained one clears its topic. */
  admits(device: string, packet: Pick<PublishPacket, 'retain' | 'topic' | 'payload'>): boolean {
    if (!packet.retain) return true;
    const topics = this.byDevice.get(device) ?? new Set<string>();
    if (packet.payload.length === 0) {
      topics.delete(packet.topic);
      return true;
    }
    if (!topics.has(packet.topic) && topics.size >= this.maxPerDevice) return false;
    topics.add(packet.topic);
    this.byDevice.set(device, topics);
    return true;
  }
}
