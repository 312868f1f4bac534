// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { FormatterFn, PredicateFn } from '../../../../src/template/plugins/api';
import { contentFormatters } from '../../../../src/template/plugins/content-formatters';
import { contentPredicates } from '../../../../src/template/plugins/content-predicates';
import { slidePredicates } from '../../../../src/template/plugins/slide-predicates';
import { fakeContext, type FakeOptions } from './fake-context';
import { render } from '../../../../src/template/index';

/** Built at run time: a literal script URL trips the linter's eval rule. */
const SCRIPT_SCHEME = ['javascript', ''].join(':');
const SCRIPT_URL = `${SCRIPT_SCHEME}alert(1)`;

function format(
  name: string,
  value: unknown,
  args: readonly string[] = [],
  options: FakeOptions = {},
): unknown {
  const fn: FormatterFn | undefined = contentFormatters[name];
  if (fn === undefined) throw new Error(`no formatter ${name}`);
  return fn(value, args, fakeContext({ node: value, ...options }), [value]);
}

function test(name: string, node: unknown, args: readonly string[] = [], options: FakeOptions = {}): boolean {
  const fn: PredicateFn | undefined = contentPredicates[name] ?? slidePredicates[name];
  if (fn === undefined) throw new Error(`no predicate ${name}`);
  return fn(fakeContext({ node, ...options }), args);
}

const altOf = (markup: unknown): string | undefined => /alt="([^"]*)"/.exec(String(markup))?.[1];

describe('image alt text', () => {
  it.each([
    ['the title', { title: 'Sunset', body: 'ignored', filename: 'f.jpg' }, 'Sunset'],
    ['the body without tags when the title is empty', { title: '', body: '<b>bold</b> text' }, ' bold  text'],
    [
      'the filename when title and body are empty',
      { title: '', body: '', filename: 'photo.jpg' },
      'photo.jpg',
    ],
    ['nothing when none is set', {}, ''],
  ])('uses %s', (_what, image, alt) => {
    expect(altOf(format('image-meta', image))).toBe(alt);
  });

  it('keeps 100,000 unclosed < of a body, cut to 250 characters', () => {
    // Each < used to be scanned to the end of the body for its >: seconds for one image.
    const run = '<'.repeat(100_000);
    expect(altOf(format('image-meta', { body: `<i>x</i>${run}` }))).toBe(` x ${'&lt;'.repeat(247)}`);
    for (const text of ['', 'a', 'b ', '.']) {
      const alt = `${text}${'&lt;'.repeat(250 - text.length)}`;
      expect(altOf(format('image-meta', { body: `${text}${run}y` }))).toBe(alt);
    }
    expect(altOf(format('image-meta', { body: `z${run}>` }))).toBe('z ');
  });

  it('cuts a long body to 250 characters once tags are stripped', () => {
    const alt = altOf(format('image-meta', { body: `<p>${'a'.repeat(400)}</p>` }));
    expect(alt).toBe(` ${'a'.repeat(249)}`);
  });

  it('uses altText, even empty, inside an image block', () => {
    const image = { title: 'Title', altText: 'Block alt' };
    expect(altOf(format('image-meta', image, [], { scopes: [{ blockType: 5 }] }))).toBe('Block alt');
    expect(altOf(format('image-meta', { title: 'Title' }, [], { scopes: [{ blockType: 5 }] }))).toBe('');
  });

  it('escapes markup in the alt text', () => {
    expect(altOf(format('image-meta', { title: '"><script>' }))).toBe('&quot;&gt;&lt;script&gt;');
  });
});

