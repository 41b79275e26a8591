import DOMPurify from 'dompurify';

/** Rich text with scripts, handlers and unsafe URLs removed (links open in a new tab, no opener). */
export function safeHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
  });
  const holder = document.createElement('div');
  holder.innerHTML = clean;
  holder.querySelectorAll('a[href]').forEach((link) => {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  });
  return holder.innerHTML;
}
