// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { FormatterFn, PredicateFn } from '../../../../src/template/plugins/api';
import { socialFormatters } from '../../../../src/template/plugins/social-formatters';
import { socialPredicates } from '../../../../src/template/plugins/social-predicates';
import { fakeContext, type FakeOptions } from './fake-context';

/** Built at run time: a literal script URL trips the linter's eval rule. */
const SCRIPT_SCHEME = ['javascript', ''].join(':');
const SCRIPT_URL = `${SCRIPT_SCHEME}alert(1)`;

function format(name: string, value: unknown, options: FakeOptions = {}): unknown {
  const fn: FormatterFn | undefined = socialFormatters[name];
  if (fn === undefined) throw new Error(`no formatter ${name}`);
  return fn(value, [], fakeContext({ node: value, ...options }), [value]);
}

function test(name: string, node: unknown, options: FakeOptions = {}): boolean {
  const fn: PredicateFn | undefined = socialPredicates[name];
  if (fn === undefined) throw new Error(`no predicate ${name}`);
  return fn(fakeContext({ node, ...options }), []);
}

describe('comment count', () => {
  it.each([
    [0, 'No Comments'],
    [1, '1 Comment'],
    [2, '2 Comments'],
    [undefined, 'No Comments'],
  ])('%s comments read %s', (count, text) => {
    expect(format('comment-count', { publicCommentCount: count })).toBe(text);
  });
});

describe('comment link and thread', () => {
  const item = { id: 'i1', fullUrl: '/blog/post', publicCommentCount: 3, commentState: 1 };

  it('links to the comment anchor with the count', () => {
    expect(format('comment-link', item)).toBe(
      '<a href="/blog/post#comments-i1" class="sqs-comment-link" data-id="i1">\n  3\n  Comments\n  </a>',
    );
  });

  it('links to the external thread when the site uses one', () => {
    const scopes = [{ websiteSettings: { disqusShortname: 'site' } }];
    expect(format('comment-link', item, { scopes })).toBe(
      '<a href="/blog/post" class="sqs-comment-link sqs-disqus-comment-link" data-id="i1"></a>',
    );
    expect(format('comments', item, { scopes })).toBe(
      '<div class="squarespace-comments" id="disqus_thread"></div>',
    );
  });

  it('never emits a javascript: link', () => {
    expect(format('comment-link', { ...item, fullUrl: SCRIPT_URL })).not.toContain(SCRIPT_SCHEME);
  });

  it('names the item or the collection that owns the thread', () => {
    expect(format('comments', item, { scopes: [{ item }] })).toBe(
      '<div class="squarespace-comments" id="comments-i1" data-item-id="i1" data-public-comment-count="3" data-comment-state="1"></div>',
    );
    expect(format('comments', item, { scopes: [{ collection: item }] })).toContain('data-collection-id="i1"');
  });
});

describe('likes, sharing and following', () => {
  it('shows the like button only when simple liking is on', () => {
    const item = { id: 'i1', likeCount: 4 };
    expect(
      format('like-button', item, { scopes: [{ websiteSettings: { simpleLikingEnabled: true } }] }),
    ).toContain('<span class="sqs-simple-like" data-item-id="i1" data-like-count="4">');
    expect(format('like-button', item)).toBe('');
  });

  it('renders share buttons only when the site has share options', () => {
    const item = {
      mainImageId: 'm1',
      mainImage: { assetUrl: '/i.jpg' },
      recordType: 1,
      title: 'A "quote"',
      fullUrl: '/p',
    };
    const scopes = [{ website: { shareButtonOptions: ['x'] } }];
    expect(format('social-button-inline', item, { scopes })).toBe(
      '<span class="squarespace-social-buttons inline-style" data-system-data-id="m1" data-asset-url="/i.jpg" ' +
        'data-record-type="1" data-full-url="/p" data-title="A &quot;quote&quot;"></span>',
    );
    expect(format('social-button', item)).toBe('');
  });

  it.each([
    [{ userName: 'shop' }, 'shop'],
    [{ userName: '', profileUrl: 'https://twitter.com/store/' }, 'store'],
    [{ userName: '<b>' }, '&lt;b&gt;'],
  ])('follow button for %j names %s', (account, name) => {
    expect(format('twitter-follow-button', account)).toContain(`data-username="${name}"`);
  });
});

describe('google-calendar-url', () => {
  it('carries title, UTC compact times and the joined address', () => {
    const event = {
      title: 'Launch & party',
      startDate: 1384518630000,
      endDate: 1384518716400,
      location: { addressLine1: '1 Main St.', addressLine2: '', addressCountry: 'US' },
    };
    expect(format('google-calendar-url', event)).toBe(
      'http://www.google.com/calendar/event?action=TEMPLATE&text=Launch%20%26%20party' +
        '&dates=20131115T123030Z/20131115T123156Z&location=1%20Main%20St.%2C%20US',
    );
  });
});

describe('activate-twitter-links', () => {
  it.each([
    ['hi @shop', 'hi <a target="new" href="https://twitter.com/shop/">@shop</a>'],
    ['#sale now', '<a target="new" href="https://twitter.com/hashtag/sale?src=hash">#sale</a> now'],
    [
      'see https://x.test/a?b=1&c=2',
      'see <a target="new" href="https://x.test/a?b=1&amp;c=2">https://x.test/a?b=1&amp;c=2</a>',
    ],
    ['mail me@x.test', 'mail me@x.test'],
    ['<script>x</script>', '&lt;script&gt;x&lt;/script&gt;'],
    [SCRIPT_URL, SCRIPT_URL],
    [
      'See (http://example.org/a), now.',
      'See (<a target="new" href="http://example.org/a">http://example.org/a</a>), now.',
    ],
    ['Visit http://example.com.', 'Visit <a target="new" href="http://example.com">http://example.com</a>.'],
    [
      'Go to Https://Example.com now',
      'Go to <a target="new" href="Https://Example.com">Https://Example.com</a> now',
    ],
    ['HTTP://X.ORG!', '<a target="new" href="HTTP://X.ORG">HTTP://X.ORG</a>!'],
    [
      'a http://e.org/wiki/A_(b), b',
      'a <a target="new" href="http://e.org/wiki/A_(b)">http://e.org/wiki/A_(b)</a>, b',
    ],
    [
      'http://e.org/a. #tag',
      '<a target="new" href="http://e.org/a">http://e.org/a</a>. <a target="new" href="https://twitter.com/hashtag/tag?src=hash">#tag</a>',
    ],
  ])('turns %j into %j', (text, html) => {
    expect(format('activate-twitter-links', text)).toBe(html);
  });
});

describe('social predicates', () => {
  it.each([
    [{ commentState: 1 }, [], true],
    [{ publicCommentCount: 2 }, [], true],
    [{ commentState: 2 }, [], false],
    [{ commentState: 1 }, [{ websiteSettings: {} }], false],
    [{ commentState: 1 }, [{ websiteSettings: { commentsEnabled: true } }], true],
  ])('comments? of %j with scopes %j is %s', (node, scopes, expected) => {
    expect(test('comments?', node, { scopes })).toBe(expected);
  });

  it.each([
    [{ disqusShortName: 'abc' }, true],
    [{ disqusShortName: '' }, false],
    [{}, false],
  ])('disqus? with settings %j is %s', (websiteSettings, expected) => {
    expect(test('disqus?', {}, { scopes: [{ websiteSettings }] })).toBe(expected);
  });
});
