import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { selectShowsRecords, selectSwitching } from '../../../machines/switchAccount/switchAccount.selectors';
import type { switchAccountMachine } from '../../../machines/switchAccount/switchAccountMachine';
import { useT } from '../../i18n';
import { Button } from '../../primitives/Button';
import { Dialog } from '../../primitives/Dialog';
import { AccountsPanel } from './AccountsPanel';
import { RecordsPanel } from './RecordsPanel';

const TAB =
  'rounded-t px-4 py-2 font-medium data-hover:bg-muted/15 data-selected:border-b-2 data-selected:border-primary';

/** SPEC §2 switch account: the tenant's accounts to act as, and the record of every switch and switch back. */
export default function SwitchAccountDialog({ actor: anyActor }: { actor: AnyActorRef }) {
  const actor = anyActor as ActorRefFrom<typeof switchAccountMachine>;
  const t = useT();
  const showsRecords = useSelector(actor, selectShowsRecords);
  const switching = useSelector(actor, selectSwitching);
  const close = () => {
    if (!switching) actor.send({ type: 'switchAccount.close' });
  };
  return (
    <Dialog
      title={t('switchAccount.title')}
      width="max-w-[800px]"
      onClose={close}
      onSubmit={close}
      footer={
        <Button type="submit" disabled={switching}>
          {t('switchAccount.close')}
        </Button>
      }
    >
      <TabGroup
        selectedIndex={showsRecords ? 1 : 0}
        onChange={(index) =>
          actor.send({ type: index === 1 ? 'switchAccount.showRecords' : 'switchAccount.showAccounts' })
        }
      >
        <TabList aria-label={t('switchAccount.tabs')} className="mb-3 flex gap-2 border-b border-muted/30">
          <Tab className={TAB} disabled={switching}>
            {t('switchAccount.accountsTab')}
          </Tab>
          <Tab className={TAB} disabled={switching}>
            {t('switchAccount.recordsTab')}
          </Tab>
        </TabList>
        <TabPanels>
          <TabPanel>
            <AccountsPanel actor={actor} />
          </TabPanel>
          <TabPanel>
            <RecordsPanel actor={actor} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </Dialog>
  );
}