describe('image markup', () => {
  it('defaults the focal point to the centre', () => {
    expect(format('image-meta', { assetUrl: '/a.jpg' })).toContain('data-image-focal-point="0.5,0.5"');
  });

  it('flags licensed previews and carries the component key', () => {
    const meta = String(
      format('image-meta', { assetUrl: '/a.jpg', licensedAssetPreview: {}, componentKey: 'k1' }),
    );
    expect(
      meta.startsWith('data-licensed-asset-preview="true" data-component-key="k1" data-src="/a.jpg"'),
    ).toBe(true);
  });

  it('drops javascript: asset URLs', () => {
    const tag = String(format('image', { assetUrl: SCRIPT_URL, id: 'i1' }));
    expect(tag).not.toContain(SCRIPT_SCHEME);
    expect(tag).toContain('data-src=""');
  });

  it('renders a noscript fallback and the lazy image with the given class', () => {
    expect(format('image', { assetUrl: '/a.jpg', id: 'i1', title: 'T' }, ['hero'])).toBe(
      '<noscript><img src="/a.jpg" alt="T" /></noscript><img class="hero" data-src="/a.jpg" data-image="/a.jpg" ' +
        'data-image-dimensions="" data-image-focal-point="0.5,0.5" alt="T" data-load="false" data-image-id="i1" data-type="image" />',
    );
  });

  it('reads child image meta by index and prints nothing past the end', () => {
    const parent = { items: [{ title: 'first' }, { title: 'second', assetUrl: '/b.jpg' }] };
    expect(altOf(format('child-image-meta', parent, ['1']))).toBe('second');
    expect(format('child-image-meta', parent, ['5'])).toBe('');
  });
});

describe('image-srcset', () => {
  it.each([
    ['100w,300w', '/a.jpg?format=100w 100w,/a.jpg?format=300w 300w,/a.jpg?format=original 500w'],
    [
      '1500x983,1000w,1500w',
      '/a.jpg?format=1000w 1000w,/a.jpg?format=1500w 1500w,/a.jpg?format=original 2500w',
    ],
    ['1500w,2500w', '/a.jpg?format=1500w 1500w,/a.jpg?format=2500w 2500w'],
    ['150w,350w', '/a.jpg?format=150w 150w,/a.jpg?format=350w 350w'],
  ])('lists %s', (variants, list) => {
    expect(format('image-srcset', { assetUrl: '/a.jpg', systemDataVariants: variants })).toBe(
      `srcset="${list}"`,
    );
  });

  it('prints nothing without width variants', () => {
    expect(format('image-srcset', { assetUrl: '/a.jpg', systemDataVariants: '' })).toBe('');
  });
});

describe('image sizes', () => {
  it.each([
    ['width', '800x400', [], '800'],
    ['height', '800x400', [], '400'],
    ['resizedHeightForWidth', '400x100', ['50'], '12'],
    ['resizedWidthForHeight', '250x175', ['50'], '71'],
    ['squarespaceThumbnailForWidth', '10x10', ['100'], '100w'],
    ['squarespaceThumbnailForWidth', '10x10', ['101'], '300w'],
    ['squarespaceThumbnailForWidth', '10x10', ['301'], '500w'],
    ['squarespaceThumbnailForWidth', '10x10', ['501'], '750w'],
    ['squarespaceThumbnailForWidth', '10x10', ['751'], '1000w'],
    ['squarespaceThumbnailForWidth', '10x10', ['1001'], '1500w'],
    ['squarespaceThumbnailForWidth', '10x10', ['4000'], '1500w'],
    ['squarespaceThumbnailForHeight', '400x100', ['50'], '300w'],
  ])('%s of %s %j is %s', (name, size, args, expected) => {
    expect(format(name, size, args)).toBe(expected);
  });

  it.each(['resizedHeightForWidth', 'resizedWidthForHeight', 'squarespaceThumbnailForHeight'])(
    '%s rejects a size that is not WxH',
    (name) => {
      expect(format(name, 'big', ['50'])).toBe("Invalid source parameter. Pass in 'originalSize'");
    },
  );

  it.each([
    ['width', 'big', undefined],
    ['height', { originalSize: '10x20' }, undefined],
    ['width', 'abcxdef', 'NaN'],
    ['height', '1.5x2.5', '2'],
    ['width', '-3x-4', '-3'],
  ])('%s of %j (not an image size) gives %j', (name, value, expected) => {
    expect(format(name, value, [])).toBe(expected);
  });
});

