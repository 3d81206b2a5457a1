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
    let topics = this.byDevice.get(device);
    if (packet.payload.length === 0) {
      topics?.delete(packet.topic);
      return true;
    }
    if (!topics) this.byDevice.set(device, (topics = new Set()));
    // Most retained messages replace one on a topic already counted.
    if (topics.has(packet.topic)) return true;
    if (topics.size >= this.maxPerDevice) return false;
    topics.add(packet.topic);
    return true;
  }
}
