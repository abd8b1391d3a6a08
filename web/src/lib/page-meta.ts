import { useEffect } from 'react';

export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. '/login'; the origin is the site's own. */
  path: string;
  /** Pages behind sign-in ask search engines not to index them. */
  noindex?: boolean;
}

const SITE = 'Options Academy';

function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Sets title, description, social-share tags and the canonical link for the current page. */
export function applyPageMeta(meta: PageMeta): void {
  const title = meta.title === SITE ? SITE : `${meta.title} | ${SITE}`;
  const url = new URL(meta.path, window.location.origin).toString();
  document.title = title;
  setMeta('name', 'description', meta.description);
  setMeta('name', 'robots', meta.noindex ? 'noindex, nofollow' : 'index, follow');
  setMeta('property', 'og:title', title);
  setMeta('property', 'og:description', meta.description);
  setMeta('property', 'og:type', 'website');
  setMeta('property', 'og:url', url);
  setMeta('property', 'og:site_name', SITE);
  setMeta('name', 'twitter:card', 'summary');
  setMeta('name', 'twitter:title', title);
  setMeta('name', 'twitter:description', meta.description);
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = url;
}

export function usePageMeta(meta: PageMeta): void {
  const { title, description, path, noindex } = meta;
  useEffect(() => applyPageMeta({ title, description, path, noindex }), [title, description, path, noindex]);
}
