/// <reference types="vite/client" />
/**
 * Setup file of the UI projects under Stryker. Its perTest coverage credits code that first runs during a test
 * to that test alone; the views behind React.lazy (the signed-in layout, the widget renderers) load during the
 * first test that renders them, so their code and the machine selectors they import would be tried against that
 * one test only, and survive. Loaded here, before any test, their mutants are tried against every test.
 */
import.meta.glob(['../../src/ui/layout/MainLayout.tsx', '../../src/ui/widgets/*/Renderer.tsx'], {
  eager: true,
});
