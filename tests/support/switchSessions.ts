import type { Session } from '#contracts';
import { operatorSession } from './fixtures';

/** demo's admin: SYSTEM at WRITE, so the account menu offers "Switch account". */
export const adminSession: Session = {
  token: {
    id: 'token-admin',
    authorities: [
      { authority: 'GRANT_SYSTEM', type: 'WRITE', domain: 'demo' },
      { authority: 'GRANT_DEVICES', type: 'WRITE', domain: 'demo' },
    ],
    source: null,
  },
  metadata: { ...operatorSession.metadata, username: 'admin' },
};

/** The operator's session as the server hands it to admin switching in (token.source names admin). */
export const operatorAsAdmin: Session = {
  ...operatorSession,
  token: { ...operatorSession.token, id: 'token-operator-as-admin', source: 'admin' },
};
