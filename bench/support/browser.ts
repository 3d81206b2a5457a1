export { launchBrowser as launchBrowserForBench } from '../../tests/e2e/support/chromium';
