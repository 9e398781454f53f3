// /embed.js (issue 34 §1, decision 057): what an agent pastes into their own website. Plain DOM, no framework,
// built on its own (vite.embed.config.ts) to one small file. It finds
// - inline widgets: any element with data-keyturn-agent="…" or data-keyturn-property="…" (not an opener);
// - openers: any element with data-keyturn-open, which opens the booking page in a modal <dialog>;
// - the floating "Schedule a showing" button: a <script data-keyturn-button …> tag, in data-keyturn-color;
// and listens to the frames' messages, from Keyturn's origin and from its own frames only: heights (inline
// widgets follow their content), Esc pressed inside a popup's frame, and the step / booking events, which it
// dispatches on the host page as DOM events (no personal data in any of them).
// Styles are set through the CSSOM (element.style), which a strict style-src does not block; no <style>, no
// inline handlers, no eval: a host page needs only script-src and frame-src for Keyturn's origin.
import { DEFAULT_PRIMARY_COLOR } from '@keyturn/domain/constants';
import { textColorOn } from '@keyturn/domain/contrast';
import { EMBED_HOST_EVENTS, EMBED_ORIGIN_PARAM, EMBED_TEXTS, embedPath } from '@keyturn/domain/embed';
import type { EmbedMessage, EmbedTarget } from '@keyturn/domain/embed';

const script =
  (document.currentScript as HTMLScriptElement | null) ??
  document.querySelector<HTMLScriptElement>('script[src*="/embed.js"]');
const keyturnOrigin = new URL(script?.src ?? '/', location.href).origin;
const MOUNTED = 'data-keyturn-mounted';
/** The frames this loader made, each with what to do with its messages. */
const frames = new Map<HTMLIFrameElement, { inline: boolean; close?: () => void }>();

/** Sets `css` (declarations separated by ';') through the CSSOM, which a host's strict style-src allows. */
function style(element: HTMLElement, css: string) {
  for (const declaration of css.split(';')) {
    const at = declaration.indexOf(':');
    element.style.setProperty(declaration.slice(0, at), declaration.slice(at + 1));
  }
}

function targetOf(element: Element): EmbedTarget | null {
  const property = element.getAttribute('data-keyturn-property');
  if (property) return { kind: 'property', id: property };
  const agent = element.getAttribute('data-keyturn-agent');
  return agent ? { kind: 'agent', id: agent } : null;
}

function frameFor(target: EmbedTarget, inline: boolean): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  const url = new URL(embedPath(target), keyturnOrigin);
  url.searchParams.set(EMBED_ORIGIN_PARAM, location.origin);
  frame.src = url.href;
  frame.title = EMBED_TEXTS.frameTitle;
  frame.setAttribute('allow', 'clipboard-write');
  style(frame, 'display:block;width:100%;border:0;color-scheme:normal');
  frame.style.height = inline ? '640px' : '100%';
  frames.set(frame, { inline });
  return frame;
}

function mountInline(element: Element) {
  const target = targetOf(element);
  if (!target || element.hasAttribute(MOUNTED)) return;
  element.setAttribute(MOUNTED, '');
  element.append(frameFor(target, true));
}

function openDialog(opener: HTMLElement, target: EmbedTarget) {
  const dialog = document.createElement('dialog');
  dialog.setAttribute('aria-label', EMBED_TEXTS.frameTitle);
  style(
    dialog,
    'position:fixed;inset:0;width:100%;height:100%;max-width:100%;max-height:100%;margin:0;padding:0;border:0;background:rgba(15, 23, 42, 0.6)',
  );
  const panel = document.createElement('div');
  style(
    panel,
    'position:relative;box-sizing:border-box;width:min(100% - 16px, 760px);height:calc(100% - 32px);margin:16px auto;padding-top:48px;background:#ffffff;border-radius:12px;overflow:hidden',
  );
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = '×';
  close.setAttribute('aria-label', EMBED_TEXTS.close);
  style(
    close,
    'position:absolute;top:2px;right:4px;width:44px;height:44px;font:28px/1 system-ui, sans-serif;color:#0f172a;background:transparent;border:0;cursor:pointer',
  );
  const frame = frameFor(target, false);
  const shut = () => dialog.close();
  frames.set(frame, { inline: false, close: shut });
  close.addEventListener('click', shut);
  // A click on the dimmed area around the panel closes too.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) shut();
  });
  dialog.addEventListener('close', () => {
    frames.delete(frame);
    dialog.remove();
    opener.focus();
  });
  panel.append(close, frame);
  dialog.append(panel);
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
}

function floatingButton(tag: HTMLScriptElement) {
  if (tag.hasAttribute(MOUNTED)) return;
  tag.setAttribute(MOUNTED, '');
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = EMBED_TEXTS.button;
  button.setAttribute('data-keyturn-open', '');
  for (const name of ['data-keyturn-agent', 'data-keyturn-property']) {
    const value = tag.getAttribute(name);
    if (value) button.setAttribute(name, value);
  }
  const color = tag.getAttribute('data-keyturn-color') ?? '';
  const background = /^#[0-9a-f]{6}$/i.test(color) ? color : DEFAULT_PRIMARY_COLOR;
  style(
    button,
    'position:fixed;right:16px;bottom:16px;z-index:2147483000;min-height:48px;padding:12px 20px;border:0;border-radius:9999px;font:600 16px/1.2 system-ui, sans-serif;box-shadow:0 6px 20px rgba(15, 23, 42, 0.25);cursor:pointer',
  );
  button.style.background = background;
  button.style.color = textColorOn(background);
  document.body.append(button);
}

function scan() {
  document
    .querySelectorAll(
      '[data-keyturn-agent]:not([data-keyturn-open]):not(script),' +
        '[data-keyturn-property]:not([data-keyturn-open]):not(script)',
    )
    .forEach(mountInline);
  document.querySelectorAll<HTMLScriptElement>('script[data-keyturn-button]').forEach(floatingButton);
}

// A page that pastes two snippets runs this file twice: the second run only looks for new widgets.
const loaded = window as Window & { keyturnEmbedScan?: () => void };
if (loaded.keyturnEmbedScan) {
  loaded.keyturnEmbedScan();
} else {
  loaded.keyturnEmbedScan = scan;
  document.addEventListener('click', (event) => {
    const opener = (event.target as Element | null)?.closest?.<HTMLElement>('[data-keyturn-open]');
    const target = opener && targetOf(opener);
    if (!opener || !target) return;
    event.preventDefault();
    openDialog(opener, target);
  });

  window.addEventListener('message', (event: MessageEvent<EmbedMessage>) => {
    if (event.origin !== keyturnOrigin) return;
    const frame = [...frames.keys()].find((candidate) => candidate.contentWindow === event.source);
    const data = event.data;
    if (!frame || typeof data !== 'object' || data === null) return;
    const entry = frames.get(frame);
    if (data.type === 'keyturn:resize') {
      if (entry?.inline && Number.isFinite(data.height))
        frame.style.height = `${Math.min(Math.max(Math.ceil(data.height), 200), 20000)}px`;
    } else if (data.type === 'keyturn:close') {
      entry?.close?.();
    } else if ((EMBED_HOST_EVENTS as readonly string[]).includes(data.type)) {
      // Only the step's name crosses over, whatever else a message might carry.
      const detail = data.type === 'keyturn:step' ? { step: String(data.step) } : {};
      frame.dispatchEvent(new CustomEvent(data.type, { bubbles: true, detail }));
    }
  });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan);
  else scan();
}
