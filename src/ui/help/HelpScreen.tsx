import { marked } from 'marked';
import guide from '../../../docs/user-guide.md?raw';
import { useLocale, useT } from '../i18n';

// Rendered once, when this chunk loads: the guide is part of the build, so it needs no server and works offline.
// It is our own text from the repository, never user input, so its HTML is shown as marked writes it.
const GUIDE_HTML = marked.parse(guide, { async: false });

/**
 * Headings, lists and code of the guide in the app's type scale; long words and addresses wrap, so the page reads
 * at 360 px without sideways scrolling.
 */
const PROSE = [
  'mx-auto max-w-prose px-4 py-6 leading-relaxed break-words sm:px-6',
  '[&_h1]:mb-4 [&_h1]:text-2xl [&_h1]:font-semibold',
  '[&_h2]:mt-8 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold',
  '[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_li]:my-1 [&_code]:rounded [&_code]:bg-muted/15 [&_code]:px-1',
].join(' ');

/** /help: the user guide (docs/user-guide.md). Its first heading is the page's heading. */
export default function HelpScreen() {
  const t = useT();
  const locale = useLocale();
  return (
    <div>
      {locale === 'en' ? null : (
        <p lang={locale} className="mx-auto max-w-prose px-4 pt-4 text-sm text-muted sm:px-6">
          {t('support.guide.englishOnly')}
        </p>
      )}
      {/* Focusable, so a keyboard can scroll a guide that has nothing else to focus (WCAG 2.1.1, axe's
          scrollable-region-focusable): the rule below does not know scrollable regions. */}
      <article
        lang="en"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label={t('support.help')}
        className={PROSE}
        dangerouslySetInnerHTML={{ __html: GUIDE_HTML }}
      />
    </div>
  );
}
