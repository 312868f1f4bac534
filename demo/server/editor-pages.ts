/**
 * The demo's site-editor pages (spec 001 §2): the editor with its five panels beside the design
 * frame, and the header and footer screen, both for the site owner.
 */
import type { FastifyRequest } from 'fastify';
import { EDITOR_COOKIES, FEATURE_FLAGS, HEX_COLOR, SCROLL_ANIMATION } from '../../src/constants';
import { isRecord } from '../../src/result';
import type { Db } from './db';
import {
  CHOICES,
  COLOR_TOKENS,
  FONT_CHOICES,
  PALETTE_SIZE,
  savedAesthetics,
  savedHeaderFooter,
} from './editor';
import { currentUser, isManager } from './http';
import { renderPage } from './render';

/** Same-origin paths only: anything else shows the shop. */
export function editorPage(db: Db, request: FastifyRequest): string {
  const query = request.query as Record<string, unknown>;
  const asked = typeof query['url'] === 'string' ? query['url'] : '/';
  const frameUrl = /^\/(?![/\\])[^\s]*$/.test(asked) ? asked : '/';
  const saved = savedAesthetics(db);
  const section = (path: string): Record<string, unknown> => {
    const value = saved[path as keyof typeof saved];
    return isRecord(value) ? value : {};
  };
  const colors = section('colors.theme');
  const animations = section('animations');
  const palette = Array.isArray(saved['colors.palette']) ? (saved['colors.palette'] as string[]) : [];
  const options = (token: string, current: unknown, labels?: Record<string, string>) =>
    Object.entries(
      labels ?? Object.fromEntries((CHOICES[token as keyof typeof CHOICES] ?? []).map((v) => [v, v])),
    ).map(([label, value]) => ({ label: labels ? label : value, value, selected: value === current }));
  const select = (path: string, token: string, label: string, labels?: Record<string, string>) => ({
    path,
    token,
    label,
    options: options(token, section(path)[token], labels),
  });
  return renderPage(db, request, 'editor', 'Editor', {
    frameUrl,
    // The editor's own cookie: the frame shown across the whole width.
    expanded: request.cookies[EDITOR_COOKIES.expandedFrame] === 'true',
    manager: isManager(currentUser(db, request)),
    patchFlag: FEATURE_FLAGS.aestheticsPatchSave,
    hexPattern: HEX_COLOR.source.replace(/^\^|\$$/g, ''),
    colors: COLOR_TOKENS.map((token) => ({
      token,
      label: token.replace('--sf-theme-', '').replace('-', ' '),
      value: typeof colors[token] === 'string' ? colors[token] : '',
    })),
    palette: Array.from({ length: PALETTE_SIZE }, (_, i) => ({ n: i + 1, value: palette[i] ?? '' })),
    fonts: [
      select('fonts.theme', '--sf-theme-font', 'Body font', FONT_CHOICES),
      select('fonts.theme', '--sf-theme-heading-font', 'Heading font', FONT_CHOICES),
    ],
    animations: {
      enabled: animations['enabled'] === true,
      duration:
        typeof animations['duration'] === 'number'
          ? animations['duration']
          : SCROLL_ANIMATION.defaultDuration,
      offset:
        typeof animations['offset'] === 'number' ? animations['offset'] : SCROLL_ANIMATION.defaultOffset,
      min: SCROLL_ANIMATION.minDuration,
      tween: SCROLL_ANIMATION.tweenMs,
      base: SCROLL_ANIMATION.defaultDuration,
    },
    buttons: [
      select('buttons', '--sf-theme-button-radius', 'Shape'),
      select('buttons', '--sf-theme-button-case', 'Letters'),
      select('buttons', '--sf-theme-button-weight', 'Weight'),
      select('buttons', '--sf-theme-button-border', 'Style'),
    ],
    tweaks: [
      select('tweaks', '--sf-theme-radius', 'Corner radius'),
      select('tweaks', '--sf-theme-gap', 'Spacing'),
    ],
    scripts: ['/demo-assets/editor.js'],
  });
}

/** The site header and footer screen (spec 001 §2), for the site owner. */
export function headerFooterPage(db: Db, request: FastifyRequest): string {
  const manager = isManager(currentUser(db, request));
  return renderPage(db, request, 'header-footer', 'Header and footer', {
    manager: manager && savedHeaderFooter(db),
    scripts: ['/demo-assets/header-footer.js'],
  });
}
