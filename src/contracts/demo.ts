import * as v from 'valibot';

/**
 * Demo-only routes, present when the simulated fleet runs in the server's process (see docs/device-protocol.md,
 * "Alarms on demand"). POST /api/v2/demo/alarms makes a simulated device of the host's tenant raise or clear an
 * alarm, exactly as if its physics had: it publishes the `alarm` message and its department status over MQTT.
 */
export const DEMO_ALARMS_PATH = '/api/v2/demo/alarms';

export const DemoAlarmRequest = v.object({
  hexacode: v.pipe(
    v.string('hexacode must be a string'),
    v.trim(),
    v.toUpperCase(),
    v.regex(/^[0-9A-F]{6,16}$/, 'hexacode must be 6 to 16 hexadecimal digits'),
  ),
  department: v.pipe(
    v.string('department must be a string'),
    v.regex(/^\d{1,3}\.\d{1,3}$/, 'department must be like 1.0'),
  ),
  code: v.pipe(
    v.string('code must be a string'),
    v.regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'code must be upper-case letters, digits and _, at most 64'),
  ),
  raised: v.boolean('raised must be true or false'),
});
export type DemoAlarmRequest = v.InferOutput<typeof DemoAlarmRequest>;
