import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { appVersionMachine } from '../../machines/appVersion/appVersionMachine';
import { selectIsOutdated } from '../../machines/appVersion/appVersion.selectors';
import type { connectivityMachine } from '../../machines/connectivity/connectivityMachine';
import { selectIsOffline } from '../../machines/connectivity/connectivity.selectors';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useT } from '../i18n';
import { LivePausedBanner } from '../live/LivePausedBanner';
import { Button } from '../primitives/Button';
import { useSystemActor } from '../useSystemActor';

/** The no-internet, live-data-paused and new-version banners of the main layout. */
export function Banners() {
  const t = useT();
  const connectivity = useSystemActor<ActorRefFrom<typeof connectivityMachine>>(SYSTEM_IDS.connectivity);
  const appVersion = useSystemActor<ActorRefFrom<typeof appVersionMachine>>(SYSTEM_IDS.appVersion);
  const offline = useSelector(connectivity, selectIsOffline);
  const outdated = useSelector(appVersion, selectIsOutdated);
  return (
    <>
      {offline ? (
        <p role="alert" className="bg-error px-4 py-2 text-center text-on-error">
          {t('banner.offline')}
        </p>
      ) : null}
      <LivePausedBanner within={connectivity} />
      {outdated ? (
        <div role="status" className="flex items-center justify-center gap-4 bg-info px-4 py-2 text-on-info">
          <span>{t('banner.newVersion')}</span>
          <Button
            variant="quiet"
            className="text-on-info"
            onClick={() => appVersion.send({ type: 'app.reload' })}
          >
            {t('banner.reload')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
