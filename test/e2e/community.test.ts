import { describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn } from '../support/cognito';
import { chromiumForFile, returningLearner, seriousViolations, signInThroughPage, watchErrors } from './browser';

const stack = inject('e2eStack');
const chrome = chromiumForFile(stack.url);

describe('community strategy sharing in Chromium', () => {
  it('A shares a spread from the builder; B finds it in the feed, opens it in the builder with its legs, and comments; A sees the comment, then deletes the post', async () => {
    const ada = await signUpAndSignIn(stack, { name: 'Ada Sharer' });
    const bob = await signUpAndSignIn(stack, { name: 'Bob Reader' });
    const title = `Bull call spread into earnings ${Date.now()}`;

    // A: build a Bull Call Spread and share it.
    const contextA = await returningLearner(chrome.browser);
    const a = await contextA.newPage();
    const errorsA = watchErrors(a);
    await signInThroughPage(a, stack.url, ada.email, ada.password);
    await a.goto(`${stack.url}/app/trading?underlying=SPY&template=bull-call-spread`);
    await a.getByTestId('leg-row').nth(1).waitFor();
    await a.getByTestId('net-premium').waitFor();
    await a.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = a.getByRole('dialog', { name: 'Share with the community' });
    await dialog.getByLabel('Title').fill(title);
    await dialog
      .getByLabel('Thesis')
      .fill('Cheaper than the call alone. <script>window.pwned=1</script> See [the docs](javascript:alert(1)) and [Cboe](https://www.cboe.com/).');
    await dialog.getByLabel(/^Tags/).fill('earnings, spreads');
    expect(await seriousViolations(a)).toEqual([]);
    await dialog.getByRole('button', { name: 'Share strategy' }).click();
    await a.waitForURL(/\/app\/community\/posts\//);
    await a.getByRole('heading', { level: 1, name: title }).waitFor();
    const postUrl = a.url();

    // B: the feed lists it; the post page shows the legs, the payoff, and the thesis rendered safely.
    const contextB = await returningLearner(chrome.browser);
    const b = await contextB.newPage();
    const errorsB = watchErrors(b);
    await signInThroughPage(b, stack.url, bob.email, bob.password);
    await b.goto(`${stack.url}/app/community`);
    const feed = b.getByRole('list', { name: 'Shared strategies' });
    await feed.getByRole('link', { name: title }).waitFor();
    expect(await seriousViolations(b)).toEqual([]);
    await feed.getByRole('link', { name: title }).click();
    await b.waitForURL(postUrl);
    await b.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await b.getByText('Shared by Ada Sharer').count()).toBe(1);
    expect(await b.getByRole('region', { name: 'Legs' }).getByRole('row').count()).toBe(3);
    const thesis = b.getByRole('region', { name: 'Thesis' });
    expect(await thesis.locator('script').count()).toBe(0);
    expect(await b.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(await thesis.getByRole('link', { name: 'the docs' }).count()).toBe(0);
    expect(await thesis.getByText('the docs').count()).toBe(1);
    expect(await thesis.getByRole('link', { name: 'Cboe' }).getAttribute('href')).toBe('https://www.cboe.com/');
    expect(await b.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(await seriousViolations(b)).toEqual([]);

    // B: useful, then a comment.
    await b.getByRole('button', { name: /^Useful/ }).click();
    await b.getByRole('button', { name: 'Useful · 1', pressed: true }).waitFor();
    await b.getByLabel('Add a comment').fill('Why this width and not the next strike up?');
    await b.getByRole('button', { name: 'Post comment' }).click();
    await b.getByText('Why this width and not the next strike up?').waitFor();

    // B: open in the builder: the legs are filled in on today's chain.
    await b.getByRole('button', { name: 'Open in builder' }).click();
    await b.waitForURL(/\/app\/trading\?.*legs=/);
    await b.getByTestId('leg-row').nth(1).waitFor();
    expect(await b.getByTestId('leg-row').count()).toBe(2);
    const reopened = new URL(b.url()).searchParams.get('legs')!.split(',');
    expect(reopened.map((l) => l.split('.').slice(0, 2).join('.'))).toEqual(['buy.call', 'sell.call']);
    // Shared today, so today's chain gives back the same strikes: the long one below the short one.
    const [longStrike, shortStrike] = reopened.map((l) => Number(/^\w+\.\w+\.([\d.]+)\.\d{4}/.exec(l)![1]));
    expect(longStrike).toBeLessThan(shortStrike!);

    // A: sees the comment on the post.
    await a.reload();
    await a.getByText('Why this width and not the next strike up?').waitFor();
    expect(await a.getByText('Bob Reader').count()).toBeGreaterThan(0);

    // A: takes the post back (asked first), lands on the feed with a word; B finds it gone.
    await a.getByRole('button', { name: 'Delete post' }).click();
    await a.getByRole('group', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete' }).click();
    await a.waitForURL(`${stack.url}/app/community`);
    await a.getByRole('status').filter({ hasText: 'Your post was deleted.' }).waitFor();
    expect(await a.getByRole('list', { name: 'Shared strategies' }).getByRole('link', { name: title }).count()).toBe(0);
    await b.goto(postUrl);
    await b.getByRole('heading', { level: 1, name: 'Strategy not found' }).waitFor();
    expect(errorsA).toEqual([]);
    expect(errorsB).toEqual([]);
    await contextA.close();
    await contextB.close();
  }, 180_000);
});