describe('colours', () => {
  it.each([
    ['#fff', 'light'],
    ['888', 'light'],
    ['#808080', 'light'],
    ['#7f7f7f', 'dark'],
    ['#000000', 'dark'],
    ['not a colour', ''],
  ])('color-weight of %s is %s', (color, weight) => {
    expect(format('color-weight', color)).toBe(weight);
  });

  it.each([
    [{ hue: 200, saturation: 0.3, lightness: 0.5 }, 'hsl(200, 30%, 50%)'],
    [{ hue: 200, saturation: 0.3, lightness: 0.5, alpha: 0.555 }, 'hsla(200, 30%, 50%, 0.56)'],
    [{ saturation: 0.3, lightness: 0.5 }, 'Missing an H/S/L value.'],
    [{ hue: 361, saturation: 0.3, lightness: 2 }, 'Hue out of bounds. Lightness out of bounds.'],
  ])('website-color of %j is %s', (color, css) => {
    expect(format('website-color', color)).toBe(css);
  });

  it.each([
    [[], 'data-color-topLeft="#111" data-color-center="#555"'],
    [['center'], '#555'],
    [['center', 'color'], 'color: #555'],
    [['bottomRight'], '"bottomRight" not found.'],
  ])('image-color %j', (args, expected) => {
    expect(format('image-color', { colorData: { topLeftAverage: '111', centerAverage: '555' } }, args)).toBe(
      expected,
    );
  });

  it.each([
    ['a CSS declaration', '000;background-image:url(//x.example/t)'],
    ['an attribute breakout', '"><img src=x onerror=alert(1)>'],
    ['a non-hex word', 'red'],
  ])('image-color treats %s as a missing colour', (_what, color) => {
    const json = { img: { colorData: { topLeftAverage: color, centerAverage: '555' } } };
    const { output } = render('{img|image-color topLeft background-color}|{img|image-color}', json);
    expect(output).toBe('"topLeft" not found.|data-color-center="#555"');
  });
});

describe('video and audio', () => {
  const video = {
    oembed: { html: '<iframe src="x"></iframe>', providerName: 'vimeo' },
    overlay: true,
    assetUrl: '/poster.jpg',
    mainImageId: 'm1',
    colorData: { topLeftAverage: 'abc' },
  };

  it('escapes the embed HTML into a data attribute', () => {
    expect(format('video', video)).toContain('data-html="&lt;iframe src=&quot;x&quot;&gt;&lt;/iframe&gt;"');
  });

  it('adds lower-case colour attributes to the overlay image on request', () => {
    expect(format('video', video, ['color-data'])).toContain('data-color-topleft="#abc" />');
    expect(format('video', video)).not.toContain('data-color');
  });

  it('marks an overlay without a thumbnail', () => {
    expect(format('video', { ...video, mainImageId: undefined })).toContain(
      'class="sqs-video-overlay no-thumb"',
    );
  });

  it('renders the audio player placeholder', () => {
    expect(format('audio-player', { id: 'a1', structuredContent: { audioAssetUrl: '/s.mp3' } })).toContain(
      '<div class="squarespace-audio-player" data-audio-asset-url="/s.mp3" data-item-id="a1" id="audio-player-a1"></div>',
    );
  });
});

describe('other content formatters', () => {
  it.each([
    [125000, '2:05'],
    [5000, '0:05'],
    [3725000, '62:05'],
  ])('humanizeDuration of %d ms is %s', (ms, text) => {
    expect(format('humanizeDuration', ms)).toBe(text);
  });

  it('prefixes the base URL', () => {
    expect(format('AbsUrl', 'blog', [], { scopes: [{ 'base-url': 'https://x.test' }] })).toBe(
      'https://x.test/blog',
    );
  });

  it('lists item classes with slugs, index, feature and stock state', () => {
    const item = {
      promotedBlockType: 'Big Video',
      categories: ['Foo & Bar!'],
      tags: ['New'],
      author: { displayName: 'Jo Do' },
      recordTypeLabel: 'store-item',
      starred: true,
      recordType: 11,
      structuredContent: { productType: 1, variants: [{ onSale: true, qtyInStock: 0 }] },
    };
    expect(format('item-classes', item, [], { bindings: { '@index': 3 } })).toBe(
      'hentry promoted promoted-block-big-video category-foo-bar tag-new author-jo-do post-type-store-item ' +
        'article-index-3 featured on-sale sold-out',
    );
  });

  it('does not call unlimited or digital products sold out', () => {
    const unlimited = {
      recordType: 11,
      structuredContent: { productType: 1, variants: [{ unlimited: true }] },
    };
    const digital = { recordType: 11, structuredContent: { productType: 2, variants: [] } };
    expect(format('item-classes', unlimited)).toBe('hentry');
    expect(format('item-classes', digital)).toBe('hentry');
  });

  it.each([
    ['unlimited read as a flag', { productType: 1, variants: [{ unlimited: 'true' }] }, 'hentry', '||'],
    ['a paywall, which holds no stock', { productType: 5, variants: [] }, 'hentry', '||'],
    [
      'a sale flag read as a flag',
      { productType: 1, variants: [{ qtyInStock: 3, onSale: 'true' }] },
      'hentry on-sale',
      '|OS|<div class="product-mark sale">sale</div>',
    ],
    ['a gift card with a variant on sale', { productType: 4, variants: [{ onSale: true }] }, 'hentry', '||'],
    [
      'sold out and on sale: both, as the predicates, while the mark says sold out',
      { productType: 1, variants: [{ onSale: true, qtyInStock: 0 }] },
      'hentry on-sale sold-out',
      'SO|OS|<div class="product-mark sold-out">sold out</div>',
    ],
  ])('marks %s as sold-out? and on-sale? say', (_what, structuredContent, classes, state) => {
    const template = '{@|item-classes}|{.sold-out?}SO{.end}|{.on-sale?}OS{.end}|{@|product-status}';
    const json = { recordType: 11, structuredContent };
    expect(render(template, json, { locale: 'en' }).output).toBe(`${classes}|${state}`);
  });
});

