// English is the complete catalogue and the fallback of every other locale. One file an area keeps
// concurrent work apart; ids are unique across files (prefix them with the area). The screens before sign-in
// load only their part (guest.ts); the rest comes with the signed-in world.
import accountMail from './accountMail.json';
import accountSettings from './accountSettings.json';
import alarmHealth from './alarmHealth.json';
import audit from './audit.json';
import alarmMail from './alarmMail.json';
import alarmMarks from './alarmMarks.json';
import alarmSuppression from './alarmSuppression.json';
import alarmShelving from './alarmShelving.json';
import alarms from './alarms.json';
import alarmsUi from './alarms-ui.json';
import annotations from './annotations.json';
import dashboardEditor from './dashboardEditor.json';
import dashboardGrid from './dashboardGrid.json';
import dashboards from './dashboards.json';
import dateRange from './dateRange.json';
import escalation from './escalation.json';
import devicePage from './devicePage.json';
import foodSafety from './foodSafety.json';
import history from './history.json';
import importWizard from './importWizard.json';
import live from './live.json';
import reports from './reports.json';
import stores from './stores.json';
import support from './support.json';
import supportMail from './supportMail.json';
import switchAccount from './switchAccount.json';
import themeSettings from './themeSettings.json';
import tree from './tree.json';
import twoFactor from './twoFactor.json';
import users from './users.json';
import widgetEditor from './widgetEditor.json';
import widgets from './widgets.json';
import { guestEn } from './guest';

export const en = {
  ...guestEn,
  ...accountMail,
  ...accountSettings,
  ...alarmHealth,
  ...audit,
  ...alarmMail,
  ...alarmMarks,
  ...alarmSuppression,
  ...alarmShelving,
  ...alarms,
  ...alarmsUi,
  ...annotations,
  ...dashboardEditor,
  ...dashboardGrid,
  ...dashboards,
  ...dateRange,
  ...escalation,
  ...devicePage,
  ...foodSafety,
  ...history,
  ...importWizard,
  ...live,
  ...reports,
  ...stores,
  ...support,
  ...supportMail,
  ...switchAccount,
  ...themeSettings,
  ...tree,
  ...twoFactor,
  ...users,
  ...widgetEditor,
  ...widgets,
};
