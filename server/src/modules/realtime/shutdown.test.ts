import { expect, it } from 'vitest';
import { SERVER_RESTARTING } from '#contracts';
import { describeEachBackend } from '../../testing/backends';
import { hostOf, tokenOf, secondInstance, useTestApp } from '../../testing/app';
import { eventually } from '../../testing/wait';

describeEachBackend('shutting down', (backend) => {
  const ctx = useTestApp(backend, { devices: true });

  it('closes the live sockets with the code that tells browsers to reconnect at once, elsewhere', async () => {
    // An instance of its own, over the same database and devices, to be shut down.
    const instance = await secondInstance(ctx);
    const token = await tokenOf(instance, 'operator', 'Operator123');
    let opened = false;
    const ws = await instance.injectWS(
      `/client-connect?Authorization=${token}`,
      { headers: { host: hostOf('demo') } },
      { onInit: (socket) => void socket.once('message', () => (opened = true)) },
    );
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    await eventually(() => opened, { what: 'SessionId' });
    await instance.close();
    expect(await closed).toEqual(SERVER_RESTARTING);
  });
});