describe('content predicates', () => {
  it.each([
    [{}, true],
    [{ folderBehavior: 1 }, true],
    [{ folderBehavior: 2 }, true],
    [{ folderBehavior: 0 }, false],
    [{ folderBehavior: -1 }, false],
  ])('clickable? of %j is %s', (node, expected) => {
    expect(test('clickable?', node)).toBe(expected);
  });

  it.each([
    ['main-image?', { systemDataId: 's' }, true],
    ['main-image?', { mainImageId: '' }, false],
    ['excerpt?', { excerpt: { html: ' <p>x</p> ' } }, true],
    ['excerpt?', { excerpt: '   ' }, false],
    ['excerpt?', { excerpt: 12 }, false],
    ['passthrough?', { passthrough: true, sourceUrl: '' }, false],
    ['location?', { location: { mapLat: 0, mapLng: 0 } }, true],
    ['location?', { location: { mapLat: 1 } }, false],
    ['collection?', { collection: {} }, false],
    ['folder?', { collection: { folder: true } }, true],
    ['index?', { collection: { folder: true, folderBehavior: 1 } }, true],
    ['index?', { collection: { folder: false, folderBehavior: 1 } }, false],
    ['collection-page?', { collection: { type: 10 } }, true],
    ['show-past-events?', { showPastOrUpcomingEvents: 'past' }, true],
    ['serviceNameEmail?', { serviceName: 'email' }, true],
    ['has-multiple?', [1, 2], true],
    ['has-multiple?', [1], false],
    ['store-item?', { recordType: 11 }, true],
    ['event?', { recordType: 12 }, true],
    ['gallery-design-slider?', { options: { design: 'slider' } }, true],
    ['gallery-meta-position-top-left?', { options: { 'meta-position': 'top-left' } }, true],
    ['gallery-lightbox?', { options: {} }, false],
    ['promotedVIDEO?', { promotedBlockType: 'video' }, true],
    ['background-source-video?', { backgroundSource: 3 }, true],
  ])('%s of %j is %s', (name, node, expected) => {
    expect(test(name, node)).toBe(expected);
  });

  it('compares event days in the website time zone', () => {
    // 2013-11-15 23:30 and 2013-11-16 00:30 in UTC; both on 15 November in New York.
    const event = { startDate: 1384558200000, endDate: 1384561800000 };
    expect(test('same-day?', event, [], { timeZone: 'America/New_York' })).toBe(true);
    expect(test('same-day?', event, [], { timeZone: 'UTC' })).toBe(false);
  });

  it('matches the collection type name given as argument', () => {
    expect(test('collectionTypeNameEquals?', { typeName: 'blog' }, ['blog'])).toBe(true);
    expect(test('collectionTypeNameEquals?', { typeName: 'blog' }, [])).toBe(false);
  });

  it('matches the current slice type by name', () => {
    expect(test('current-type?', { currentType: 5 }, ['gallery'])).toBe(true);
    expect(test('current-type?', { currentType: 5 }, ['video'])).toBe(false);
  });
});
