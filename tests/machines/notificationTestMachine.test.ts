import { describe, expect, it } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { ALARM_SYSTEM_IDS } from '../../src/machines/alarms/alarmsSystem';
import type { TestNotificationSent } from '../../src/machines/alarms/notificationTest.events';
import type { NotificationPermissionState } from '../../src/services/alarmBrowser';
import { notificationTestMachine } from '../../src/machines/alarms/notificationTestMachine';
import { SYSTEM_IDS } from '../../src/machines/systemIds';
import { startBesideRecorders } from '../support/fakes/recordingNeighbours';

/**
 * The notification test with its services answering as told, beside stand-ins for the notifications actor and
 * the push switch's workflow that record what they are told.
 */
function start(permission: NotificationPermissionState, sent: () => Promise<TestNotificationSent>) {
  const logic = notificationTestMachine.provide({
    actors: {
      requestPermission: fromPromise(async () => permission),
      sendTest: fromPromise(sent),
    },
  });
  return startBesideRecorders(logic, {
    notifications: SYSTEM_IDS.notifications,
    push: ALARM_SYSTEM_IDS.push,
  });
}

const toast = (kind: string, id: string) => ({ type: 'notification.show', kind, message: { id } });

describe('notification test machine', () => {
  it('sends the test with the permission granted and says it was sent', async () => {
    const { actor, told } = start('granted', async () => 'sent');
    actor.send({ type: 'notificationTest.start' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(told.notifications).toEqual([toast('success', 'alarmsUi.testSent')]);
  });

  it('says no browser is subscribed, and subscribes this one when asked', async () => {
    const { actor, told } = start('granted', async () => 'notSubscribed');
    actor.send({ type: 'notificationTest.start' });
    await waitFor(actor, (s) => s.matches('notSubscribed'));
    expect(told.notifications, 'no toast: the dialog says it').toEqual([]);
    actor.send({ type: 'notificationTest.subscribe' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(told.push).toEqual([{ type: 'push.subscribe' }]);
  });

  it('closes the not-subscribed dialog without subscribing', async () => {
    const { actor, told } = start('granted', async () => 'notSubscribed');
    actor.send({ type: 'notificationTest.start' });
    await waitFor(actor, (s) => s.matches('notSubscribed'));
    actor.send({ type: 'notificationTest.close' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(told.push).toEqual([]);
  });

  it('says the test failed when the server fails, and shows the blocked dialog without the permission', async () => {
    const failing = start('granted', () => Promise.reject(new Error('down')));
    failing.actor.send({ type: 'notificationTest.start' });
    await waitFor(failing.actor, (s) => s.matches('idle') && failing.told.notifications.length > 0);
    expect(failing.told.notifications).toEqual([toast('error', 'alarmsUi.testFailed')]);

    const denied = start('denied', async () => 'sent');
    denied.actor.send({ type: 'notificationTest.start' });
    await waitFor(denied.actor, (s) => s.matches('blocked'));
  });
});
