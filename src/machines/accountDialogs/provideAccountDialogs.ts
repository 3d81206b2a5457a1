import { provideAccountSettings } from '../accountSettings/provideAccountSettings';
import { provideAlarmHealth } from '../alarmHealth/provideAlarmHealth';
import { provideAuditTrail } from '../auditTrail/provideAuditTrail';
import { provideEscalationPolicy } from '../escalationPolicy/provideEscalationPolicy';
import { saveFile } from '../../services/download';
import type { AppServices } from '../../services/services';
import { provideSupportRequest } from '../supportRequest/provideSupportRequest';
import { provideSwitchAccount } from '../switchAccount/provideSwitchAccount';
import { provideSwitchBack } from '../switchBack/provideSwitchBack';
import { provideThemeSettings } from '../themeSettings/provideThemeSettings';
import { provideUsers } from '../users/provideUsers';
import type { AccountDialogRegistry } from './accountDialog.types';

/**
 * The account menu's dialogs bound to the services, by name. Part of the signed-in chunk (provideSignedInWorld),
 * so the login screen does not download them. One entry per dialog; a name without one is not offered.
 */
export function provideAccountDialogs(services: AppServices): AccountDialogRegistry {
  return {
    settings: provideAccountSettings(services),
    bugReport: provideSupportRequest(services.api, 'bugReport'),
    featureRequest: provideSupportRequest(services.api, 'featureRequest'),
    theme: provideThemeSettings(services.api),
    users: provideUsers(services.api),
    alarmHealth: provideAlarmHealth(services.api),
    auditTrail: provideAuditTrail(services.api, saveFile),
    escalationPolicy: provideEscalationPolicy(services.api),
    switchAccount: provideSwitchAccount(services.api),
    switchBack: provideSwitchBack(services.api),
  };
}
